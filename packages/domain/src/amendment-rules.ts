/**
 * Amendment (pindaan) statuses, windows, transitions and message keys (spec §3 Amendment, §4 "Amendment status"
 * and flow, §9; ADR 0020), apart from the draft's schemas in amendments.ts, so that a screen which only shows an
 * amendment's status does not load the validation library (issue 18 item 4; ADR 0194).
 */
import type { AuditAction } from './audit-catalogue.ts';
import { AMENDMENT_STATUS } from './status.ts';

/** Spec §9: the draft and the amendment confirmation must be completed within 14 days. */
export const AMENDMENT_WINDOW_DAYS = 14;
/** Reminder e-mails before the deadline, in days (issue 4 "say at 7, 3 and 1 days"). */
export const AMENDMENT_REMINDER_DAYS = [7, 3, 1] as const;
const DAY_MS = 24 * 3600 * 1000;

/** Statuses in which the 14-day window runs (draft review 3, witness confirmation 4). */
export const WINDOWED_STATUSES: readonly number[] = [AMENDMENT_STATUS.draftReview, AMENDMENT_STATUS.awaitingWitness];

/** The deadline of a window opened at `from`: `from` + 14 days. */
export const amendmentDeadline = (from: Date) => new Date(from.getTime() + AMENDMENT_WINDOW_DAYS * DAY_MS);

/** Whether a window with deadline `expiresAt` has passed at `now` (the deadline itself is expired). */
export const isAmendmentExpired = (expiresAt: Date | null | undefined, now: Date) =>
  !!expiresAt && now.getTime() >= expiresAt.getTime();

/**
 * The reminders due at `now` for a deadline: each of 7, 3, 1 days whose moment (`deadline − d days`) has
 * come while the deadline has not passed. The caller sends each at most once (a unique row per reminder).
 */
export function dueReminderDays(expiresAt: Date | null | undefined, now: Date): number[] {
  if (!expiresAt || isAmendmentExpired(expiresAt, now)) return [];
  return AMENDMENT_REMINDER_DAYS.filter((d) => now.getTime() >= expiresAt.getTime() - d * DAY_MS);
}

/** Who may make a transition: the will's owner (testator), an officer (`amendment:verify`), or the job. */
export type AmendmentActor = 'owner' | 'officer' | 'system';

export interface AmendmentTransition {
  from: number;
  to: number;
  by: readonly AmendmentActor[];
  /** Audit action recorded (catalogued with its labels in audit-catalogue.ts). */
  action: AuditAction;
}

/** Every legal transition (ADR 0020). Anything else answers 422 `amendments.invalid_transition`. */
export const AMENDMENT_TRANSITIONS: readonly AmendmentTransition[] = [
  { from: 0, to: 1, by: ['owner'], action: 'amendment.submit' },
  { from: 1, to: 3, by: ['officer'], action: 'amendment.pass' },
  { from: 1, to: 0, by: ['officer'], action: 'amendment.return' },
  { from: 3, to: 4, by: ['owner'], action: 'amendment.accept_draft' },
  { from: 3, to: 0, by: ['owner'], action: 'amendment.reject_draft' },
  { from: 4, to: 2, by: ['officer'], action: 'amendment.approve' },
  { from: 0, to: 5, by: ['owner', 'officer'], action: 'amendment.cancel' },
  { from: 1, to: 5, by: ['owner', 'officer'], action: 'amendment.cancel' },
  { from: 3, to: 5, by: ['owner', 'officer', 'system'], action: 'amendment.cancel' },
  { from: 4, to: 5, by: ['officer', 'system'], action: 'amendment.cancel' },
];

/** The transition from → to, if it exists at all (regardless of who asks). */
export const findAmendmentTransition = (from: number, to: number) =>
  AMENDMENT_TRANSITIONS.find((t) => t.from === from && t.to === to);

/** Whether `who` may move an amendment from `from` to `to`. */
export const mayTransition = (from: number, to: number, who: AmendmentActor) =>
  !!findAmendmentTransition(from, to)?.by.includes(who);

/** Statuses of an open amendment (a will has at most one open amendment at a time). */
export const OPEN_AMENDMENT_STATUSES: readonly number[] = [0, 1, 3, 4];

/** i18n key of an amendment status label; any other value → "invalid/cancelled" (spec §4). */
export const amendmentStatusKey = (s: number | null | undefined) =>
  s !== null && s !== undefined && s >= 0 && s <= 5 ? `amendments.status.${s}` : 'amendments.status.invalid';

/**
 * The client's timeline (spec §4 "application sent → passed → awaiting witness verification →
 * completed"): how many of the 4 steps are done for a status (0 drafting → 0; 1 → 1; 3 → 2; 4 → 3;
 * 2 → 4); null for cancelled or invalid.
 */
export function amendmentTimelineStep(s: number): number | null {
  const steps: Record<number, number> = { 0: 0, 1: 1, 3: 2, 4: 3, 2: 4 };
  return s in steps ? steps[s] : null;
}
export const AMENDMENT_TIMELINE = ['sent', 'passed', 'witness', 'completed'] as const;

/** Amendment message keys (server 422s). */
export const AM = {
  invalidTransition: 'amendments.invalid_transition',
  willNotRegistered: 'amendments.will_not_registered',
  alreadyOpen: 'amendments.already_open',
  notPaid: 'amendments.not_paid',
  typeChangeNotPaid: 'amendments.type_change_not_paid',
  notPayable: 'amendments.not_payable',
  priceMissing: 'amendments.price_missing',
  alreadyPaid: 'amendments.already_paid',
  notEditable: 'amendments.not_editable',
  witnessesRequired: 'amendments.witnesses_required',
  witnessesPending: 'amendments.witnesses_pending',
  receiverUnknown: 'amendments.receiver_unknown',
  sharesExceed: 'amendments.shares_exceed',
  vehicleOneReceiver: 'amendments.vehicle_one_receiver',
  reasonRequired: 'amendments.reason_required',
  linkInvalid: 'amendments.link_invalid',
  alreadyConfirmed: 'amendments.already_confirmed',
  versionUnknown: 'amendments.version_unknown',
} as const;

/** The parts of a will's content that only a comprehensive will has (issue 2; issue 37 item 4; ADR 0253). */
export interface PlanContent {
  receivers?: readonly unknown[];
  moveables?: readonly unknown[];
  immoveables?: readonly unknown[];
  caretakers?: readonly unknown[];
  bequests?: readonly unknown[];
}

/**
 * The type (plan) of a will with content `c` (ADR 0253): `comprehensive` when its plan is, or when it has any
 * receiver, property (moveable or immoveable), guardian (caretaker) or bequest — what only the comprehensive
 * plan offers; else `basic`. So a basic will an amendment gives a vehicle is a comprehensive will.
 */
export function willPlanOf(plan: string | null | undefined, c: PlanContent): 'basic' | 'comprehensive' {
  if (plan === 'comprehensive') return 'comprehensive';
  const n = (xs?: readonly unknown[]) => xs?.length ?? 0;
  return n(c.receivers) + n(c.moveables) + n(c.immoveables) + n(c.caretakers) + n(c.bequests) > 0
    ? 'comprehensive'
    : 'basic';
}

/**
 * What an amendment costs, in sen (ADR 0253): `baseSen` (the pricing's `amendment_price_sen` of the will's plan,
 * fixed when applied) plus `typeChangeSen` (when the draft turns a basic will comprehensive: the comprehensive
 * price − the basic price of the organisation's will pricing, never below 0), less `coveredSen` (what settled
 * payments, their promo discounts included, already paid). Worked: basic RM 300, comprehensive RM 500,
 * amendment RM 80 → same type 8000; basic → comprehensive 8000 + 20000 = 28000.
 */
export function amendmentCharge(p: { baseSen: number; typeChangeSen: number; coveredSen: number }) {
  const totalSen = p.baseSen + Math.max(0, p.typeChangeSen);
  return { totalSen, dueSen: Math.max(0, totalSen - p.coveredSen) };
}
