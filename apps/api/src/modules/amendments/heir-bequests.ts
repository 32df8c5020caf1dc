/**
 * Bequests to heirs of a will amendment's draft (issue 34: the amendment refused "Sila akui wasiat kepada waris
 * ini" at submit, and no page offered the acknowledgement; ADRs 0155, 0224). The rule, the list and the notice's
 * labels are the will's (wills/heir-bequests.ts `heirBequestsView`, written once); here only the subject differs:
 * - `GET /amendment/{id}/heir-bequests` → `{ heir_bequests: [...], acknowledgement: {...} | null, acknowledged }`
 *   for whoever sees the amendment (404 otherwise); a hibah amendment has none (`acknowledged: true`);
 * - `POST /amendment/{id}/heir-bequests/acknowledge { acknowledged: 1 }` → the same, after recording who, when,
 *   which bequests (their SHA-256) and the draft's content hash. Whoever may edit the draft (the testator, their
 *   agent, an officer; 403 otherwise), while it is a draft (status 0; else 422 `amendments.not_editable`);
 *   422 `heir_bequests.none` on `acknowledged` when there is nothing to acknowledge. A later change of the
 *   shares asks again (the acknowledgement is of exactly the list).
 * Enakmen Wasiat Orang Islam (Selangor) 1999 s. 11(2) with s. 26(2) (ADR 0155) — a bequest to an heir takes effect only with the other
 * heirs' consent after the death: the acknowledgement records that the testator was told so, not a consent.
 */
import { AM, HEIR_BEQUEST_ERRORS, mustAgree } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { type AuthUser, requireUser } from '../auth/index.ts';
import {
  type Actor,
  actorOf,
  type HeirBequestContent,
  heirBequestsOfContent,
  heirBequestsView,
  idParams,
  recordAcknowledgement,
} from '../wills/index.ts';
import { contentSha256 } from './content.ts';
import { ACT_ON_AMENDMENTS, assertCanEditDraft, READ_AMENDMENTS } from './policy.ts';

import { findVisibleAmendment } from './service.ts';

type Draft = Partial<HeirBequestContent> | null;

/** The draft as the bequest rule reads it (every section present). */
const contentOf = (d: Draft): HeirBequestContent => ({
  user_detail: d?.user_detail ?? null,
  heirs: d?.heirs ?? [],
  receivers: d?.receivers ?? [],
  moveables: d?.moveables ?? [],
  immoveables: d?.immoveables ?? [],
});

/** `GET /amendment/{id}/heir-bequests` (see the module comment). */
export async function getAmendmentHeirBequests(db: Db, user: AuthUser, id: string) {
  const a = await findVisibleAmendment(db, user, id);
  if (a.amendmentable_type !== 'Wasiat') return { heir_bequests: [], acknowledgement: null, acknowledged: true };
  return heirBequestsView(db, { type: 'Amendment', id: a.id }, contentOf(a.draft as Draft));
}

/** `POST /amendment/{id}/heir-bequests/acknowledge` (see the module comment). */
export async function acknowledgeAmendmentHeirBequests(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const a = await findVisibleAmendment(tx as unknown as Db, actor.user, id, true);
    assertCanEditDraft(actor.user, a);
    if (a.status !== 0) throw fieldError('_', AM.notEditable);
    if (a.amendmentable_type !== 'Wasiat') throw fieldError('acknowledged', HEIR_BEQUEST_ERRORS.nothingToAcknowledge);
    const draft = contentOf(a.draft as Draft);
    await recordAcknowledgement(
      tx,
      actor,
      { type: 'Amendment', id: a.id },
      heirBequestsOfContent(draft),
      contentSha256(a.draft as never),
    );
  });
  return getAmendmentHeirBequests(db, actor.user, id);
}

/** Register the two routes (amendments/routes.ts). */
export function heirBequestRoutes(api: FastifyInstance, ctx: Ctx) {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/amendment/:id/heir-bequests',
    { config: { access: READ_AMENDMENTS }, schema: { params: idParams } },
    async (req) => getAmendmentHeirBequests(ctx.db, requireUser(req), req.params.id),
  );
  r.post(
    '/amendment/:id/heir-bequests/acknowledge',
    {
      config: { access: ACT_ON_AMENDMENTS },
      schema: { params: idParams, body: z.object({ acknowledged: mustAgree(HEIR_BEQUEST_ERRORS.ackRequired) }) },
    },
    async (req) => acknowledgeAmendmentHeirBequests(ctx.db, actorOf(req), req.params.id),
  );
}
