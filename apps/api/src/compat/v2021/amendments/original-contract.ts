/**
 * The 2021 client's will-amendment calls (issue 20; reference §2.4, §2.7, §3.5, §4.2; ADR 0163), as additions
 * beside our own shapes. That client changes an amendment through the WILL's paths — `PATCH wasiat/{id}/
 * user-detail` (part B), `POST witness { witnessable_type: "Amendment" }` (part I) — pays before applying
 * (`POST payment { type: "Amendment", amendment_for_wasiat_id }`), reads the will's MyKad images to copy them
 * (`wasiat.mykad_front.id`), and numbers the statuses its own way (2 = "passed", 5 = "complete"; ours follow
 * spec §4, ADR 0020).
 *
 * {@link amendmentOnFlatRoutes} adds route-level hooks (the guard's permission check has already run, ADR 0107)
 * to the wills and payments routes as they are declared; a call that is not an amendment's goes on unchanged:
 * - `POST /witness` naming an amendment → a witness of the amendment's draft (the same draft rules and audit as
 *   `PATCH /amendment/{id}/draft { witnesses }`) → 201 `{ witness: { id, name, ic_number, email, … } }`.
 * - `PATCH|PUT /wasiat/{id}/user-detail` of a REGISTERED will whose open amendment (status 0) the caller may
 *   edit → the keys carried are merged into the draft's `user_detail` and the whole is checked with the will's
 *   rule (`userDetailSchema`) → `{ user_detail }` (the draft's). A will being registered is not touched.
 * - `POST /payment { amendment_for_wasiat_id }` without `paymentable_type` → the payable is the will's open
 *   amendment the caller sees (`paymentable_type: "Amendment"`), by the gateway unless an option is named; the
 *   amount is always the amendment's price (payables.ts), never the body's.
 * - The will's MyKad images, which that client reads to copy them (`wasiat.mykad_front.id`), are answered by the
 *   2021 read of `GET /wasiat/{id}` (compat/v2021/wills/original-read.ts).
 *
 * {@link originalAmendmentStatus} reads a status of `PATCH amendment/{id}` in the 2021 numbering where ours has
 * no such move: `2` on a submitted amendment (1) is the officer's pass (→ 3); `5` on an amendment awaiting its
 * witnesses (4) sent in a 2021-contract session by someone who may not cancel it (the 2021 part I's "verified")
 * changes nothing — the officer completes it (4 → 2) once every witness confirmed through their link.
 */
import { draftWitnessSchema, userDetailSchema } from '@wasiat/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../../context.ts';
import { newId } from '../../../db/schema/_common.ts';
import type { WillContent } from '../../../modules/amendments/index.ts';
import {
  capacitiesOf,
  findVisibleAmendment,
  registerStatusReading,
  type StatusReading,
  saveDraft,
} from '../../../modules/amendments/index.ts';
import { requireUser } from '../../../modules/auth/index.ts';
import { actorOf, findVisibleWill, parseBody } from '../../../modules/wills/index.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { attachPreValidation } from '../calls.ts';
import { hibahAmendmentHooks, hibahDraftWitness } from './original-contract-hibah.ts';
import { amendmentOfWill, partHooks } from './original-parts.ts';

type Body = Record<string, unknown>;
type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
const isObject = (v: unknown): v is Body => !!v && typeof v === 'object' && !Array.isArray(v);

function hooks(ctx: Ctx): Record<string, Hook> {
  const db = ctx.db;
  /** Part I: a witness of the amendment's draft. */
  const witness: Hook = async (req, reply) => {
    const b = req.body;
    if (!isObject(b) || b.witnessable_type !== 'Amendment') return;
    const user = requireUser(req);
    const aid = String(b.witnessable_id ?? '');
    const a = await findVisibleAmendment(db, user, aid);
    // a hibah's amendment: a witness of its draft with the hibah's witness rule (original-contract-hibah.ts)
    if (a.amendmentable_type === 'Hibah') return hibahDraftWitness(db, req, reply, a);
    if (a.amendmentable_type !== 'Wasiat') throw notFound();
    const w = parseBody(draftWitnessSchema, { ...b, id: newId() });
    const existing = ((a.draft as WillContent).witnesses ?? []) as Body[];
    await saveDraft(db, actorOf(req), a.id, { witnesses: [...existing, w] as never });
    return reply
      .status(201)
      .send({ witness: { ...w, witnessable_type: 'Amendment', witnessable_id: a.id, signature: null } });
  };
  /** Part B: the testator's particulars of a registered will go to its open amendment's draft. */
  const userDetail: Hook = async (req, reply) => {
    const user = requireUser(req);
    const willId = (req.params as { id: string }).id;
    const w = await findVisibleWill(db, user, willId);
    if (w.status !== 2) return;
    const a = await amendmentOfWill(db, user, w.id);
    if (!a || !isObject(req.body)) return;
    const carried = Object.fromEntries(Object.entries(req.body).filter(([k, v]) => k !== '_method' && v !== undefined));
    const current = ((a.draft as WillContent).user_detail ?? {}) as Body;
    const merged = parseBody(userDetailSchema, { ...current, ...carried });
    const after = await saveDraft(db, actorOf(req), a.id, { user_detail: merged as never });
    return reply.send({ user_detail: (after.draft as WillContent).user_detail });
  };
  /** The amendment payment the 2021 client sends before (ours: after) applying. */
  const payment: Hook = async (req) => {
    const b = req.body;
    if (!isObject(b) || b.paymentable_type || !b.amendment_for_wasiat_id) return;
    const user = requireUser(req);
    const w = await findVisibleWill(db, user, String(b.amendment_for_wasiat_id));
    const a = await amendmentOfWill(db, user, w.id);
    if (!a) return; // answered by the payments route: 422 on paymentable_id
    req.body = {
      ...b,
      paymentable_type: 'Amendment',
      paymentable_id: a.id,
      payment_options_id: b.payment_options_id ?? 1,
    };
  };
  return {
    'POST /witness': witness,
    'PATCH /wasiat/:id/user-detail': userDetail,
    'PUT /wasiat/:id/user-detail': userDetail,
    'POST /payment': payment,
    ...hibahAmendmentHooks(ctx),
    // parts C–E: receivers, property and caretakers of the draft (original-parts.ts; ADR 0179)
    ...partHooks(ctx),
  };
}

/**
 * Attach the hooks (see the module comment) to the wills and payments routes as they are declared, and register
 * the 2021 reading of `PATCH amendment/{id}`'s status ({@link originalAmendmentStatus}) with the amendments
 * module. Call on the `/api` instance BEFORE those modules register their routes (modules.ts).
 */
export function amendmentOnFlatRoutes(api: FastifyInstance, ctx: Ctx) {
  // The 2021 screens ask no value of a will's property (ADR 0257): its sessions' submits leave unvalued property out.
  registerStatusReading(async (db, user, id, status, req) => ({
    ...(await originalAmendmentStatus(db, user, id, status, req)),
    valuesOptional: req.sessionContract === '2021',
  }));
  attachPreValidation(api, hooks(ctx));
}

/**
 * The status a `PATCH amendment/{id} { status }` means (see the module comment): `{ status }` to apply, or
 * `{ unchanged: true }` when a 2021 step that is no move of ours is answered with the amendment as it is. Scope as
 * {@link findVisibleAmendment} (404). A hibah's amendment (ADR 0180; reference §4.2, where the hibah variant
 * numbers 2 "draft to review", 3 "draft accepted → receivers sign", 4 "receivers signed → witnesses"):
 * `3` on our 3 (draft to review) is the grantor's acceptance (→ 4); `4` on our 4, in a 2021-contract session, is
 * the 2021 "receivers signed" — ours ask receivers the amendment adds after the approval — answered unchanged.
 */
export const originalAmendmentStatus: StatusReading = async (db, user, id, status, req) => {
  if (status !== 2 && status !== 3 && status !== 4 && status !== 5) return { status };
  const a = await findVisibleAmendment(db, user, id);
  const original = req.sessionContract === '2021';
  if (status === 2 && a.status === 1) return { status: 3 };
  if (a.amendmentable_type === 'Hibah' && status === 3 && a.status === 3) return { status: 4 };
  if (a.amendmentable_type === 'Hibah' && status === 4 && a.status === 4 && original) {
    return { status, unchanged: true };
  }
  if (status === 5 && a.status === 4 && original && !capacitiesOf(user, a).includes('officer')) {
    return { status, unchanged: true };
  }
  return { status };
};
