/**
 * Accounts and sessions (issue 2 "Auth"; spec §5 password rules, §8 messages; reference §1.3 user shape).
 */
import { createHash, randomBytes } from 'node:crypto';
import { type Language, type signUpSchema, translate } from '@wasiat/domain';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { login_failures, password_resets, user_accesses, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import { serializeUser } from './serialize-user.ts';

export { serializeUser } from './serialize-user.ts';

import type { AuthUser } from '../../platform/auth/guard.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { issueToken, revokeAllTokens } from '../../platform/auth/tokens.ts';
import { accountKey, findLoginUser, giveAccountTryBack, spendUnlockCode, takeAccountTry } from './account-lock.ts';
import { invitationProblem } from './invitations.ts';
import { failureCount, recordFailure, throttled } from './login-failures.ts';
import { needsSecondFactor, startChallenge } from './two-factor.ts';

/**
 * Login throttling (issue 16 item 4; ADR 0105). Two counters, each over a 15-minute window (auth/login-failures.ts):
 * - per account AND client address (`acct:<ident>|<addr>`): from the 10th failure that pair is locked for
 *   15 minutes — so failures from elsewhere never lock the owner out;
 * - per client address across usernames (`ip:<addr>`): from the IP_MAX_FAILURES-th failure (× the
 *   deployment's RATE_LIMIT_SCALE) the address is locked, which stops password spraying.
 * And per account across addresses, over an hour, which the owner lifts with a code (auth/account-lock.ts;
 * issue 36 item 2, ADR 0227).
 */
export const ACCOUNT_MAX_FAILURES = 10;
/** Per-address throttling: 20 failures within the window, across all usernames (× RATE_LIMIT_SCALE). */
export const IP_MAX_FAILURES = 20;

/** Reset links live 60 minutes and work once. */
const RESET_TTL_MS = 60 * 60 * 1000;

/** Which client contract a login body opens (a label, ADR 0135), or undefined for ours. */
export type LoginContract = (body: Record<string, unknown>) => string | undefined;
let loginContract: LoginContract | null = null;

/**
 * Register how a login body tells another client contract (the composition root, once: compat/v2021 reads the
 * 2021 client's `role` key, ADR 0135): the session {@link login} opens then speaks that contract (guard.ts
 * `sessionContract`).
 */
export function registerLoginContract(fn: LoginContract) {
  loginContract = fn;
}

/**
 * Log in by username, e-mail or MyKad. Throttled per (account, client address) from the 10th failure and
 * per client address across usernames (ADR 0105): a lock caused from another address never refuses the
 * owner; and per account across addresses (auth/account-lock.ts, ADR 0227), which `unlockCode` — the code
 * `POST /api/login/unlock/create` sent to the account's own channel — passes (`POST /api/login/unlock`).
 * An unknown username, a disabled account or one without a password is checked against a dummy
 * argon2id hash, so every failure costs the same time (no username discovery by timing).
 * @returns `{ user, token }`; for a role with a second factor (ADR 0081)
 * `{ two_factor_required: true, enrolment_required, challenge }` — then `POST /api/two-factor/verify`.
 * @throws 422 `errors.login_failed` on the `username` field, `otp.*` on `code` (a wrong unlock code); 429
 * `errors.login_throttled` / `errors.login_account_locked` with Retry-After.
 */
export async function login(
  ctx: Ctx,
  input: { username: string; password: string; role?: unknown },
  meta: { ip: string; userAgent?: string },
  opts: { unlockCode?: string } = {},
) {
  // The client contract this login body opens (an edge adapter's, registerLoginContract; ADR 0135), else ours.
  const contract = loginContract?.(input) ?? undefined;
  const ident = input.username.trim();
  const acctKey = `acct:${ident.toLowerCase()}|${meta.ip}`;
  const ipKey = `ip:${meta.ip}`;
  for (const key of [acctKey, ipKey]) {
    const f = await failureCount(ctx.db, key);
    if (f.lockedUntil && f.lockedUntil > new Date()) throw throttled(f.lockedUntil);
  }
  const user = await findLoginUser(ctx.db, ident);
  // Per account across addresses: a try is taken before the password is checked (none left: 429), unless the
  // owner's unlock code is spent first (a wrong code: 422 on `code`, the password unchecked).
  const allKey = accountKey(user, ident);
  if (opts.unlockCode === undefined) await takeAccountTry(ctx.db, allKey, ctx.env.RATE_LIMIT_SCALE);
  else await spendUnlockCode(ctx.db, user, opts.unlockCode, meta.ip);
  // Always one argon2 verification, against the user's hash or the dummy one (same cost either way).
  const matches = await verifyPassword(user?.password_hash || (await DUMMY_HASH), input.password);
  const ok = !!user?.password_hash && user.status === 1 && matches;
  if (!ok) {
    await recordFailure(ctx.db, acctKey, ACCOUNT_MAX_FAILURES);
    await recordFailure(ctx.db, ipKey, Math.round(IP_MAX_FAILURES * ctx.env.RATE_LIMIT_SCALE));
    throw new AppError('validation', 'errors.login_failed', { username: ['errors.login_failed'] });
  }
  await ctx.db.delete(login_failures).where(eq(login_failures.key, acctKey));
  if (opts.unlockCode === undefined) await giveAccountTryBack(ctx.db, allKey, ctx.env.RATE_LIMIT_SCALE);
  // Issue 11 / ADR 0080: a user whose every organisation access an administrator set inactive (status 2) is
  // disabled: no new session (their open sessions were revoked when it happened).
  const accesses = await ctx.db
    .select({ status: user_accesses.status })
    .from(user_accesses)
    .where(eq(user_accesses.user_id, user.id));
  if (user.role !== 'Client' && accesses.length > 0 && accesses.every((a) => a.status === 2)) {
    throw new AppError('validation', 'security.account_disabled', { username: ['security.account_disabled'] });
  }
  // Issue 11 / ADR 0081: staff, officer and admin finish with a second factor (auth/two-factor.ts).
  // (an edge adapter may answer it otherwise: the 2021 client's is a 403 with a message, compat/v2021/auth/; ADR 0135)
  if (needsSecondFactor(user.role)) return startChallenge(ctx, user, meta);
  const token = await issueToken(ctx.db, user.id, { ip: meta.ip, userAgent: meta.userAgent, contract });
  return { user: await serializeUser(ctx.db, user, { contract }), token };
}

/**
 * Sign up a Client (spec §2 /sign-up). Username and e-mail must be unused (422 on that field). A MyKad that is
 * already registered is told the way a password reset is (issue 36 item 6; ADR 0228): no "MyKad already
 * registered" — the answer is 201 `{ pending: true, message: "check your e-mail" }` (the password is hashed
 * all the same, so the time is the same), no account is made, and the MyKad's holder gets a mail saying someone
 * tried to sign up with their number (with the links to log in and to reset the password).
 * @returns `{ user, token }` — the new user is logged in — or `{ pending: true, message }`.
 */
export async function signUp(
  ctx: Ctx,
  input: z.output<typeof signUpSchema>,
  meta: { ip: string; userAgent?: string },
  lang: Language = 'ms',
) {
  const taken = await ctx.db
    .select({ username: users.username, email: users.email, ic_number: users.ic_number })
    .from(users)
    .where(
      or(
        eq(users.username, input.username),
        eq(sql`lower(${users.email})`, input.email.toLowerCase()),
        eq(users.ic_number, input.ic_number),
      ),
    );
  const fields: Record<string, string[]> = {};
  for (const t of taken) {
    if (t.username === input.username) fields.username = ['errors.username_taken'];
    if (t.email?.toLowerCase() === input.email.toLowerCase()) fields.email = ['errors.email_taken'];
  }
  if (Object.keys(fields).length) throw new AppError('validation', Object.values(fields)[0][0], fields);
  const passwordHash = await hashPassword(input.password);
  const message = translate('errors.sign_up_check_mail', lang);
  if (taken.some((t) => t.ic_number === input.ic_number)) {
    // not awaited: the answer's time must not depend on the mail server
    void tellMykadHolder(ctx, input.ic_number, lang);
    return { pending: true as const, message };
  }
  let user: typeof users.$inferSelect;
  try {
    [user] = await ctx.db
      .insert(users)
      .values({
        name: input.name,
        username: input.username,
        email: input.email.toLowerCase(),
        ic_number: input.ic_number,
        mobile_number: input.mobile_number,
        password_hash: passwordHash,
        role: 'Client',
        pdpa_accepted_at: new Date(),
      })
      .returning();
  } catch (e) {
    // Registered meanwhile (the unique MyKad index): answered as above.
    const code =
      (e as { code?: string; cause?: { code?: string } })?.code ?? (e as { cause?: { code?: string } })?.cause?.code;
    if (code !== '23505') throw e;
    const [again] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.ic_number, input.ic_number));
    if (!again) throw e;
    void tellMykadHolder(ctx, input.ic_number, lang);
    return { pending: true as const, message };
  }
  const token = await issueToken(ctx.db, user.id, { ip: meta.ip, userAgent: meta.userAgent });
  return { user: await serializeUser(ctx.db, user), token };
}

/** Mail the holder of `icNumber` (when they have an e-mail) that someone tried to sign up with it. Best effort. */
async function tellMykadHolder(ctx: Ctx, icNumber: string, lang: Language) {
  try {
    const [holder] = await ctx.db.select().from(users).where(eq(users.ic_number, icNumber)).limit(1);
    if (!holder?.email) return;
    const base = ctx.appUrl.replace(/\/$/, '');
    await ctx.mailer.send({
      to: holder.email,
      subject: translate('mail.signup_mykad_subject', lang),
      text: `${translate('mail.signup_mykad_body', lang, { name: holder.name })}\n\n${base}/login\n${base}/password-create\n`,
    });
  } catch {
    // the answer must not depend on the mail
  }
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Forgot password: mail an expiring (60 min), single-use link to /password/reset. The answer is the
 * same whether or not the address exists (no account enumeration).
 */
export async function requestPasswordReset(ctx: Ctx, email: string, lang: Language) {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (user?.status !== 1) return;
  const token = randomBytes(32).toString('base64url');
  await ctx.db.insert(password_resets).values({
    user_id: user.id,
    token_hash: sha(token),
    expires_at: new Date(Date.now() + RESET_TTL_MS),
  });
  const link = `${ctx.appUrl}/password/reset?token=${token}&email=${encodeURIComponent(user.email ?? '')}`;
  await ctx.mailer.send({
    to: user.email ?? email,
    subject: translate('mail.reset_subject', lang),
    text: `${translate('mail.reset_body', lang, { name: user.name })}\n\n${link}\n`,
  });
}

/**
 * Set a new password from a reset link or an invitation link (ADR 0243). Every session of the user is revoked.
 * @throws 422 on `token`: `errors.reset_link_invalid` when unknown, for another e-mail, or a reset link used or
 *   expired; for an invitation `errors.invitation_used`, `errors.invitation_replaced` or
 *   `errors.invitation_expired` (auth/invitations.ts invitationProblem).
 */
export async function resetPassword(ctx: Ctx, input: { email: string; token: string; password: string }) {
  const invalid = new AppError('validation', 'errors.reset_link_invalid', { token: ['errors.reset_link_invalid'] });
  const [row] = await ctx.db
    .select({ reset: password_resets, user: users })
    .from(password_resets)
    .innerJoin(users, eq(users.id, password_resets.user_id))
    .where(eq(password_resets.token_hash, sha(input.token)));
  if (!row || row.user.email?.toLowerCase() !== input.email.toLowerCase()) throw invalid;
  if (row.reset.kind === 'invitation') {
    const problem = invitationProblem(row.reset, !!row.user.password_hash);
    if (problem) throw problem;
  } else if (row.reset.used_at || row.reset.revoked_at || row.reset.expires_at <= new Date()) throw invalid;
  const hash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(password_resets)
      .set({ used_at: new Date() })
      .where(
        and(eq(password_resets.id, row.reset.id), isNull(password_resets.used_at), isNull(password_resets.revoked_at)),
      )
      .returning({ id: password_resets.id });
    if (used.length === 0) throw invalid;
    await tx.update(users).set({ password_hash: hash }).where(eq(users.id, row.user.id));
  });
  await revokeAllTokens(ctx.db, row.user.id);
}

/**
 * Change the password of the logged-in user (spec §5: the current password must be correct).
 * @throws 422 `errors.current_password_incorrect` on `old_password`.
 */
export async function changePassword(ctx: Ctx, user: AuthUser, input: { old_password: string; password: string }) {
  if (!(await verifyPassword(user.password_hash, input.old_password))) {
    throw new AppError('validation', 'errors.current_password_incorrect', {
      old_password: ['errors.current_password_incorrect'],
    });
  }
  await ctx.db
    .update(users)
    .set({ password_hash: await hashPassword(input.password) })
    .where(eq(users.id, user.id));
}
