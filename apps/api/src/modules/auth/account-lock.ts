/**
 * The per-account login limit across addresses (issue 36 item 2; ADR 0227), beside the per-(account, address) and
 * per-address limits of ADR 0105 (auth/service.ts):
 * - every password checked for an account takes one of its {@link ACCOUNT_HOURLY_MAX_TRIES} tries
 *   (× RATE_LIMIT_SCALE) of a one-hour window, whatever the address; a successful login gives its try back. From
 *   the last try on, the account's password is not checked for an hour ({@link accountLocked}: 429
 *   `errors.login_account_locked`), so at most that many guesses per account per hour, from any number of
 *   addresses. An unknown login name has its own counter (by the name), so the limit tells nothing about which
 *   accounts exist;
 * - the owner lifts it for themself with a code sent to the account's own e-mail (or, without one, its mobile
 *   number): `POST /api/login/unlock/create { username, password }` sends it only when the account is locked AND
 *   the password is right, answering the same in every case and before anything is sent (no oracle, no mail to
 *   the owner from someone without the password); `POST /api/login/unlock { username, password, code }` logs in
 *   past the lock (auth/service.ts). An attacker who locks the account therefore never locks the owner out.
 */
import { type Language, translate } from '@wasiat/domain';
import { eq, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { login_failures, users } from '../../db/schema/index.ts';
import { DUMMY_HASH, verifyPassword } from '../../platform/auth/passwords.ts';
import { AppError, fieldError } from '../../platform/http/errors.ts';
import { sendBoundCode, smsSenderFor, spendCode } from '../otp/index.ts';
import { countHit, failureCount } from './login-failures.ts';

/** Passwords checked per account per hour, from any number of addresses (× RATE_LIMIT_SCALE). */
export const ACCOUNT_HOURLY_MAX_TRIES = 20;
/** The window of those tries and the lock after the last of them (ms). */
const ACCOUNT_WINDOW_MS = 60 * 60 * 1000;
/** The purpose of the code that lifts the lock (otp_codes.purpose; not requestable through /api/otp/request). */
export const UNLOCK_CODE_PURPOSE = 'login-unlock';

type User = typeof users.$inferSelect;

/** The user a login name names: username, e-mail (any case) or MyKad. */
export async function findLoginUser(db: Db, ident: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(
      or(eq(users.username, ident), eq(sql`lower(${users.email})`, ident.toLowerCase()), eq(users.ic_number, ident)),
    )
    .limit(1);
  return user;
}

/** The counter key of an account: its id (so every login name of it counts together), else the name typed. */
export const accountKey = (user: { id: string } | undefined, ident: string) =>
  user ? `user:${user.id}` : `name:${ident.toLowerCase()}`;

const maxTries = (scale: number) => Math.max(1, Math.round(ACCOUNT_HOURLY_MAX_TRIES * scale));

/**
 * Take one try of the account before its password is checked.
 * @throws 429 `errors.login_account_locked` (with `unlock` in the body, auth/routes.ts) when none is left.
 */
export async function takeAccountTry(db: Db, key: string, scale: number) {
  const max = maxTries(scale);
  const hit = await countHit(db, key, max, { windowMs: ACCOUNT_WINDOW_MS, lockMs: ACCOUNT_WINDOW_MS, lock: 'once' });
  if (hit.count > max) throw accountLocked(hit.lockedUntil ?? new Date(Date.now() + ACCOUNT_WINDOW_MS));
}

/** Give back the try of a successful login (and lift a lock that try set). */
export async function giveAccountTryBack(db: Db, key: string, scale: number) {
  const max = maxTries(scale);
  await db
    .update(login_failures)
    .set({
      count: sql`greatest(0, ${login_failures.count} - 1)`,
      locked_until: sql`case when ${login_failures.count} - 1 < ${max} then null else ${login_failures.locked_until} end`,
    })
    .where(eq(login_failures.key, key));
}

/** 429 `errors.login_account_locked` `{ minutes }` with Retry-After (seconds). */
export function accountLocked(until: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60000));
  return new AppError(
    'rate_limited',
    'errors.login_account_locked',
    {},
    { minutes },
    { 'retry-after': String(minutes * 60) },
  );
}

/**
 * `POST /api/login/unlock/create { username, password, channel? }`: when the account is locked (above) and the
 * password is right, send a code (5 minutes, otp rules) to the account's e-mail — or SMS to its mobile number when
 * `channel` is "sms" or it has no e-mail. Always returns without telling which case held, and after the same work
 * (one lock read, one password check); the code is made and sent after the answer (`log` gets a failure).
 */
export async function requestUnlockCode(
  ctx: Ctx,
  input: { username: string; password: string; channel?: 'email' | 'sms' },
  lang: Language,
  log: (err: unknown) => void,
) {
  const ident = input.username.trim();
  const user = await findLoginUser(ctx.db, ident);
  const lock = await failureCount(ctx.db, accountKey(user, ident));
  const matches = await verifyPassword(user?.password_hash || (await DUMMY_HASH), input.password);
  const locked = !!lock.lockedUntil && lock.lockedUntil > new Date();
  if (user?.status !== 1 || !matches || !locked) return;
  const sms = (input.channel === 'sms' && user.mobile_number) || !user.email;
  const destination = sms ? user.mobile_number : user.email;
  if (!destination) return;
  setImmediate(() => {
    sendBoundCode(ctx, smsSenderFor(ctx.env), {
      ownerId: user.id,
      actorId: null,
      purpose: UNLOCK_CODE_PURPOSE,
      record: {},
      channel: sms ? 'sms' : 'email',
      destination,
      message: (p) => ({
        subject: translate('mail.unlock_subject', lang, p),
        text: translate(sms ? 'mail.unlock_sms' : 'mail.unlock_body', lang, { ...p, name: user.name }),
      }),
    }).catch(log);
  });
}

/**
 * Spend the account's latest unlock code (single use; 5 wrong tries per code, 5 minutes; otp rules).
 * @throws 422 `otp.incorrect` | `otp.expired` | `otp.too_many_attempts` on `code` (an unknown account: incorrect).
 */
export async function spendUnlockCode(db: Db, user: User | undefined, code: string, ip: string) {
  if (!user) throw fieldError('code', 'otp.incorrect');
  await spendCode(db, { ownerId: user.id, actorId: user.id, ip, purpose: UNLOCK_CODE_PURPOSE, code });
}
