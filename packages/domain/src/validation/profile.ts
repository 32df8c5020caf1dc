/**
 * A user's own profile and a client's details (spec §2 /profile-edit, /client/{client_id}/edit; reference
 * §3.8 "Profile edit" and "Client edit": `PATCH user/{id}` with name, designation, gender, email,
 * office_phone_number, mobile_number, address, postcode, city, state), and the user access request
 * (spec §6 "User access is requested and approved by an administrator"; §7 `POST /api/user/`).
 * Errors are message KEYS of `locales/{ms,en}/validation.json`.
 */
import { z } from 'zod';
import { catalogueCode, DESIGNATIONS } from '../catalogues.ts';
import { email, mobile, optionalPhone, personName, postcode, requiredString, STATES, V } from './common.ts';

const blank = (v: unknown) => (v === null || v === '' ? undefined : v);

/** Designation codes (catalogue DESIGNATIONS: `mr`, `mrs`, `dato`, …). */
export const DESIGNATION_CODES = DESIGNATIONS.map((d) => String(d.code));

/**
 * `PATCH /api/user/{id}` — the profile (own) or a client's details (staff/partner within scope).
 * Required as the reference's client edit: name (3–100, ADR 0006), gender 1/2, e-mail, mobile (stored
 * E.164), address, 5-digit postcode, city, state (one of the 16); designation and office phone optional.
 */
export const userProfileSchema = z.object({
  name: personName(),
  designation: z.preprocess(
    (v) => catalogueCode(DESIGNATIONS, blank(v)),
    z
      .string()
      .refine((d) => DESIGNATION_CODES.includes(d), { error: V.choose })
      .optional(),
  ),
  gender: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : Number(v)),
    z.union([z.literal(1), z.literal(2)], { error: V.choose }),
  ),
  email: email(),
  office_phone_number: z.preprocess(blank, optionalPhone()),
  mobile_number: mobile(),
  address: requiredString().max(500),
  postcode: postcode(),
  city: requiredString().max(100),
  state: z.enum(STATES, { error: V.choose }),
  /**
   * Recovery channels (issue 16 item 3; ADR 0105): the holder changing their own e-mail or mobile number
   * re-enters their password (`current_password`) or gives the code of `POST /api/otp/request
   * { purpose: "channel-change" }` sent to their CURRENT channel (`otp_code`).
   */
  current_password: z.preprocess(blank, z.string().max(200).optional()),
  otp_code: z.preprocess(blank, z.string().trim().max(12).optional()),
  /** Provider staff changing someone else's e-mail or mobile number record why (5–500 characters). */
  change_reason: z.preprocess(blank, z.string().trim().max(500).optional()),
});
export type UserProfileInput = z.input<typeof userProfileSchema>;

/**
 * `POST /api/user/` — access request: the organisation (and branch) the caller asks to join and the role
 * they ask for (checked against the organisation's roles on the server). Pending (status 0) until approved.
 */
export const accessRequestSchema = z.object({
  organization_id: requiredString().max(64),
  branch_id: z.preprocess(blank, z.string().max(64).optional()),
  role: requiredString().max(30),
});
export type AccessRequestInput = z.input<typeof accessRequestSchema>;
