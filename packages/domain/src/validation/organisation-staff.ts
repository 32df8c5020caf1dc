/**
 * Organisation staff (spec §6 roles; reference §2.1, §3.8 org user, §4.6): the roles a staff member may hold,
 * adding and updating a staff member, and the owner account of an individual organisation. Errors are
 * message keys. Reached through `organisations.ts`.
 */
import { z } from 'zod';
import { email, mykad, optionalPhone, requiredString, V } from './common.ts';
import { O, opt, optText } from './organisation-fields.ts';

/** Roles a staff member of an organisation may hold: the provider's own vs a partner's (spec §6). */
export const PROVIDER_STAFF_ROLES = ['Staff', 'Officer', 'Accountant', 'Admin', 'Agent'] as const;
export const PARTNER_STAFF_ROLES = ['Agent', 'Partner'] as const;

/**
 * `POST /api/organization/{id}/user` — a staff member (reference §2.1 POST user variant (d)): no
 * password; an invitation mail lets them set one. `status` of the access: 1 active, 0 pending
 * approval, 2 inactive (reference §4.6).
 */
export const staffCreateSchema = z.object({
  name: requiredString().min(3, { error: V.nameMin }).max(100, { error: V.nameMax }),
  ic_number: mykad(),
  email: email(),
  mobile_number: opt(optionalPhone()),
  username: opt(
    z
      .string()
      .trim()
      .min(3, { error: 'validation.username_rules' })
      .max(50, { error: 'validation.username_rules' })
      .regex(/^[A-Za-z0-9._-]+$/, { error: 'validation.username_rules' }),
  ),
  role: requiredString().max(30),
  branch_id: opt(z.string().max(64)),
  /** Bank for commission payments (reference §3.8 org user: required for the provider's own staff). */
  bank_name: optText(100),
  bank_account_number: opt(
    z
      .string()
      .trim()
      .regex(/^[0-9-]{6,20}$/, { error: O.bankAccount }),
  ),
  /** The organisation's own staff number (reference `staff_id`). */
  staff_id: optText(30),
  /** Attended the provider's will-writing course: 1 yes, 0 no (reference `is_attended_course`). */
  is_attended_course: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : Number(v)),
    z.union([z.literal(0), z.literal(1)], { error: V.choose }),
  ),
});
export type StaffCreateInput = z.input<typeof staffCreateSchema>;

/**
 * `POST /api/organization/{id}/individu`: the owner account of an individual organisation (ADR 0019);
 * name and MyKad come from the organisation, the e-mail defaults to the organisation's.
 */
export const individuOwnerSchema = z.object({
  email: opt(email()),
  mobile_number: opt(optionalPhone()),
  username: opt(
    z
      .string()
      .trim()
      .min(3, { error: 'validation.username_rules' })
      .max(50, { error: 'validation.username_rules' })
      .regex(/^[A-Za-z0-9._-]+$/, { error: 'validation.username_rules' }),
  ),
});

/** `PATCH /api/organization/{id}/user/{user_id}`: contact details, role, branch, access status. */
export const staffUpdateSchema = z.object({
  /** Provider staff changing the e-mail or mobile number record why (issue 16 item 3; ADR 0105). */
  change_reason: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.string().trim().max(500).optional()),
  name: requiredString().min(3, { error: V.nameMin }).max(100, { error: V.nameMax }),
  email: email(),
  mobile_number: opt(optionalPhone()),
  role: requiredString().max(30),
  branch_id: opt(z.string().max(64)),
  status: z.preprocess((v) => Number(v), z.union([z.literal(0), z.literal(1), z.literal(2)], { error: V.choose })),
  /** Bank for commission payments (reference §3.8 org user: required for the provider's own staff). */
  bank_name: optText(100),
  bank_account_number: opt(
    z
      .string()
      .trim()
      .regex(/^[0-9-]{6,20}$/, { error: O.bankAccount }),
  ),
  /** The organisation's own staff number (reference `staff_id`). */
  staff_id: optText(30),
  /** Attended the provider's will-writing course: 1 yes, 0 no (reference `is_attended_course`). */
  is_attended_course: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : Number(v)),
    z.union([z.literal(0), z.literal(1)], { error: V.choose }),
  ),
});
export type StaffUpdateInput = z.input<typeof staffUpdateSchema>;
