/**
 * Amendment status transitions — the one place they happen (spec §4; ADR 0020; the table of legal moves
 * is `AMENDMENT_TRANSITIONS` in @wasiat/domain). `PATCH /api/amendment/{id} { status, reason?,
 * incharged_by_id?, acknowledged_pdpa?, acknowledged_confirmation?, acknowledged_heir_bequests? }`:
 *
 * - 0 → 1 submit (owner): paid (422 `amendments.not_paid` on `payment`), PDPA + confirmation ticked (spec
 *   §5), ≥ 2 draft witnesses (422 `amendments.witnesses_required` on `witnesses`), for a will's amendment a
 *   passed eKYC of the amendment (`ekyc_verified_at`, face score ≥ 70 or manual; 422 `ekyc.required` on
 *   `ekyc`; issue 3, ADR 0094), a verified OTP of purpose `amendment-submit` for the will, spent here (422
 *   `otp.required` on `otp`), and when the draft gives an heir more of a property than their faraid share,
 *   the testator's acknowledgement of exactly those bequests to heirs (`acknowledged_heir_bequests: 1` with
 *   the submission; 422 `heir_bequests.ack_required` on `heir_bequests`; ADR 0155), every property of the draft
 *   with its estimated value and the date of the estimate (422 `wills.property_values_missing` on
 *   `property_values`) and the bequests to non-heirs, property shares at their values included, within one third
 *   of the net estate (422 on `bequests` with the figures; wills/one-third.ts, ADR 0257) — in a 2021-contract
 *   session, whose screens ask no value, a property without one is not asked for and not counted. All at once.
 * - 1 → 3 pass (officer): `handled_by` = `incharged_by_id` or the officer; the 14-day draft review window
 *   opens (`expires_at`).
 * - 1 → 0 return (officer): `reason` required (422 `amendments.reason_required`).
 * - 3 → 4 accept the draft (owner): the draft signed (422 `validation.signature_required` on
 *   `signature`); the draft's witnesses become the amendment's witnesses and get an e-mail with a signed
 *   link (witnesses.ts); a new 14-day window opens for their confirmation.
 * - 3 → 0 reject the draft (owner): back to drafting, the window closes.
 * - 4 → 2 approve (officer): every witness confirmed (422 `amendments.witnesses_pending`); the draft becomes
 *   the will's content, a new version (versions.ts).
 * - → 5 cancel: owner from 0/1/3, officer from 0/1/3/4 (`reason` kept), the expiry job from 3/4.
 * A hibah's amendment (ADR 0036): submit checks the draft's completeness as the hibah's own submission
 * does, needs the amendment's passed eKYC and spends the grantor's `hibah-amendment-submit` code bound to
 * the hibah (ADR 0097); approve makes the draft the hibah's new version (amendments/hibah.ts).
 * Anything else: 422 `amendments.invalid_transition` on `status` and nothing changes; a legal move by the
 * wrong person: 403. Each writes an audit event (actor, before/after, IP) in the same transaction.
 */

import {
  AM,
  type AmendmentActor,
  amendmentDeadline,
  findAmendmentTransition,
  HEIR_BEQUEST_ERRORS,
  translate,
} from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { amendments, users, wills } from '../../db/schema/index.ts';
import { AppError, fieldError, forbidden } from '../../platform/http/errors.ts';
import { mailPartyLinks } from '../hibah/index.ts';
import { afterNamedPeopleChanged } from '../instruments/index.ts';
import { deliverNotices, recordStatusChange } from '../notices/index.ts';
import { consumeVerifiedOtp } from '../otp/index.ts';
import type { Actor } from '../wills/index.ts';
import {
  audit,
  heirBequestState,
  heirBequestsOfContent,
  oneThirdProblemOfContent,
  PROPERTY_VALUES_MISSING,
  propertiesWithoutValue,
  recordAcknowledgement,
} from '../wills/index.ts';
import { contentSha256, type WillContent } from './content.ts';
import { applyHibahDraftAsNewVersion, hibahSubmitProblems } from './hibah.ts';
import { capacitiesOf } from './policy.ts';
import { chargeOf } from './price.ts';
import { type Amendment, findVisibleAmendment, summary } from './service.ts';
import { applyDraftAsNewVersion } from './versions.ts';
import { draftWitnessProblem } from './witness-check.ts';
import { inviteWitnesses } from './witnesses.ts';

export interface AmendmentTransitionBody {
  status: number;
  reason?: string | null;
  incharged_by_id?: string | null;
  acknowledged_pdpa?: boolean;
  acknowledged_confirmation?: boolean;
  /** The testator acknowledges the draft's bequests to heirs with the submission (ADR 0155). */
  acknowledged_heir_bequests?: boolean;
  /**
   * The caller's client asks no value of a will's property (the 2021 client, ADR 0257): a property without one is
   * not asked for at the submission and not counted by the one-third rule.
   */
  valuesOptional?: boolean;
}

/** Minimum witnesses of an amendment (as for the will; spec §5). */
const MIN_WITNESSES = 2;

async function submitProblems(tx: Db, a: Amendment, body: AmendmentTransitionBody, actor: Actor) {
  const userId = actor.user.id;
  const fields: Record<string, string[]> = {};
  let params: Record<string, string> = {};
  // Everything due — the amendment price and a change of the will's type — is paid first (ADR 0253).
  const charge = await chargeOf(tx, a);
  if (charge.dueSen > 0) fields.payment = [a.payment_received_at ? AM.typeChangeNotPaid : AM.notPaid];
  if (!body.acknowledged_pdpa || !body.acknowledged_confirmation)
    fields.acknowledged_pdpa = ['wills.verification_required'];
  const draft = a.draft as WillContent;
  if ((draft.witnesses ?? []).filter((w) => w.email).length < MIN_WITNESSES) fields.witnesses = [AM.witnessesRequired];
  // Every property with its value, and the one-third rule on the draft (ADR 0257).
  const unvalued = body.valuesOptional ? [] : propertiesWithoutValue(draft);
  if (unvalued.length) {
    fields.property_values = [PROPERTY_VALUES_MISSING];
    params = { properties: unvalued.join(', ') };
  }
  const oneThird = oneThirdProblemOfContent(draft, !body.valuesOptional);
  if (oneThird) {
    fields.bequests = [oneThird.key];
    params = { ...params, ...oneThird.params };
  } else {
    // Who may witness, again: heirs or receivers may have been added after the witnesses (ADR 0259).
    const witness = await draftWitnessProblem(tx, a, draft);
    if (witness) fields.witnesses = [witness];
  }
  // The testator's identity for this amendment (issue 3; ADR 0094). (A hibah's amendment: hibah.ts.)
  if (!a.ekyc_verified_at) fields.ekyc = ['ekyc.required'];
  // The code is the testator's own (ADR 0278): asked by someone else, it went to the testator.
  if (!(await consumeVerifiedOtp(tx, userId, 'amendment-submit', a.amendmentable_id, { signerId: a.user_id })))
    fields.otp = ['otp.required'];
  // Shares of property above an heir's faraid share in the draft are bequests to heirs (ADR 0155): the
  // testator acknowledges exactly those, with the submission (`acknowledged_heir_bequests`) or before it. The
  // record is written in this transaction, so a refused submission leaves none.
  const heirBequests = heirBequestsOfContent(draft);
  const state = await heirBequestState(tx, 'Amendment', a.id, heirBequests);
  if (!state.acknowledged) {
    if (body.acknowledged_heir_bequests) {
      await recordAcknowledgement(tx, actor, { type: 'Amendment', id: a.id }, heirBequests, contentSha256(draft));
    } else {
      fields.heir_bequests = [HEIR_BEQUEST_ERRORS.ackRequired];
    }
  }
  return { fields, params };
}

/**
 * Apply a status change to a visible amendment (404 otherwise); see the module comment for the rules.
 * `now` is the clock (tests). @returns the amendment row after the change.
 */
export async function changeAmendmentStatus(
  ctx: Ctx,
  actor: Actor,
  id: string,
  body: AmendmentTransitionBody,
  now = new Date(),
) {
  const me = actor.user;
  let invite = false;
  let notices: string[] = [];
  const after = await ctx.db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const a = await findVisibleAmendment(tx, me, id, true);
    const t = findAmendmentTransition(a.status, body.status);
    if (!t) throw fieldError('status', AM.invalidTransition);
    const mine = capacitiesOf(me, a);
    const as: AmendmentActor | undefined = t.by.find((b) => mine.includes(b));
    if (!as) throw forbidden();
    let set: Partial<typeof amendments.$inferInsert> = { status: body.status };
    if (t.from === 0 && t.to === 1) {
      const { fields: problems, params } =
        a.amendmentable_type === 'Hibah'
          ? { fields: await hibahSubmitProblems(tx, a, body, me.id), params: {} }
          : await submitProblems(tx, a, body, actor);
      const first = Object.values(problems)[0]?.[0];
      if (first) throw new AppError('validation', first, problems, params);
      set = { ...set, submitted_at: now, reason: null };
    } else if (t.from === 1 && t.to === 3) {
      let handler = me.id;
      if (body.incharged_by_id) {
        const [u] = await tx.select().from(users).where(eq(users.id, body.incharged_by_id));
        if (!u || !capacitiesOf(u, a).includes('officer')) throw fieldError('incharged_by_id', 'validation.choose');
        handler = u.id;
      }
      set = { ...set, handled_by: handler, passed_at: now, expires_at: amendmentDeadline(now) };
    } else if (t.from === 1 && t.to === 0) {
      if (!body.reason?.trim()) throw fieldError('reason', AM.reasonRequired);
      set = { ...set, reason: body.reason.trim(), handled_by: a.handled_by ?? me.id };
    } else if (t.from === 3 && t.to === 4) {
      if (!a.signature_id) throw fieldError('signature', 'validation.signature_required');
      set = { ...set, accepted_at: now, expires_at: amendmentDeadline(now) };
      invite = true;
    } else if (t.from === 3 && t.to === 0) {
      set = { ...set, expires_at: null, reason: body.reason?.trim() || null };
    } else if (t.to === 2) {
      const version =
        a.amendmentable_type === 'Hibah'
          ? await applyHibahDraftAsNewVersion(tx, actor, a, now)
          : await applyDraftAsNewVersion(tx, actor, a, now);
      set = { ...set, approved_at: now, expires_at: null, version_no: version, handled_by: a.handled_by ?? me.id };
    } else if (t.to === 5) {
      set = {
        ...set,
        cancelled_at: now,
        expires_at: null,
        reason: body.reason?.trim() || (as === 'system' ? translate('amendments.expired_reason', 'ms') : null),
      };
    }
    // Conditional update: a concurrent change of the status makes this one fail instead of overwriting it.
    const [row] = await tx.update(amendments).set(set).where(eq(amendments.id, a.id)).returning();
    if (invite) await inviteWitnesses(ctx, tx, row, now);
    await audit(tx, actor, t.action, { type: 'Amendment', id: a.id }, summary(a), summary(row));
    // The testator is told of every new status (notices module), after commit.
    notices = await recordStatusChange(tx, {
      recordType: 'Amendment',
      recordId: row.id,
      status: row.status,
      reference: row.reference_no,
      reason: row.status === 0 || row.status === 5 ? row.reason : null,
      people: [row.user_id],
      changedAt: now,
    });
    return row;
  });
  await deliverNotices(ctx, notices);
  // A will amendment that took effect: the guardians it changed are asked again (ADR 0276), after commit.
  if (after.status === 2 && after.amendmentable_type === 'Wasiat') await afterNamedPeopleChanged(ctx);
  // Receivers added by a hibah amendment are asked to accept, like the first ones (issue 21 item 5).
  if (after.status === 2 && after.amendmentable_type === 'Hibah') {
    await mailPartyLinks(ctx, after.amendmentable_id, 'receiver', 'ms', true);
  }
  return after;
}

/** The will an amendment belongs to (for replies). */
export async function willOf(db: Db, a: Amendment) {
  const [w] = await db.select().from(wills).where(eq(wills.id, a.amendmentable_id));
  return w;
}
