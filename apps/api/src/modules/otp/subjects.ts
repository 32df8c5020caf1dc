/**
 * The records a code can be bound to, learnt from the modules that own them (issue 34 item 3: the otp module
 * learns its subjects by registration instead of importing wills and hibah). A module registers, once at start,
 * how to check that the caller may ask a code for one of its records: the will module for `wasiat_id`, the hibah
 * module for `hibah_id` (only the grantor; spec §6).
 */
import type { Db } from '../../db/client.ts';
import type { users } from '../../db/schema/index.ts';

/** The signed-in user (the auth module's `AuthUser`: a users row), named here so otp does not import auth. */
type AuthUser = typeof users.$inferSelect;

/** The kinds of record a code may be bound to (the code row's `wasiat_id` or `hibah_id` column). */
export type OtpSubjectKind = 'will' | 'hibah';

/**
 * The person whose own code a record's step needs (issue 38 item 5; ADR 0278): a will's testator. When someone else
 * asks the code (an agent or partner submitting the will for the client), the code goes to this person's e-mail or
 * phone, and the one asking can go on only when the testator gives it to them.
 */
export interface OtpSigner {
  id: string;
  name: string | null;
  email: string | null;
  mobile_number: string | null;
}

/**
 * Checks that `user` may ask a code for the record `id` of its kind. Resolves when they may — with the record's
 * signer when the kind has one (the will's testator) —; throws the owner's error otherwise (404 `notFound` when the
 * record is not visible to them, 403 when they may see but not sign).
 */
export type OtpSubjectCheck = (db: Db, user: AuthUser, id: string) => Promise<OtpSigner | undefined>;

const subjects = new Map<OtpSubjectKind, OtpSubjectCheck>();

/** Registers (or replaces) the check of one subject kind; called by the owning module's route plugin. */
export function registerOtpSubject(kind: OtpSubjectKind, check: OtpSubjectCheck): void {
  subjects.set(kind, check);
}

/**
 * Runs the registered check of `kind` for record `id`. @returns the record's signer, if its kind names one.
 * @throws Error when no module registered the kind (a wiring fault at start, not a user error), or the check's own
 * error.
 */
export async function checkOtpSubject(
  kind: OtpSubjectKind,
  db: Db,
  user: AuthUser,
  id: string,
): Promise<OtpSigner | undefined> {
  const check = subjects.get(kind);
  if (!check) throw new Error(`otp subject "${kind}" has no registered check`);
  return check(db, user, id);
}
