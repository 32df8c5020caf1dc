/**
 * Status changes of a hibah (`POST /hibah/{id} { status, … }`; reference §4.3; spec §4, §6; ADR 0033).
 *
 * Grantor only (403 `hibah.grantor_only` for anyone else, staff included):
 * - -1 → 0 (part C done);
 * - 0|1 → 2 sign and submit: complete (particulars — of a corporate product the company with its
 *   signatories and board resolution, ADR 0165 —, ≥1 receiver, a caretaker for every minor receiver,
 *   ≥1 property each with a receiver share), paid (or nothing due), signed — the signature given for the
 *   content as it is now (else 422 `hibah.signature_stale` on `signature`: sign again; issue 21 item 5) —,
 *   PDPA + confirmation; then the
 *   grantor's identity (issue 3; ADR 0096): a passed eKYC of this hibah (`ekyc_verified_at`, by a face
 *   score ≥ 70 or a manual verification; 422 `ekyc.required` on `ekyc`) and a verified one-time code of
 *   purpose `hibah-submit` for it, spent here (422 `otp.required` on `otp`) — both reported at once;
 * - 3 accept the draft `{ status: 3, is_draft_accepted: 1 }` within 14 days (after: 422 `hibah.draft_expired`),
 *   the grantor's final agreement: a passed eKYC and a verified code of purpose `hibah-finalise`, spent here
 *   (422 `ekyc.required`, `otp.required_accept`); reject `{ status: 1 }`;
 * - 3 (accepted) → 4 when every receiver has signed (`hibah.receivers_unsigned`);
 * - 4 → 5 when ≥2 witnesses and every one confirmed (the domain's `hibahCompletionBlocker`, which part I's
 *   "Lengkapkan pendaftaran" reads too; issue 34): registration number and date. Witnesses may be added until
 *   then (`HIBAH_STEP_STATUSES.witnesses`; ADR 0223).
 * Staff with `hibah:verify` (verification, not an update): 2 → 3 approve (opens the 14-day draft window),
 * 2 → 1 decline with `rejected_reason`.
 * Anything else: 422 `hibah.invalid_transition` on `status`.
 */
import {
  DRAFT_CONFIRM_DAYS,
  H,
  HIBAH_STATUS,
  hibahCompletionBlocker,
  type hibahTransitionSchema,
} from '@wasiat/domain';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  hibah_caretakers,
  hibah_numbers,
  hibah_properties,
  hibah_property_receivers,
  hibah_receivers,
  hibah_user_details,
  hibah_witnesses,
  hibahs,
} from '../../db/schema/index.ts';
import { userCan } from '../../platform/auth/guard.ts';
import { AppError, fieldError } from '../../platform/http/errors.ts';
import { assertOwnerAlive } from '../instruments/index.ts';
import { deliverNotices, recordStatusChange } from '../notices/index.ts';
import { consumeVerifiedOtp, type OtpPurpose } from '../otp/index.ts';
import { assertCompanyComplete, isCorporate } from './company.ts';
import { grantorSignatureState, hibahDocumentVersion } from './document-version.ts';
import { mailPartyLinks } from './links.ts';
import { assertCanVerify, assertGrantor, type HibahRow } from './policy.ts';
import { type Actor, audit, type Conn, findVisibleHibah } from './service.ts';

type Body = z.output<typeof hibahTransitionSchema>;
const DAY_MS = 24 * 3600 * 1000;

/**
 * What is still missing before a hibah can be submitted; throws the first as 422 on `_`: the grantor's
 * particulars (a corporate product: the company, its signatories and board resolution), receivers, caretakers
 * of minors, property with shares.
 */
export async function assertComplete(tx: Conn, h: HibahRow) {
  if (isCorporate(h.hibah_type)) {
    // A corporate hibah is made by its company, not a person (issue 21 item 6; ADR 0165).
    await assertCompanyComplete(tx, h);
  } else {
    const [d] = await tx
      .select({ id: hibah_user_details.id })
      .from(hibah_user_details)
      .where(eq(hibah_user_details.hibah_id, h.id));
    if (!d) throw fieldError('_', H.userDetailRequired);
  }
  const rs = await tx.select().from(hibah_receivers).where(eq(hibah_receivers.hibah_id, h.id));
  if (rs.length === 0) throw fieldError('_', H.receiversRequired);
  const cs = await tx.select().from(hibah_caretakers).where(eq(hibah_caretakers.hibah_id, h.id));
  const coversAll = cs.some((c) => c.receiver_id === null);
  for (const r of rs.filter((x) => x.is_minor)) {
    if (!coversAll && !cs.some((c) => c.receiver_id === r.id)) throw fieldError('_', H.caretakerRequired);
  }
  const ps = await tx
    .select({ id: hibah_properties.id })
    .from(hibah_properties)
    .where(eq(hibah_properties.hibah_id, h.id));
  if (ps.length === 0) throw fieldError('_', H.propertyRequired);
  const shared = await tx
    .selectDistinct({ id: hibah_property_receivers.property_id })
    .from(hibah_property_receivers)
    .where(
      inArray(
        hibah_property_receivers.property_id,
        ps.map((p) => p.id),
      ),
    );
  if (shared.length < ps.length) throw fieldError('_', H.propertyRequired);
}

/**
 * The grantor's identity checks of a finalising step (ADR 0096), after every other check: a passed eKYC
 * of the hibah and a verified code of `purpose`, spent inside the transaction (a later failure rolls the
 * spending back). @throws 422 with `ekyc` and/or `otp`.
 */
async function assertIdentity(tx: Conn, h: HibahRow, userId: string, purpose: OtpPurpose) {
  const fields: Record<string, string[]> = {};
  if (!h.ekyc_verified_at) fields.ekyc = ['ekyc.required'];
  if (!(await consumeVerifiedOtp(tx as unknown as Db, userId, purpose, h.id))) {
    fields.otp = [purpose === 'hibah-finalise' ? 'otp.required_accept' : 'otp.required'];
  }
  const first = Object.values(fields)[0]?.[0];
  if (first) throw new AppError('validation', first, fields);
}

/** Next registration number "H<year>-<6 digits>" (row-locked counter per year). */
async function nextNumber(tx: Conn, now: Date) {
  const year = now.getUTCFullYear();
  const [row] = await tx
    .insert(hibah_numbers)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: hibah_numbers.year, set: { last: sql`${hibah_numbers.last} + 1` } })
    .returning();
  return `H${year}-${String(row.last).padStart(6, '0')}`;
}

/** Apply a status change (rules in the module comment). @returns the updated row. */
export async function changeStatus(ctx: Ctx, actor: Actor, id: string, body: Body, now = new Date()) {
  const me = actor.user;
  let mail: 'receiver' | 'witness' | null = null;
  let notices: string[] = [];
  const after = await ctx.db.transaction(async (tx) => {
    const h = await findVisibleHibah(tx, me, id, true);
    await assertOwnerAlive(tx, h.user_id); // a verified death locks the hibah (ADR 0261)
    const to = body.status;
    const set: Partial<HibahRow> = {};
    const bad = () => fieldError('status', H.invalidTransition);
    const grantor = h.user_id === me.id;
    if (!grantor && userCan(me, 'hibah:verify') && h.status === HIBAH_STATUS.awaitingVerification) {
      assertCanVerify(me);
      if (to === HIBAH_STATUS.draft) {
        Object.assign(set, {
          status: to,
          approved_at: now,
          // The version staff saw and approved (issue 21 item 3).
          approved_sha256: await hibahDocumentVersion(tx, h.id),
          verified_by: me.id,
          is_cash_payment: body.is_cash_payment ?? h.is_cash_payment,
          is_draft_accepted: false,
          draft_sent_at: now,
          draft_expires_at: new Date(now.getTime() + DRAFT_CONFIRM_DAYS * DAY_MS),
          draft_reminded_at: null,
          draft_expired_at: null,
          rejected_reason: null,
        });
      } else if (to === HIBAH_STATUS.grantorReview) {
        if (!body.rejected_reason) throw fieldError('rejected_reason', H.rejectedReasonRequired);
        Object.assign(set, { status: to, rejected_reason: body.rejected_reason, verified_by: me.id });
      } else throw bad();
    } else {
      assertGrantor(me, h);
      if (h.status === HIBAH_STATUS.placeholder && to === HIBAH_STATUS.new) set.status = to;
      else if (
        (h.status === HIBAH_STATUS.new || h.status === HIBAH_STATUS.grantorReview) &&
        to === HIBAH_STATUS.awaitingVerification
      ) {
        if (!body.acknowledged_pdpa || !body.acknowledged_confirmation)
          throw fieldError('acknowledged_pdpa', H.verificationRequired);
        await assertComplete(tx, h);
        const due = (h.price_sen ?? 0) - h.discount_sen;
        if (h.price_sen === null || (due > 0 && !h.payment_received_at)) throw fieldError('_', H.paymentRequired);
        if (!h.signature_id) throw fieldError('_', H.signatureRequired);
        // The signature submitted must be of the content submitted (issue 21 item 5).
        if (!(await grantorSignatureState(tx, h)).current) throw fieldError('signature', H.signatureStale);
        await assertIdentity(tx, h, me.id, 'hibah-submit');
        Object.assign(set, { status: to, acknowledged_pdpa: true, acknowledged_confirmation: true, submitted_at: now });
      } else if (
        h.status === HIBAH_STATUS.draft &&
        !h.is_draft_accepted &&
        to === HIBAH_STATUS.draft &&
        body.is_draft_accepted
      ) {
        if (h.draft_expires_at && h.draft_expires_at.getTime() < now.getTime()) throw fieldError('_', H.draftExpired);
        await assertIdentity(tx, h, me.id, 'hibah-finalise');
        Object.assign(set, {
          is_draft_accepted: true,
          draft_accepted_at: now,
          // The version the grantor was shown and accepted (issue 21 item 3).
          draft_accepted_sha256: await hibahDocumentVersion(tx, h.id),
        });
        mail = 'receiver';
      } else if (h.status === HIBAH_STATUS.draft && !h.is_draft_accepted && to === HIBAH_STATUS.grantorReview) {
        Object.assign(set, { status: to, draft_expires_at: null });
      } else if (h.status === HIBAH_STATUS.draft && to === HIBAH_STATUS.awaitingWitnesses) {
        if (!h.is_draft_accepted) throw fieldError('_', H.draftNotAccepted);
        const [{ n }] = await tx
          .select({ n: count() })
          .from(hibah_receivers)
          .where(and(eq(hibah_receivers.hibah_id, h.id), sql`${hibah_receivers.signed_at} is null`));
        if (Number(n) > 0) throw fieldError('_', H.receiversUnsigned);
        set.status = to;
        mail = 'witness';
      } else if (h.status === HIBAH_STATUS.awaitingWitnesses && to === HIBAH_STATUS.registered) {
        const ws = await tx
          .select({ confirmed_at: hibah_witnesses.confirmed_at })
          .from(hibah_witnesses)
          .where(eq(hibah_witnesses.hibah_id, h.id));
        const blocker = hibahCompletionBlocker(ws);
        if (blocker) throw fieldError('_', blocker);
        Object.assign(set, {
          status: to,
          registered_at: now,
          hibah_number: h.hibah_number ?? (await nextNumber(tx, now)),
        });
      } else throw bad();
    }
    const [row] = await tx.update(hibahs).set(set).where(eq(hibahs.id, h.id)).returning();
    await audit(tx, actor, 'hibah.status', h.id, { status: h.status, is_draft_accepted: h.is_draft_accepted }, set);
    // A new status is told to the grantor and their agent (notices module), the start of a draft hibah excepted.
    if (row.status !== h.status && row.status !== HIBAH_STATUS.new) {
      notices = await recordStatusChange(tx, {
        recordType: 'Hibah',
        recordId: row.id,
        status: row.status,
        reference: row.hibah_number,
        reason: row.status === HIBAH_STATUS.grantorReview ? row.rejected_reason : null,
        people: [row.user_id, row.agent_id],
        changedAt: now,
      });
    }
    return row;
  });
  await deliverNotices(ctx, notices);
  if (mail) await mailPartyLinks(ctx, after.id, mail);
  return after;
}
