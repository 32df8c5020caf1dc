/**
 * The people a will names accept their role (issue 41 item 3; ADR 0276): the executor (wasi) — the organisation
 * that registered the will, a corporate executor (ADR 0259) — and each guardian of the testator's minor children.
 * Pure rules shared by the API and the web app.
 */
import { z } from 'zod';

/** The roles asked to accept. `executor`: the will's wasi; `guardian`: a guardian (penjaga) of minor children. */
export const ACCEPTANCE_ROLES = ['executor', 'guardian'] as const;
export type AcceptanceRole = (typeof ACCEPTANCE_ROLES)[number];

/**
 * The states of one request: `pending` (asked, no answer yet), `accepted`, `declined`; `superseded` when the will no
 * longer names the person in that role as asked (an amendment changed or removed it) — a new request replaces it.
 */
export const ACCEPTANCE_STATES = ['pending', 'accepted', 'declined', 'superseded'] as const;
export type AcceptanceState = (typeof ACCEPTANCE_STATES)[number];

/** Message keys (packages/domain/src/locales/{ms,en}/acceptances.json `acceptances.*`). */
export const ACCEPTANCE_MSG = {
  decisionRequired: 'acceptances.decision_required',
  reasonTooLong: 'acceptances.reason_too_long',
  alreadyDecided: 'acceptances.already_decided',
  superseded: 'acceptances.superseded',
  codeSent: 'acceptances.code_sent',
  accepted: 'acceptances.accepted',
  declined: 'acceptances.declined',
  resent: 'acceptances.resent',
  noEmail: 'acceptances.no_email',
  notByLink: 'acceptances.not_by_link',
} as const;

/** What a person decides, with an optional reason (at most 500 characters; kept only with a decline). */
const decision = {
  decision: z.enum(['accept', 'decline'], { error: ACCEPTANCE_MSG.decisionRequired }),
  reason: z.string().trim().max(500, { error: ACCEPTANCE_MSG.reasonTooLong }).optional(),
};

/**
 * `POST /api/public/acceptance/{id}/decide { code, decision, reason? }`: a guardian's answer through the signed link,
 * with the 6-digit code e-mailed to them (422 `otp.incorrect` on `code`).
 */
export const acceptanceDecideSchema = z.object({
  code: z
    .string({ error: 'otp.incorrect' })
    .trim()
    .regex(/^\d{6}$/, { error: 'otp.incorrect' }),
  ...decision,
});
export type AcceptanceDecideBody = z.infer<typeof acceptanceDecideSchema>;

/** `POST /api/wasiat/{id}/acceptances/{acceptance_id}/decide { decision, reason? }`: the executor, in the app. */
export const executorDecideSchema = z.object(decision);

/**
 * Whether a will, as it stands, asks the testator to name another person: some request of the current set was
 * declined. `rows` are the will's requests that are not superseded.
 */
export const needsReplacement = (rows: { state: AcceptanceState }[]) => rows.some((r) => r.state === 'declined');

/**
 * The key that tells whether a guardian is asked the same thing again: their identity number (upper case,
 * letters and digits) and the children in their care as written (trimmed, spaces collapsed, case-folded). A
 * change of either is a changed role, so the person is asked again (issue 41 item 3 "an amendment that changes
 * their role asks again").
 */
export const guardianRoleKey = (idNumber: string, wards: string | null | undefined) =>
  `${idNumber.toUpperCase().replace(/[^0-9A-Z]/g, '')}|${(wards ?? '').trim().replace(/\s+/g, ' ').toLowerCase()}`;
