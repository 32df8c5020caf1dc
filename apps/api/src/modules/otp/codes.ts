/**
 * A one-time code's life as a row of `otp_codes` (issue 3 "One-time codes"; spec §5, §8): the limits and the
 * purposes, creating and sending a code bound to its purpose and record ({@link sendBoundCode}), checking one
 * ({@link checkCodeRow}, {@link markVerified}) and the grant request's code (ADR 0101). The purposes' rules —
 * which record a code is for, verifying and spending it — are otp/service.ts; the 2021 client's `sms/code` is
 * otp/sms-code.ts. Every function takes `now` so tests can move the clock.
 */
import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, count, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { otp_codes } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { AppError, fieldError } from '../../platform/http/errors.ts';
import { SmsSendError, type SmsSender } from './sms.ts';

/** How long a code may be verified after it was sent: 5 minutes (ms; spec §8). */
export const OTP_TTL_MS = 5 * 60 * 1000;
/** Wrong tries after which a code is refused (`otp.too_many_attempts`). */
export const OTP_MAX_WRONG = 5;
/** Codes per owner and per destination in any {@link OTP_WINDOW_MS} (issue 3). */
export const OTP_MAX_REQUESTS = 5;
/** The rolling window of {@link OTP_MAX_REQUESTS}: 15 minutes (ms). */
export const OTP_WINDOW_MS = 15 * 60 * 1000;
/** At most this many codes per destination (e-mail address or mobile number) per {@link OTP_DAY_MS}. */
export const OTP_MAX_PER_DAY = 10;
/** The rolling window of {@link OTP_MAX_PER_DAY}: 24 hours (ms). */
export const OTP_DAY_MS = 24 * 60 * 60 * 1000;
/** How long a verified code may still be spent by the action it guards. */
export const OTP_VERIFIED_VALID_MS = 15 * 60 * 1000;
/** The purposes `POST /api/otp/request` takes; each binds a code to one guarded action. */
export const OTP_PURPOSES = [
  'will-submit',
  'amendment-submit',
  'hibah-submit',
  'hibah-finalise',
  'hibah-amendment-submit',
  // a change of the holder's own e-mail or mobile number, the code sent to the CURRENT channel (issue 16 item 3;
  // ADR 0105); bound to no record
  'channel-change',
] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
/** The purposes bound to a hibah (`hibah_id`, the grantor only; ADRs 0096, 0097); the others to a will. */
export const HIBAH_OTP_PURPOSES: readonly OtpPurpose[] = ['hibah-submit', 'hibah-finalise', 'hibah-amendment-submit'];
/** Whether a purpose concerns a hibah (its record id is `hibah_id`, else `wasiat_id`). */
export const isHibahPurpose = (p: OtpPurpose) => HIBAH_OTP_PURPOSES.includes(p);

const HASH_OPTS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Who asks: the caller and their IP (for the audit). */
export interface Actor {
  user: AuthUser;
  ip?: string;
}

/** A 6-digit code from the crypto RNG (leading zeros kept). */
export const newOtpCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** An e-mail address or phone number as shown back to a user: `a***@contoh.my`, `*******789`. */
export const maskDestination = (dest: string) =>
  dest.includes('@') ? dest.replace(/^(.).*(@.*)$/, '$1***$2') : dest.replace(/.(?=.{3})/g, '*');
const mask = maskDestination;

/**
 * Mark a checked code verified, once: only one concurrent request can flip `verified_at` from null; the
 * others get 422 `otp.incorrect` on `code`.
 */
export async function markVerified(db: Db, id: string, now: Date) {
  const done = await db
    .update(otp_codes)
    .set({ verified_at: now })
    .where(and(eq(otp_codes.id, id), isNull(otp_codes.verified_at)))
    .returning({ id: otp_codes.id });
  if (!done.length) throw fieldError('code', 'otp.incorrect');
}

/** The record columns a code may be bound to (at most one is set). */
export interface OtpRecord {
  wasiat_id?: string | null;
  hibah_id?: string | null;
  client_grant_id?: string | null;
}

/**
 * Create a code for `ownerId` bound to `purpose` and `record`, within the limits of this module (per
 * owner and per destination, {@link OTP_MAX_REQUESTS} per {@link OTP_WINDOW_MS} and
 * {@link OTP_MAX_PER_DAY} per day; 429 `otp.too_many_requests(_day)`), send it to `destination` by
 * e-mail or SMS with the text `message` builds (`{ code, minutes }`), audit `otp.request` by `actorId`.
 * Used by `POST /api/otp/request` (the caller's own channel) and by the grants module (a code sent to a
 * client's own channel to approve an organisation's request, purpose "grant-approve"; ADR 0101).
 * @returns where it went (masked) and when it expires. @throws 422 `otp.sms_failed` on `channel`.
 */
export async function sendBoundCode(
  ctx: Ctx,
  sms: SmsSender,
  opts: {
    ownerId: string;
    actorId: string | null;
    ip?: string;
    purpose: string;
    record: OtpRecord;
    channel: 'email' | 'sms';
    destination: string;
    message: (params: { code: string; minutes: number }) => { subject: string; text: string };
    /**
     * false: the per-owner limit is not applied, only the per-destination ones — for codes whose owner is not the
     * person asking (the deceased of a release, whose family each ask at their own address; ADR 0267).
     */
    limitPerOwner?: boolean;
    /** The person the code was sent to when not its owner (a will's testator; ADR 0278), for the audit. */
    sentTo?: string;
  },
  now = new Date(),
) {
  const { channel, destination, record } = opts;
  const since = (ms: number) => gt(otp_codes.created_at, new Date(now.getTime() - ms));
  const countWhere = async (where: SQL | undefined) =>
    Number((await ctx.db.select({ n: count() }).from(otp_codes).where(where))[0].n);
  if (
    (opts.limitPerOwner !== false &&
      (await countWhere(and(eq(otp_codes.user_id, opts.ownerId), since(OTP_WINDOW_MS)))) >= OTP_MAX_REQUESTS) ||
    (await countWhere(and(eq(otp_codes.destination, destination), since(OTP_WINDOW_MS)))) >= OTP_MAX_REQUESTS
  ) {
    throw new AppError('rate_limited', 'otp.too_many_requests');
  }
  if ((await countWhere(and(eq(otp_codes.destination, destination), since(OTP_DAY_MS)))) >= OTP_MAX_PER_DAY) {
    throw new AppError('rate_limited', 'otp.too_many_requests_day');
  }

  const code = newOtpCode();
  const expires = new Date(now.getTime() + OTP_TTL_MS);
  const [row] = await ctx.db
    .insert(otp_codes)
    .values({
      user_id: opts.ownerId,
      purpose: opts.purpose,
      wasiat_id: record.wasiat_id ?? null,
      hibah_id: record.hibah_id ?? null,
      client_grant_id: record.client_grant_id ?? null,
      channel,
      destination,
      code_hash: await hash(code, HASH_OPTS),
      expires_at: expires,
      created_at: now,
    })
    .returning({ id: otp_codes.id });
  const msg = opts.message({ code, minutes: OTP_TTL_MS / 60000 });
  if (channel === 'sms') {
    try {
      await sms.send({ to: destination, text: msg.text });
    } catch (e) {
      if (e instanceof SmsSendError) throw fieldError('channel', 'otp.sms_failed');
      throw e;
    }
  } else {
    await ctx.mailer.send({ to: destination, subject: msg.subject, text: msg.text });
  }
  await recordAudit(ctx.db, {
    actorId: opts.actorId,
    action: 'otp.request',
    entityType: 'OtpCode',
    entityId: row.id,
    after: { purpose: opts.purpose, ...record, channel, ...(opts.sentTo ? { sent_to: opts.sentTo } : {}) },
    ip: opts.ip,
  });
  return { otp: { channel, destination: mask(destination), expires_at: expires.toISOString() } };
}

/**
 * Check `code` against the latest code of `ownerId` for `purpose` bound to the grant request
 * `clientGrantId` (purpose "grant-approve"; ADR 0101), with the rules of {@link spendCode}.
 */
export async function verifyGrantCode(
  db: Db,
  opts: { ownerId: string; actorId: string; ip?: string; clientGrantId: string; code: string },
  now = new Date(),
) {
  await spendCode(
    db,
    { ...opts, purpose: GRANT_OTP_PURPOSE, record: eq(otp_codes.client_grant_id, opts.clientGrantId) },
    now,
  );
}

/**
 * Check `code` against the latest code of `ownerId` for `purpose` (bound as `record` says; none: any), with the
 * same rules as {@link verifyOtp}: wrong → 422 `otp.incorrect` on `code` (counted), expired → `otp.expired`,
 * after {@link OTP_MAX_WRONG} wrong tries → `otp.too_many_attempts`; single use (marked verified and spent at
 * once). Audits `otp.verify` by `actorId`. Used by the grant request's code and the login unlock code (auth
 * module, purpose "login-unlock"; issue 36 item 2).
 */
export async function spendCode(
  db: Db,
  opts: { ownerId: string; actorId: string | null; ip?: string; purpose: string; record?: SQL; code: string },
  now = new Date(),
) {
  const latest = await latestCode(db, opts.ownerId, opts.purpose, opts.record);
  const row = await checkCodeRow(db, latest, opts.code, now);
  const done = await db
    .update(otp_codes)
    .set({ verified_at: now, used_at: now })
    .where(and(eq(otp_codes.id, row.id), isNull(otp_codes.verified_at)))
    .returning({ id: otp_codes.id });
  if (!done.length) throw fieldError('code', 'otp.incorrect');
  await recordAudit(db, {
    actorId: opts.actorId,
    action: 'otp.verify',
    entityType: 'OtpCode',
    entityId: row.id,
    after: { purpose: row.purpose, client_grant_id: row.client_grant_id },
    ip: opts.ip,
  });
}

/** The purpose of a code that approves a grant request (not requestable through `POST /api/otp/request`). */
export const GRANT_OTP_PURPOSE = 'grant-approve';

/**
 * The newest code of `ownerId` for `purpose`, bound as `record` says (a condition on the record columns; none:
 * any), whatever its state: the one a verification checks ({@link checkCodeRow}).
 */
export async function latestCode(db: Db, ownerId: string, purpose: string, record?: SQL) {
  const [row] = await db
    .select()
    .from(otp_codes)
    .where(and(eq(otp_codes.user_id, ownerId), eq(otp_codes.purpose, purpose), record))
    .orderBy(desc(otp_codes.created_at))
    .limit(1);
  return row;
}

/**
 * The newest verified, unspent code of `userId` for `purpose`, bound as `record` says (none: any), verified
 * within {@link OTP_VERIFIED_VALID_MS} of `now`: the one a guarded action may spend. @returns `{ id, verified_at }`
 * or null.
 */
export async function usableVerifiedCode(db: Db, userId: string, purpose: string, now: Date, record?: SQL) {
  const [row] = await db
    .select({ id: otp_codes.id, verified_at: otp_codes.verified_at })
    .from(otp_codes)
    .where(
      and(
        eq(otp_codes.user_id, userId),
        eq(otp_codes.purpose, purpose),
        record,
        gt(otp_codes.verified_at, new Date(now.getTime() - OTP_VERIFIED_VALID_MS)),
        isNull(otp_codes.used_at),
      ),
    )
    .orderBy(desc(otp_codes.verified_at))
    .limit(1);
  return row ?? null;
}

/** Shared checks of a code row: missing/used, too many tries, expired, wrong (counted). */
export async function checkCodeRow(
  db: Db,
  row: typeof otp_codes.$inferSelect | undefined,
  code: string,
  now: Date,
): Promise<typeof otp_codes.$inferSelect> {
  if (!row || row.verified_at) throw fieldError('code', 'otp.incorrect');
  if (row.failed_attempts >= OTP_MAX_WRONG) throw fieldError('code', 'otp.too_many_attempts');
  if (row.expires_at.getTime() <= now.getTime()) throw fieldError('code', 'otp.expired');
  const good = /^\d{6}$/.test(code) && (await verify(row.code_hash, code).catch(() => false));
  if (!good) {
    // Atomic increment: concurrent wrong tries are all counted.
    await db
      .update(otp_codes)
      .set({ failed_attempts: sql`${otp_codes.failed_attempts} + 1` })
      .where(eq(otp_codes.id, row.id));
    throw fieldError('code', 'otp.incorrect');
  }
  return row;
}
