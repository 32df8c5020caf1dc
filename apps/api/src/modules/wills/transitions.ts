/**
 * Will status transitions (spec §4 "Basic will status"; docs/api/wills.md `PATCH /wasiat/{id} {status}`):
 *
 * - 0 → 1 submit, 3 → 1 resubmit: the testator or the agent who registered it (403 otherwise); needs
 *   every part done, PDPA + confirmation + the testator's signature, ≥ 2 witnesses each with a
 *   signature, each still one who may witness (witness-parties.ts, ADR 0259: 422 on `witnesses`), and a payment that is paid, waived, or pending in a manual mode (cash/direct/…; a
 *   pending gateway payment is not enough), bequests to non-heirs — property shares at their values included —
 *   within one third of the net estate (one-third.ts; 422 on `bequests` with the figures, or
 *   `wills.one_third_value_needed` for a property given to a non-heir without a value; there is no consent of the
 *   heirs to lift it, ADR 0257), the testator's acknowledgement of the bequests to heirs when there are any
 *   (heir-bequests.ts; 422 `heir_bequests.ack_required` on `heir_bequests`), and a verified OTP of purpose
 *   `will-submit` for the
 *   will requested by the submitter (spent by the submission; 422 `otp.required` on `otp`). All failures
 *   are reported at once (422).
 * - 1 → 2 confirm: `will:verify` (403); payment paid or waived (422 `wills.payment_not_settled`);
 *   assigns `wasiat_no` "W<year>-<6 digits>" from `will_numbers` atomically, and `registered_at`.
 * - 1 → 3 cancel for update: `will:verify`; `rejected_reason` required (schema); `option_delete_id`
 *   1 eKYC (clears `ekyc_verified_at` and un-marks part `ekyc`, so the testator verifies again before
 *   resubmitting), 2 information not valid, 3 dummy data (soft-deletes the will) (reference §4.1).
 *   A will that records no governing state records the address's then (governing-law.ts, ADR 0260).
 * Any other change: 422 `wills.invalid_transition` on `status`. Each writes an audit event in the
 * same transaction (actor, before/after, IP).
 *
 * {@link deleteWill} (`DELETE /wasiat/{id}`, the 2021 staff's "dummy data" delete; ADR 0182) soft-deletes.
 */
import { type AuditAction, PAYMENT_OPTIONS, W } from '@wasiat/domain';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { will_numbers, wills, witnesses } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/http/errors.ts';
import { namedPeopleChanged } from '../instruments/index.ts';
import { recordStatusChange } from '../notices/index.ts';
import { consumeVerifiedOtp } from '../otp/index.ts';
import { recordDefaultGoverningLaw } from './governing-law.ts';
import { heirBequestProblem, liveContent } from './heir-bequests.ts';
import { oneThirdProblemOfContent, PROPERTY_VALUES_MISSING, propertiesWithoutValue } from './one-third.ts';
import { assertCanSubmit, assertCanVerify } from './policy.ts';
import { findVisibleWill, latestPayments, lockWill, type PaymentRow, type WillRow } from './queries.ts';
import { type Actor, allPartsDone, audit, type Tx, unmarkPartDone } from './service.ts';
import { signaturesOfVersion } from './signature-facts.ts';
import { willWitnessProblem } from './witness-parties.ts';

export interface TransitionBody {
  status: number;
  rejected_reason?: string;
  option_delete_id?: number;
}

/** Minimum number of witnesses with a signature (spec §5; Islamic will practice: two witnesses). */
export const MIN_WITNESSES = 2;

/** Whether a payment allows submitting: paid, waived, or pending in a manual (non-gateway) mode. */
export const paymentAllowsSubmit = (p: PaymentRow | undefined) =>
  !!p &&
  (p.status === 'paid' ||
    p.status === 'waived' ||
    (p.status === 'pending' && p.payment_options_id !== PAYMENT_OPTIONS.gateway));

/** Whether a payment is settled (confirm rule): paid or waived. */
export const paymentSettled = (p: PaymentRow | undefined) => !!p && (p.status === 'paid' || p.status === 'waived');

/** Number of witnesses of a will that have a signature. */
export async function signedWitnessCount(db: Tx | Db, willId: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(witnesses)
    .where(
      and(
        eq(witnesses.witnessable_type, 'Wasiat'),
        eq(witnesses.witnessable_id, willId),
        isNotNull(witnesses.signature_id),
      ),
    );
  return Number(n);
}

/**
 * Signatures made before the will's content last changed (issue 17 item 4): `{ signature: [stale] }` for the
 * testator, `{ witnesses: [stale] }` when any signed witness signed an earlier version. Missing signatures are
 * the other checks' business.
 */
async function staleSignatureProblems(tx: Tx, will: WillRow) {
  const fields: Record<string, string[]> = {};
  const s = await signaturesOfVersion(tx, will.id);
  if (will.signature_id && s.testator.state !== 'current') fields.signature = [W.signatureStale];
  if (s.witnesses.some((w) => w.state === 'earlier_version')) fields.witnesses = [W.witnessSignatureStale];
  return fields;
}

/**
 * The submit checks, all at once: `{ fields: { field: [key] }, params }` (no fields when the will may be
 * submitted); `params` are the figures of the one-third message.
 */
async function submitProblems(tx: Tx, will: WillRow, userId: string) {
  const fields: Record<string, string[]> = {};
  let params: Record<string, string> = {};
  if (!allPartsDone(will)) fields.parts_done = [W.partsIncomplete];
  if (!will.acknowledged_pdpa || !will.acknowledged_confirmation) {
    fields.acknowledged_pdpa = [W.verificationRequired];
  }
  if (!will.signature_id) fields.signature = [W.signatureRequired];
  if ((await signedWitnessCount(tx, will.id)) < MIN_WITNESSES) fields.witnesses = [W.witnessesRequired];
  // Who may witness, again: an heir or receiver added after the witnesses (witness-parties.ts; ADR 0259); said
  // before a signature of an earlier version, which signing again would not cure.
  if (!fields.witnesses) {
    const witness = await willWitnessProblem(tx, will);
    if (witness) fields.witnesses = [witness];
  }
  // A signature of an earlier version counts as none (a missing one is said first).
  for (const [k, v] of Object.entries(await staleSignatureProblems(tx, will))) fields[k] ??= v;
  const pay = (await latestPayments(tx, [will.id])).get(will.id);
  if (!paymentAllowsSubmit(pay)) fields.payment = [W.paymentRequired];
  // Every property carries its estimated value and the date of the estimate (ADR 0257; rows saved before
  // migration 0041 may not).
  const content = await liveContent(tx, will.id);
  const unvalued = propertiesWithoutValue(content);
  if (unvalued.length) {
    fields.property_values = [PROPERTY_VALUES_MISSING];
    params = { ...params, properties: unvalued.join(', ') };
  }
  // The one-third rule on the will as it is (heirs added or removed, values changed after the bequests were saved).
  const oneThird = oneThirdProblemOfContent(content);
  if (oneThird) {
    fields.bequests = [oneThird.key];
    params = { ...params, ...oneThird.params };
  }
  // Bequests to heirs through property shares need the testator's acknowledgement of exactly those (ADR 0155).
  const heirBequest = await heirBequestProblem(tx, will.id);
  if (heirBequest) fields.heir_bequests = [heirBequest];
  // A verified one-time code of the submitter for this will (issue 3; spec §5). It is spent here, inside
  // the transaction: when any check fails the transaction rolls back and the code stays unspent.
  // The code is the testator's own (ADR 0278): asked by someone else, it went to the testator.
  if (!(await consumeVerifiedOtp(tx as unknown as Db, userId, 'will-submit', will.id, { signerId: will.user_id })))
    fields.otp = ['otp.required'];
  return { fields, params };
}

/** Next registration number for a year, atomically ("W2026-000001"). */
export async function nextWasiatNo(tx: Tx | Db, year: number) {
  const [row] = await tx
    .insert(will_numbers)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: will_numbers.year, set: { last: sql`${will_numbers.last} + 1` } })
    .returning({ last: will_numbers.last });
  return `W${year}-${String(row.last).padStart(6, '0')}`;
}

/** The current year in Asia/Kuala_Lumpur (UTC+8, no daylight saving), for registration numbers. */
const klYear = (now: Date) => new Date(now.getTime() + 8 * 3600 * 1000).getUTCFullYear();

/**
 * Apply a status change to a visible will (404 otherwise). See the module comment for the rules.
 * `notices` collects the ids of the status notices written with the change, for the caller to deliver after
 * commit (notices module). @returns the will row after the change.
 */
export async function changeStatus(db: Db, actor: Actor, willId: string, body: TransitionBody, notices: string[] = []) {
  const me = actor.user;
  return db.transaction(async (tx) => {
    const will = await findVisibleWill(tx, me, willId, { forUpdate: true });
    const invalid = () => fieldError('status', W.invalidTransition);
    const now = new Date();
    let action: AuditAction;
    let set: Partial<typeof wills.$inferInsert>;
    if (body.status === 1) {
      assertCanSubmit(me, will);
      if (will.status !== 0 && will.status !== 3) throw invalid();
      const { fields: problems, params } = await submitProblems(tx, will, me.id);
      const first = Object.values(problems)[0]?.[0];
      if (first) throw new AppError('validation', first, problems, params);
      // Every submitted will names the state whose law governs it: the address's when not confirmed (ADR 0260).
      await recordDefaultGoverningLaw(tx, will);
      action = will.status === 3 ? 'will.resubmit' : 'will.submit';
      set = { status: 1, submitted_at: now, rejected_reason: null, option_delete_id: null, rejected_at: null };
    } else if (body.status === 2) {
      assertCanVerify(me);
      if (will.status !== 1) throw invalid();
      const pay = (await latestPayments(tx, [will.id])).get(will.id);
      if (!paymentSettled(pay)) throw fieldError('payment', W.paymentNotSettled);
      // Staff confirm only a will whose signatures are all of its content now (issue 17 item 4).
      const stale = await staleSignatureProblems(tx, will);
      const firstStale = Object.values(stale)[0]?.[0];
      if (firstStale) throw new AppError('validation', firstStale, stale);
      action = 'will.confirm';
      set = { status: 2, wasiat_no: await nextWasiatNo(tx, klYear(now)), registered_at: now, verified_by: me.id };
    } else if (body.status === 3) {
      assertCanVerify(me);
      if (will.status !== 1) throw invalid();
      action = 'will.cancel';
      set = {
        status: 3,
        rejected_reason: body.rejected_reason ?? null,
        option_delete_id: body.option_delete_id ?? null,
        rejected_at: now,
        verified_by: me.id,
        ...(body.option_delete_id === 1 ? { ekyc_verified_at: null } : {}),
        ...(body.option_delete_id === 3 ? { deleted_at: now } : {}),
      };
    } else {
      throw invalid();
    }
    await tx.update(wills).set(set).where(eq(wills.id, will.id));
    // A registered will asks the people it names to accept (issue 41 item 3; ADR 0276; mail after commit).
    if (action === 'will.confirm') {
      await namedPeopleChanged(tx as unknown as Db, {
        type: 'Wasiat',
        id: will.id,
        event: 'registered',
        actorId: me.id,
        ip: actor.ip,
        now,
      });
    }
    // Declined for its eKYC: the part is open again, and the will cannot be resubmitted without it.
    if (action === 'will.cancel' && body.option_delete_id === 1) await unmarkPartDone(tx, will.id, 'ekyc');
    const after = await lockWill(tx, will.id);
    await audit(tx, actor, action, { type: 'Wasiat', id: will.id }, will, after);
    // The testator (and the agent who registered the will for them) are told, after commit (notices module).
    notices.push(
      ...(await recordStatusChange(tx, {
        recordType: 'Wasiat',
        recordId: will.id,
        status: after.status,
        reference: after.wasiat_no,
        reason: after.status === 3 ? after.rejected_reason : null,
        people: [after.user_id, after.agent_id],
        changedAt: now,
      })),
    );
    return after;
  });
}

/**
 * `DELETE /wasiat/{id}` (reference §2.2: the 2021 staff sidebar's "dummy data" cancel, option 3; ADR 0182):
 * soft-deletes a visible will (404 otherwise) for a caller with `will:verify` (403 otherwise), recording
 * `option_delete_id` 3, the optional `rejected_reason` and an audit event. By status:
 * - 0 (a draft) or 3 (back with the testator): deleted at once (`will.delete`);
 * - 1 (submitted): it is the cancel 1 → 3 with option 3 of {@link changeStatus}, which needs the reason
 *   (422 `wills.rejected_reason_required` on `rejected_reason` without one);
 * - 2 (registered): never (422 `wills.delete_registered` on `status`; a registered will changes by amendment).
 * A deleted will is a 404 to everyone and in no list (wills/policy.ts `willScope`); its client may start a new one.
 * @returns the will row as deleted.
 */
export async function deleteWill(
  db: Db,
  actor: Actor,
  willId: string,
  body: { rejected_reason?: string },
  notices: string[] = [],
) {
  const reason = typeof body.rejected_reason === 'string' ? body.rejected_reason.trim().slice(0, 1000) : '';
  const probe = await findVisibleWill(db, actor.user, willId);
  assertCanVerify(actor.user);
  if (probe.status === 1) {
    if (!reason) throw fieldError('rejected_reason', W.rejectedReasonRequired);
    return changeStatus(db, actor, willId, { status: 3, rejected_reason: reason, option_delete_id: 3 }, notices);
  }
  return db.transaction(async (tx) => {
    const will = await findVisibleWill(tx, actor.user, willId, { forUpdate: true });
    if (will.status === 2) throw fieldError('status', W.deleteRegistered);
    if (will.status !== 0 && will.status !== 3) throw fieldError('status', W.invalidTransition);
    const now = new Date();
    await tx
      .update(wills)
      .set({
        deleted_at: now,
        option_delete_id: 3,
        ...(reason ? { rejected_reason: reason, rejected_at: now } : {}),
      })
      .where(eq(wills.id, will.id));
    const after = await lockWill(tx, will.id);
    await audit(tx, actor, 'will.delete', { type: 'Wasiat', id: will.id }, will, after);
    return after;
  });
}
