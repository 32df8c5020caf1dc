/**
 * The second factor of staff logins (issue 11 "Staff, officer and admin roles use a second factor at login
 * (TOTP with otplib …), with recovery codes"; ADR 0081).
 *
 * Flow: `POST /api/login` with a correct password for a role of {@link SECOND_FACTOR_ROLES} answers
 * `{ two_factor_required: true, enrolment_required, challenge }` instead of `{ user, token }`. The client then
 * - when `enrolment_required`: `POST /api/two-factor/enrol { challenge }` → `{ secret, otpauth_url, qr_code }`,
 *   and the user adds the secret to an authenticator app;
 * - `POST /api/two-factor/verify { challenge, code }` → `{ user, token }` (plus `recovery_codes`, shown once,
 *   when this verification completed an enrolment).
 * TOTP: RFC 6238, SHA-1, 6 digits, 30-second steps, one step of tolerance either way; a code of a step at or
 * before the last accepted one is refused (no replay). A recovery code (10 per enrolment, `XXXXX-XXXXX`)
 * replaces a TOTP code once. A challenge lives 5 minutes and takes at most 5 codes; wrong codes also count
 * per user (`2fa:<user id>`: from the 10th failure in 15 minutes, 15 minutes locked, 429).
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { type Language, type Role, SECOND_FACTOR_ROLES, translate } from '@wasiat/domain';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { generateSecret, generateURI, generate as totpGenerate, verify as totpVerify } from 'otplib';
import QRCode from 'qrcode';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { login_challenges, login_failures, recovery_codes, two_factors, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { issueToken, revokeAllTokens } from '../../platform/auth/tokens.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import type { UrlSigner } from '../../platform/http/signed-url.ts';
import { failureCount, recordFailure, throttled } from './login-failures.ts';
import { serializeUser } from './serialize-user.ts';

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;
/** Failures of second-factor codes per user before a 15-minute lock (as the password's per-account rule). */
export const TWO_FACTOR_MAX_FAILURES = 10;
const STEP_S = 30;
const ISSUER = 'Wasiat';
/** The TOTP secret of the demo staff, officer and admin users (demo seed only; README, ADR 0081). */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const nowEpoch = () => Math.floor(Date.now() / 1000);

/** Whether users of this role log in with a second factor. */
export const needsSecondFactor = (role: string) => (SECOND_FACTOR_ROLES as readonly string[]).includes(role as Role);

/** Seal a TOTP secret with AES-256-GCM under the APP_KEY-derived key: `v1.<iv>.<tag>.<ciphertext>`. */
export function sealSecret(signer: UrlSigner, secret: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', signer.subkey('totp-secret'), iv);
  const ct = Buffer.concat([c.update(secret, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

/** Open a sealed TOTP secret (throws when tampered with or sealed under another key). */
export function openSecret(signer: UrlSigner, sealed: string): string {
  const [, iv, tag, ct] = sealed.split('.');
  const d = createDecipheriv('aes-256-gcm', signer.subkey('totp-secret'), Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
}

/** A recovery code as typed (any case, spaces or dashes) → its keyed hash. */
export const hashRecoveryCode = (signer: UrlSigner, code: string) =>
  createHmac('sha256', signer.subkey('recovery-code'))
    .update(code.toUpperCase().replace(/[^A-Z0-9]/g, ''))
    .digest('hex');

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A new recovery code, `XXXXX-XXXXX` (10 characters of a 32-letter alphabet: 50 bits). */
function newRecoveryCode() {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** The current TOTP code of a base32 secret (tests, the demo e2e helper, and nothing else). */
export const currentCode = (secret: string, epoch = nowEpoch()) => totpGenerate({ secret, epoch });

/**
 * After a correct password: open a challenge for the second factor.
 * @returns `{ two_factor_required: true, enrolment_required, challenge }` (the challenge is shown once).
 */
export async function startChallenge(ctx: Ctx, user: AuthUser, meta: { ip: string; userAgent?: string }) {
  const challenge = randomBytes(32).toString('base64url');
  await ctx.db.insert(login_challenges).values({
    token_hash: sha256(challenge),
    user_id: user.id,
    expires_at: new Date(Date.now() + CHALLENGE_TTL_MS),
    ip: meta.ip,
    user_agent: meta.userAgent?.slice(0, 300),
  });
  const [tf] = await ctx.db.select().from(two_factors).where(eq(two_factors.user_id, user.id));
  return { two_factor_required: true as const, enrolment_required: !tf?.confirmed_at, challenge };
}

const challengeInvalid = () => fieldError('challenge', 'security.challenge_invalid');

async function liveChallenge(db: Db, challenge: string) {
  const [row] = await db
    .select({ c: login_challenges, user: users })
    .from(login_challenges)
    .innerJoin(users, eq(users.id, login_challenges.user_id))
    .where(
      and(
        eq(login_challenges.token_hash, sha256(challenge)),
        isNull(login_challenges.used_at),
        gt(login_challenges.expires_at, new Date()),
      ),
    )
    .limit(1);
  if (!row || row.c.attempts >= CHALLENGE_MAX_ATTEMPTS || row.user.status !== 1) throw challengeInvalid();
  const [tf] = await db.select().from(two_factors).where(eq(two_factors.user_id, row.user.id));
  return { ...row, tf: tf ?? null };
}

/**
 * `POST /api/two-factor/enrol { challenge }` → `{ secret, otpauth_url, qr_code }` (qr_code: a PNG data URL of
 * the otpauth URL). Only for a user without a confirmed second factor; a new call replaces the pending secret.
 * @throws 422 `security.challenge_invalid` (field challenge), `security.already_enrolled`.
 */
export async function enrol(ctx: Ctx, challenge: string) {
  const { user, tf } = await liveChallenge(ctx.db, challenge);
  if (tf?.confirmed_at) throw fieldError('challenge', 'security.already_enrolled');
  const secret = generateSecret();
  const sealed = sealSecret(ctx.signer, secret);
  await ctx.db
    .insert(two_factors)
    .values({ user_id: user.id, secret: sealed })
    .onConflictDoUpdate({ target: two_factors.user_id, set: { secret: sealed, last_time_step: null } });
  const otpauth_url = generateURI({ issuer: ISSUER, label: user.username, secret });
  const qr_code = await QRCode.toDataURL(otpauth_url, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, otpauth_url, qr_code };
}

/** Check a TOTP code against a sealed secret; the accepted step, or null. */
async function checkTotp(ctx: Ctx, tf: typeof two_factors.$inferSelect, code: string) {
  if (!/^\d{6}$/.test(code)) return null;
  const r = await totpVerify({
    secret: openSecret(ctx.signer, tf.secret),
    token: code,
    epoch: nowEpoch(),
    epochTolerance: STEP_S,
    ...(tf.last_time_step != null ? { afterTimeStep: tf.last_time_step } : {}),
  });
  return r.valid && 'timeStep' in r ? (r.timeStep as number) : null;
}

/** Issue `count` fresh recovery codes for a user (the old ones stop working); returns the plaintexts. */
async function replaceRecoveryCodes(ctx: Ctx, db: Db, userId: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recovery_codes).where(eq(recovery_codes.user_id, userId));
  await db
    .insert(recovery_codes)
    .values(codes.map((c) => ({ user_id: userId, code_hash: hashRecoveryCode(ctx.signer, c) })));
  return codes;
}

/**
 * `POST /api/two-factor/verify { challenge, code }` → `{ user, token }`, plus `recovery_codes` (10, shown once)
 * when the code confirmed an enrolment. `code` is the 6-digit TOTP code, or (once enrolled) a recovery code.
 * @throws 422 `security.challenge_invalid` (challenge), `security.code_invalid` (code); 429 after
 * {@link TWO_FACTOR_MAX_FAILURES} wrong codes for the user within 15 minutes.
 */
export async function verifySecondFactor(
  ctx: Ctx,
  input: { challenge: string; code: string },
  meta: { ip: string; userAgent?: string },
) {
  const { c, user, tf } = await liveChallenge(ctx.db, input.challenge);
  const failKey = `2fa:${user.id}`;
  const f = await failureCount(ctx.db, failKey);
  if (f.lockedUntil && f.lockedUntil > new Date()) throw throttled(f.lockedUntil);
  if (!tf) throw fieldError('code', 'security.not_enrolled');
  const code = input.code.trim().replace(/\s+/g, '');
  const step = await checkTotp(ctx, tf, code);
  let recoveryId: string | null = null;
  if (step == null && tf.confirmed_at) {
    const [rc] = await ctx.db
      .select({ id: recovery_codes.id })
      .from(recovery_codes)
      .where(
        and(
          eq(recovery_codes.user_id, user.id),
          eq(recovery_codes.code_hash, hashRecoveryCode(ctx.signer, code)),
          isNull(recovery_codes.used_at),
        ),
      );
    recoveryId = rc?.id ?? null;
  }
  if (step == null && !recoveryId) {
    await ctx.db
      .update(login_challenges)
      .set({ attempts: c.attempts + 1 })
      .where(eq(login_challenges.id, c.id));
    await recordFailure(ctx.db, failKey, TWO_FACTOR_MAX_FAILURES);
    throw fieldError('code', 'security.code_invalid');
  }
  const enrolling = !tf.confirmed_at;
  const out = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // single use of the challenge, also under a race
    const used = await tx
      .update(login_challenges)
      .set({ used_at: new Date() })
      .where(and(eq(login_challenges.id, c.id), isNull(login_challenges.used_at)))
      .returning({ id: login_challenges.id });
    if (used.length === 0) throw challengeInvalid();
    if (step != null) {
      await tx
        .update(two_factors)
        .set({ last_time_step: step, ...(enrolling ? { confirmed_at: new Date() } : {}) })
        .where(eq(two_factors.user_id, user.id));
    }
    if (recoveryId) {
      const spent = await tx
        .update(recovery_codes)
        .set({ used_at: new Date() })
        .where(and(eq(recovery_codes.id, recoveryId), isNull(recovery_codes.used_at)))
        .returning({ id: recovery_codes.id });
      if (spent.length === 0) throw fieldError('code', 'security.code_invalid');
    }
    const codes = enrolling ? await replaceRecoveryCodes(ctx, tx, user.id) : null;
    if (enrolling || recoveryId) {
      await recordAudit(tx, {
        actorId: user.id,
        action: enrolling ? 'two_factor.enrol' : 'two_factor.recovery_code_used',
        entityType: 'User',
        entityId: user.id,
        ip: meta.ip,
      });
    }
    return codes;
  });
  await ctx.db.delete(login_failures).where(eq(login_failures.key, failKey));
  const token = await issueToken(ctx.db, user.id, { ip: meta.ip, userAgent: meta.userAgent });
  return { user: await serializeUser(ctx.db, user), token, ...(out ? { recovery_codes: out } : {}) };
}

/** `GET /api/two-factor` → `{ two_factor: { required, enabled, recovery_codes_left } }` for the caller. */
export async function twoFactorStatus(db: Db, user: AuthUser) {
  const [tf] = await db.select().from(two_factors).where(eq(two_factors.user_id, user.id));
  const left = await db
    .select({ id: recovery_codes.id })
    .from(recovery_codes)
    .where(and(eq(recovery_codes.user_id, user.id), isNull(recovery_codes.used_at)));
  return {
    two_factor: {
      required: needsSecondFactor(user.role),
      enabled: !!tf?.confirmed_at,
      recovery_codes_left: left.length,
    },
  };
}

/**
 * `POST /api/two-factor/recovery-codes { code }` (a current TOTP code) → `{ recovery_codes }`: 10 new codes,
 * the old ones stop working. @throws 422 `security.not_enrolled`, `security.code_invalid` on `code`.
 */
export async function regenerateRecoveryCodes(ctx: Ctx, user: AuthUser, code: string, ip: string) {
  const [tf] = await ctx.db.select().from(two_factors).where(eq(two_factors.user_id, user.id));
  if (!tf?.confirmed_at) throw fieldError('code', 'security.not_enrolled');
  const step = await checkTotp(ctx, tf, code.trim());
  if (step == null) {
    await recordFailure(ctx.db, `2fa:${user.id}`, TWO_FACTOR_MAX_FAILURES);
    throw fieldError('code', 'security.code_invalid');
  }
  return ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.update(two_factors).set({ last_time_step: step }).where(eq(two_factors.user_id, user.id));
    const codes = await replaceRecoveryCodes(ctx, tx, user.id);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'two_factor.recovery_codes_regenerated',
      entityType: 'User',
      entityId: user.id,
      ip,
    });
    return { recovery_codes: codes };
  });
}

/**
 * `DELETE /api/user/{id}/two-factor` (two-factor:reset, Admin only; ADR 0081): a user who lost both the
 * authenticator and the recovery codes enrols again at the next login. In one transaction: the secret
 * and the recovery codes are deleted, every session of the user ends, and `two_factor.reset` is audited
 * on the user (with whether a second factor was set up). → `{ message }` (translated, `lang`).
 * @throws 404 for an unknown user.
 */
export async function resetTwoFactor(ctx: Ctx, actor: AuthUser, userId: string, ip: string, lang: Language = 'ms') {
  const [u] = await ctx.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId));
  if (!u) throw notFound();
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [tf] = await tx.select().from(two_factors).where(eq(two_factors.user_id, userId));
    await tx.delete(recovery_codes).where(eq(recovery_codes.user_id, userId));
    await tx.delete(two_factors).where(eq(two_factors.user_id, userId));
    await revokeAllTokens(tx, userId);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'two_factor.reset',
      entityType: 'User',
      entityId: userId,
      before: { enrolled: !!tf?.confirmed_at },
      after: { enrolled: false, sessions_revoked: true },
      ip,
    });
  });
  return { message: translate('security.two_factor_reset', lang, { name: u.name }) };
}

/**
 * Demo seed only: the demo users of {@link SECOND_FACTOR_ROLES} get the known secret {@link DEMO_TOTP_SECRET},
 * confirmed, so the demo and the browser journeys can log in (README). Idempotent; never in production data
 * (called only where the demo set is seeded).
 */
export async function seedDemoTwoFactor(ctx: Pick<Ctx, 'db' | 'signer'>, usernames: readonly string[]) {
  const rows = await ctx.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(inArray(users.username, [...usernames]));
  for (const u of rows.filter((r) => needsSecondFactor(r.role))) {
    await ctx.db
      .insert(two_factors)
      .values({ user_id: u.id, secret: sealSecret(ctx.signer, DEMO_TOTP_SECRET), confirmed_at: new Date() })
      .onConflictDoNothing();
  }
}
