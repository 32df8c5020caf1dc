/**
 * Sign-up, login and password schemas (spec §5; issue 2 "Auth"; reference §2.1, §3.6).
 * Shapes are the wire shapes of the calls: `POST /api/users { user: SignUp }`, `POST /api/login`,
 * `POST /api/password/create|reset|change`.
 */
import { z } from 'zod';
import { email, mobile, mustAgree, mykad, newPassword, personName, requiredString, V } from './common.ts';

/** The sign-up form (spec §2 /sign-up): name, username, e-mail, MyKad, mobile, password + repeat, PDPA. */
export const signUpSchema = z
  .object({
    name: personName(),
    username: requiredString()
      .min(3, { error: 'validation.username_rules' })
      .max(50, { error: 'validation.username_rules' })
      .regex(/^[A-Za-z0-9._-]+$/, { error: 'validation.username_rules' }),
    email: email(),
    ic_number: mykad(),
    mobile_number: mobile(),
    password: newPassword(),
    password_confirmation: z.string({ error: V.required }).min(1, { error: V.required }),
    pdpa: mustAgree(V.pdpaRequired),
  })
  .refine((v) => v.password === v.password_confirmation, {
    error: V.passwordMismatch,
    path: ['password_confirmation'],
  });
export type SignUpInput = z.input<typeof signUpSchema>;

/** Login: `username` may be a username, an e-mail or a MyKad; `role` (always sent by the 2021 client) is ignored. */
export const loginSchema = z.object({
  username: requiredString().max(254),
  password: z.string({ error: V.required }).min(1, { error: V.required }).max(256),
  role: z.unknown().optional(),
});

/** Forgot password: `POST /api/password/create { email }`. */
export const passwordCreateSchema = z.object({ email: email() });

/** Reset from the mailed link: `POST /api/password/reset`. */
export const passwordResetSchema = z
  .object({
    email: email(),
    token: requiredString().max(200),
    password: newPassword(),
    password_confirmation: z.string({ error: V.required }).min(1, { error: V.required }),
    username: z.string().optional(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    error: V.passwordMismatch,
    path: ['password_confirmation'],
  });

/** Ask for a new invitation from an expired invitation link: `POST /api/password/invitation` (ADR 0243). */
export const invitationRenewSchema = z.object({ email: email(), token: requiredString().max(200) });

/** Change password: `POST /api/password/change`; the current password is checked by the server. */
export const passwordChangeSchema = z
  .object({
    old_password: z.string({ error: V.required }).min(1, { error: V.required }),
    password: newPassword(),
    password_confirmation: z.string({ error: V.required }).min(1, { error: V.required }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    error: V.passwordMismatch,
    path: ['password_confirmation'],
  });
