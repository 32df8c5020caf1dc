/**
 * Whose code a will's step needs (issue 38 item 5 "the codes are the testator's own"; ADR 0278): the will's
 * testator, always. Registered as the otp module's `will` subject (routes.ts), so a code asked for a will's
 * submission — or its amendment's, which binds the amended will — by an agent, a partner or staff acting for the
 * client goes to the testator's own e-mail or phone, never to the one asking.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { OtpSigner } from '../otp/index.ts';
import { findVisibleWill } from './queries.ts';

type AuthUser = typeof users.$inferSelect;

/**
 * The testator of will `id`, which `user` may see (404 otherwise, as {@link findVisibleWill}).
 * @returns `{ id, name, email, mobile_number }` of the testator (the caller's own row when they are the testator).
 */
export async function willCodeSigner(db: Db, user: AuthUser, id: string): Promise<OtpSigner> {
  const will = await findVisibleWill(db, user, id);
  if (will.user_id === user.id)
    return { id: user.id, name: user.name, email: user.email, mobile_number: user.mobile_number };
  const [t] = await db
    .select({ id: users.id, name: users.name, email: users.email, mobile_number: users.mobile_number })
    .from(users)
    .where(eq(users.id, will.user_id));
  return t;
}
