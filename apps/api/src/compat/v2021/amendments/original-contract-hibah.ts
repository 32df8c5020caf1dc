/**
 * The 2021 client's hibah-amendment calls (issue 20; reference §2.4, §3.2 part D / H / I, part-draft,
 * part-penerima, §4.2, §4.3; ADR 0180), as additions beside our own shapes. While amending a registered hibah that
 * client goes through the trust wizard again and changes the amendment through the HIBAH's paths; ours keep the
 * changes in the amendment's draft (ADR 0036) until the officer approves them as the hibah's next version.
 *
 * Route-level hooks (attached by `amendmentOnFlatRoutes`; the guard's permission check has run, ADR 0107). Each
 * acts only on a REGISTERED hibah (status 5) with an amendment of the caller's in the state named; anything else
 * goes on to the hibah route unchanged (a hibah being registered is never touched here):
 * - `PATCH|PUT /hibah/{id}/user-detail` with an open amendment (status 0) → the keys carried are merged into the
 *   draft's `user_detail` and the whole is checked with the hibah's own rule (`userDetailSchema`, labels accepted
 *   as ADR 0131) → `{ user_detail }` (the draft's).
 * - `PATCH|PUT|POST /hibah/{id}` carrying part D's fields and no `status`, with an open amendment → the draft's
 *   `fields` (`hibahDraftFieldsSchema`: the registration's organisation, branch and price are not amended) →
 *   `{ hibah }`: the hibah as it will read once the amendment succeeds (the live row with the draft's fields).
 * - `POST /hibah/{id}/signature { description: "Signature for draft acceptance" }` with an amendment whose draft
 *   awaits review (our status 3) → the grantor's signature of that draft (`POST amendment/{id}/signature`) →
 *   `{ signature_id }`.
 * The draft's own rules apply in each (grantor only, 403 `amendments.grantor_only`; status 0 for the draft; 422
 * per field), through the amendments service, with its audit.
 */
import {
  HIBAH_STATUS,
  hibahDraftFieldsSchema,
  hibahDraftWitnessSchema,
  signatureMethodSchema,
  userDetailSchema,
} from '@wasiat/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { newId } from '../../../db/schema/_common.ts';
import { amendments, hibahs } from '../../../db/schema/index.ts';
import type { Amendment } from '../../../modules/amendments/index.ts';
import { amendmentScope, saveDraft, signDraft } from '../../../modules/amendments/index.ts';
import { type AuthUser, requireUser } from '../../../modules/auth/index.ts';
import type { HibahContent } from '../../../modules/hibah/index.ts';
import { findVisibleHibah, serializeHibah } from '../../../modules/hibah/index.ts';
import { actorOf, parseBody } from '../../../modules/wills/index.ts';
import { type Body, type Hook, isObject } from '../calls.ts';
import { DRAFT_SIGNATURE } from '../hibah/original-contract.ts';

const carriedKeys = (b: Body) =>
  Object.fromEntries(Object.entries(b).filter(([k, v]) => k !== '_method' && v !== undefined));

/**
 * The newest amendment at one of `statuses` of registered hibah `hibahId` that `user` sees, or null (also when the
 * hibah is not visible, not registered, or not a hibah). Visibility as `GET hibah/{id}` (404 raised there).
 */
async function hibahAmendmentAt(db: Db, user: AuthUser, hibahId: string, statuses: number[]) {
  const h = await findVisibleHibah(db, user, hibahId);
  if (h.status !== HIBAH_STATUS.registered) return null;
  const [a] = await db
    .select()
    .from(amendments)
    .where(
      and(
        eq(amendments.amendmentable_type, 'Hibah'),
        eq(amendments.amendmentable_id, h.id),
        inArray(amendments.status, statuses),
        amendmentScope(user),
      ),
    )
    .orderBy(desc(amendments.created_at))
    .limit(1);
  return a ?? null;
}

/** Part I of an amendment of a hibah: one more witness of the draft → 201 `{ witness }`. */
export async function hibahDraftWitness(db: Db, req: FastifyRequest, reply: FastifyReply, a: Amendment) {
  const w = parseBody(hibahDraftWitnessSchema, { ...(req.body as Body), id: newId() });
  const existing = (a.draft as HibahContent).witnesses ?? [];
  await saveDraft(db, actorOf(req), a.id, { witnesses: [...existing, w] } as never);
  return reply
    .status(201)
    .send({ witness: { ...w, witnessable_type: 'Amendment', witnessable_id: a.id, signature: null } });
}

/** The hooks of the module comment, keyed `METHOD path` (without `/api`). */
export function hibahAmendmentHooks(ctx: Ctx): Record<string, Hook> {
  const db = ctx.db;
  const hibahId = (req: FastifyRequest) => (req.params as { id: string }).id;

  const userDetail: Hook = async (req, reply) => {
    if (!isObject(req.body)) return;
    const a = await hibahAmendmentAt(db, requireUser(req), hibahId(req), [0]);
    if (!a) return;
    const current = ((a.draft as HibahContent).user_detail ?? {}) as Body;
    const merged = parseBody(userDetailSchema, { ...current, ...carriedKeys(req.body) });
    const after = await saveDraft(db, actorOf(req), a.id, { user_detail: merged } as never);
    return reply.send({ user_detail: (after.draft as HibahContent).user_detail });
  };

  const fields: Hook = async (req, reply) => {
    const b = req.body;
    if (!isObject(b) || (b.status !== undefined && b.status !== null && b.status !== '')) return;
    const keys = Object.keys(hibahDraftFieldsSchema.shape);
    if (!keys.some((k) => b[k] !== undefined)) return;
    const user = requireUser(req);
    const a = await hibahAmendmentAt(db, user, hibahId(req), [0]);
    if (!a) return;
    const given = parseBody(hibahDraftFieldsSchema, b);
    const after = await saveDraft(db, actorOf(req), a.id, { fields: given } as never);
    const [h] = await db.select().from(hibahs).where(eq(hibahs.id, a.amendmentable_id));
    const draftFields = (after.draft as HibahContent).fields ?? {};
    return reply.send({ hibah: { ...(await serializeHibah(db, h)), ...draftFields } });
  };

  const signature: Hook = async (req, reply) => {
    const b = req.body;
    if (!isObject(b) || b.description !== DRAFT_SIGNATURE) return;
    const a = await hibahAmendmentAt(db, requireUser(req), hibahId(req), [3]);
    if (!a) return;
    const document = typeof b.document === 'string' ? b.document : typeof b.signature === 'string' ? b.signature : '';
    const { signature_method } = parseBody(signatureMethodSchema, b);
    const after = await signDraft(ctx, actorOf(req), a.id, document, signature_method);
    return reply.send({ signature_id: after.signature_id, amendment_id: a.id });
  };

  return {
    'PATCH /hibah/:id/user-detail': userDetail,
    'PUT /hibah/:id/user-detail': userDetail,
    'PATCH /hibah/:id': fields,
    'PUT /hibah/:id': fields,
    'POST /hibah/:id': fields,
    'POST /hibah/:id/signature': signature,
  };
}
