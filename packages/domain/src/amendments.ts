/**
 * Amendment (pindaan) rules shared by the API and the web client (spec §3 Amendment, §4 "Amendment
 * status" and flow, §9 "Draft and amendment confirmation window: 14 days"; ADR 0020).
 *
 * Statuses (spec §4): 0 being drafted, 1 awaiting confirmation, 2 succeeded, 3 draft must be reviewed,
 * 4 awaiting witness confirmation, 5 cancelled; any other value is shown as invalid/cancelled.
 *
 * Flow (ADR 0020): apply (0) → pay → edit the draft (0) → submit (0→1, "application sent") → an officer
 * passes it (1→3, "passed"; the client must review the draft within 14 days) → the client accepts and
 * signs the draft (3→4, "awaiting witness verification"; the witnesses confirm within 14 days) → an
 * officer approves once every witness confirmed (4→2, "completed"; the will's current version changes).
 * Returns: officer 1→0 (back to drafting with a reason), client 3→0 (reject the draft). Cancel (→5): the
 * owner from 0/1/3, an officer from 0/1/3/4, the expiry job from 3/4 after the window.
 */

import { z } from 'zod';
import type { AuditAction } from './audit-catalogue.ts';
import { AMENDMENT_STATUS } from './status.ts';
import { requiredString } from './validation/common.ts';
import { portion } from './validation/shares.ts';
import {
  bequestFieldsSchema,
  caretakerFieldsSchema,
  heirFieldsObject,
  heirMobileRule,
  immoveableFieldsSchema,
  moveableFieldsSchema,
  receiverFieldsSchema,
  userDetailSchema,
  witnessFieldsSchema,
} from './validation/wills.ts';

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

const id = z.string().trim().max(64).optional();
const shares = z
  .array(z.object({ receiver_id: requiredString().max(64), portion: portion() }))
  .max(50)
  .default([]);

/** A receiver of the draft; `id` links property shares to it (kept from the will, or new). */
export const draftReceiverSchema = receiverFieldsSchema.extend({ id });
export const draftMoveableSchema = z.intersection(moveableFieldsSchema, z.object({ id, shares }));
export const draftImmoveableSchema = immoveableFieldsSchema.extend({ id, shares });
/** An amendment witness: name, MyKad, e-mail, address, postcode (spec §5); they sign via their link. */
export const draftWitnessSchema = witnessFieldsSchema.omit({ signature: true }).extend({ id });

/**
 * `PATCH /api/amendment/{id}/draft`: any subset of the draft's sections; each given section replaces
 * the draft's. Portions "25%" or "1/4" (spec §5); a share's `receiver_id` must be a receiver of the draft.
 */
export const amendmentDraftSchema = z.object({
  user_detail: userDetailSchema.optional(),
  heirs: z.array(heirFieldsObject.extend({ id }).superRefine(heirMobileRule)).max(50).optional(),
  receivers: z.array(draftReceiverSchema).max(50).optional(),
  moveables: z.array(draftMoveableSchema).max(100).optional(),
  immoveables: z.array(draftImmoveableSchema).max(100).optional(),
  caretakers: z.array(caretakerFieldsSchema.extend({ id })).max(20).optional(),
  bequests: z.array(bequestFieldsSchema.extend({ id })).max(50).optional(),
  witnesses: z.array(draftWitnessSchema).max(5).optional(),
  notes: z.string().max(20000).nullish(),
});
export type AmendmentDraftInput = z.input<typeof amendmentDraftSchema>;

/** Minimum witnesses of an amendment (as for the will: two; spec §5, wills/transitions.ts). */
export const AMENDMENT_MIN_WITNESSES = 2;

/** `PATCH /api/amendment/{id} { status, reason?, incharged_by_id? }` (reference §2.4). */
export const amendmentTransitionSchema = z.object({
  status: z.coerce.number().int(),
  reason: z.string().trim().max(1000).nullish(),
  incharged_by_id: z.string().max(64).nullish(),
});
