/**
 * The 2021 client's hibah calls (issue 20; reference §2.3, §2.5, §2.6, §2.10, §3.2, §4.7; ADR 0162, ADR 0240):
 * where they are answered, one concern per file —
 * - original-contract-flat.ts (`hibahOnFlatRoutes`, what the composition root registers): the hooks on the wills
 *   module's FLAT paths (`receiver`, `caretaker`, `heir`, `witness`, `moveable-property`, `immoveable-property`,
 *   `property-receiver`) that answer a hibah's rows with the hibah module's services, and the registrations of
 *   the readings below and of the routes of the next two files into the hibah module (its `readings.ts`);
 * - original-contract-paths.ts (`hibahOriginalRoutes`): the 2021-only paths (a party's MyKad images, a
 *   property's documents, a receiver's signature on the grantor's device);
 * - original-contract-kinds.ts: the kinds of row as those paths name them, their 2021 keys and the shared lookups
 *   (`hibahImages`, `moveableReplyOf`);
 * - original-contract-products.ts: the estate trust's and the one-cent hibah's calls (ADR 0181).
 *
 * This file holds the readings of calls on the hibah itself: the 2021 status bodies of `PATCH hibah/{id}` that
 * are not status changes of ours (part C fields, the agent's hand-over; reference §2.3, §3.2 parts C and H) and
 * the grantor's signature given with the draft's acceptance (a PNG data URL; reference §2.10, §3.2 "Terima Draf").
 */
import { H, type SignatureMethod } from '@wasiat/domain';
import type { Ctx } from '../../../context.ts';
import {
  type Actor,
  asDb,
  assertCanFill,
  assertGrantor,
  audit,
  findVisibleHibah,
  PART_C_KEYS,
  type SignatureReader,
  type UpdateReader,
} from '../../../modules/hibah/index.ts';
import { assertSignatureDrawn } from '../../../modules/wills/index.ts';
import { checkFile, decodeBase64, Uploads } from '../../../platform/files/uploads.ts';
import { fieldError } from '../../../platform/http/errors.ts';

/**
 * The 2021 client's status bodies of `PATCH hibah/{id}` that are not status changes of ours (reference §2.3,
 * §3.2 parts C and H; ADR 0162):
 * - part C `{ status: 0, organization_id, pricing_id, agent_id, branch_id }` → our part C field update (a
 *   placeholder becomes new by it, service.ts `updateFields`); `status` and `agent_id` are not fields (the agent
 *   is whoever registered the hibah);
 * - the agent's hand-over after the receipt `{ acknowledged_pdpa, acknowledged_confirmation, is_cash_payment,
 *   status: 1 }` while the hibah is new (0) or back with the grantor (1) → answered with the hibah, unchanged: in
 *   our lifecycle the grantor signs and submits 0|1 → 2 themself (spec §1 "only the grantor can finalise"), so
 *   there is nothing to hand over. Only who may fill the hibah gets this answer (403/404 otherwise).
 * Anything else: `as-sent` (the route's own status change or field update decides). Registered as the hibah
 * module's update reading (`registerUpdateReading`) by `hibahOnFlatRoutes`.
 */
export const originalStatusBody: UpdateReader = async (db, actor, id, b) => {
  // an object (a null-prototype one has no valueOf: Number() would throw) is no status: NaN, as a plain object gives
  const raw = b.status;
  const status =
    raw === undefined || raw === null || raw === '' ? null : typeof raw === 'object' ? Number.NaN : Number(raw);
  if (status === 0 && PART_C_KEYS.some((k) => b[k] !== undefined && b[k] !== null && b[k] !== '')) {
    return { kind: 'fields', body: Object.fromEntries(PART_C_KEYS.map((k) => [k, b[k]])) };
  }
  if (status === 1 && b.acknowledged_pdpa !== undefined) {
    const h = await findVisibleHibah(db, actor.user, id);
    if (h.status === 0 || h.status === 1) {
      assertCanFill(actor.user, h);
      return { kind: 'unchanged', hibah: h };
    }
  }
  return { kind: 'as-sent' };
};

/** The 2021 client's description of the signature given with the draft's acceptance (reference §2.10). */
export const DRAFT_SIGNATURE = 'Signature for draft acceptance';

/**
 * `POST /hibah/{id}/signature { …, description: "Signature for draft acceptance" }` (reference §2.10): the
 * signature given with the draft's acceptance ({@link signForDraft}) → its attachment id; any other body: null
 * (the grantor's own signature of the content). Registered as the hibah module's signature reading
 * (`registerSignatureReading`) by `hibahOnFlatRoutes`.
 */
export const originalSignature: SignatureReader = async (ctx, actor, hibahId, body, signature, method) =>
  body.description === DRAFT_SIGNATURE ? signForDraft(ctx, actor, hibahId, signature, method) : null;

/**
 * The grantor's signature given with the acceptance of the draft (reference §3.2 "Terima Draf"): kept as an
 * attachment of the hibah (`signature`, description `draft-acceptance`; the signature of the submitted content
 * stays the one on the certificate), audited `hibah.sign`. The grantor only (403), while the draft awaits
 * acceptance (status 3, not yet accepted; else 422 `hibah.not_editable`); a PNG that is not blank (422 on
 * `signature`). The acceptance itself is `PATCH hibah/{id} { status: 3, is_draft_accepted: 1 }` with its own
 * checks (transitions.ts). The audit entry carries the method the client sent (`signature_method`; ADR 0123).
 * @returns the attachment id.
 */
async function signForDraft(
  ctx: Ctx,
  actor: Actor,
  hibahId: string,
  dataUrl: string,
  method: SignatureMethod = 'drawn',
) {
  const data = decodeBase64(dataUrl, 'signature');
  await checkFile(data, ['image/png'], 'signature');
  await assertSignatureDrawn(data, 'signature');
  // Stored before the transaction, recorded in it (ADR 0220).
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({
    ownerType: 'Hibah',
    ownerId: hibahId,
    data,
    allowed: ['image/png'],
    field: 'signature',
  });
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      const h = await findVisibleHibah(tx, actor.user, hibahId, true);
      assertGrantor(actor.user, h);
      if (h.status !== 3 || h.is_draft_accepted) throw fieldError('_', H.notEditable);
      const att = await uploads.record(asDb(tx), staged, {
        attachableType: 'Hibah',
        attachableId: h.id,
        type: 'signature',
        description: 'draft-acceptance',
        uploadedBy: actor.user.id,
      });
      await audit(tx, actor, 'hibah.sign', h.id, null, {
        draft_acceptance_signature_id: att.id,
        signature_method: method,
      });
      return att.id;
    }),
  );
}
