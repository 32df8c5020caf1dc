/**
 * One-time codes (issue 3 "One-time codes"; spec §5, §8). A code is 6 digits from the crypto RNG,
 * stored as an argon2id hash, valid {@link OTP_TTL_MS} (5 minutes), single use, with at most
 * {@link OTP_MAX_WRONG} wrong tries; at most {@link OTP_MAX_REQUESTS} codes per {@link OTP_WINDOW_MS}
 * (15 minutes) per user and per destination, and {@link OTP_MAX_PER_DAY} per destination in 24 hours
 * (issue 3; the 20 per hour per IP is http/rate-limits.ts). The rolling windows count every code created.
 * Verifying marks the code verified; the guarded action then spends it with {@link consumeVerifiedOtp}:
 * a will's submission (`will-submit`, with `wasiat_id`), a will amendment's (`amendment-submit`, with the
 * amended will's `wasiat_id`, required), a hibah's submission (`hibah-submit`), the grantor's acceptance of
 * its draft (`hibah-finalise`; ADR 0096) or a hibah amendment's submission (`hibah-amendment-submit`;
 * ADR 0097), the three with `hibah_id`. A code is bound to its purpose and record.
 * Every function takes `now` so tests can move the clock.
 */
import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { type Language, translate } from '@wasiat/domain';
import { and, count, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import type { AuthUser } from '../auth/guard.ts';
import type { Ctx } from '../context.ts';
import type { Db } from '../db/client.ts';
import { otp_codes } from '../db/schema/index.ts';
import { assertGrantor } from '../hibah/policy.ts';
import { findVisibleHibah } from '../hibah/service.ts';
import { AppError, fieldError } from '../http/errors.ts';
import { findVisibleWill } from '../wills/queries.ts';
import { SmsSendError, type SmsSender } from './sms.ts';

export const OTP_TTL_MS = 5 * 60 * 1000;
export const OTP_MAX_WRONG = 5;
export const OTP_MAX_REQUESTS = 5;
export const OTP_WINDOW_MS = 15 * 60 * 1000;
/** At most this many codes per destination (e-mail address or mobile number) per {@link OTP_DAY_MS}. */
export const OTP_MAX_PER_DAY = 10;
export const OTP_DAY_MS = 24 * 60 * 60 * 1000;
/** How long a verified code may still be spent by the action it guards. */
export const OTP_VERIFIED_VALID_MS = 15 * 60 * 1000;
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

export interface OtpRequest {
  purpose: OtpPurpose;
  wasiat_id?: string | null;
  hibah_id?: string | null;
  channel?: 'email' | 'sms';
}
export interface OtpVerify {
  code: string;
  purpose: OtpPurpose;
  wasiat_id?: string | null;
  hibah_id?: string | null;
}
interface Actor {
  user: AuthUser;
  ip?: string;
}

/** A 6-digit code from the crypto RNG (leading zeros kept). */
export const newOtpCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

const mask = (dest: string) =>
  dest.includes('@') ? dest.replace(/^(.).*(@.*)$/, '$1***$2') : dest.replace(/.(?=.{3})/g, '*');

/**
 * The record a code is for: a hibah purpose needs `hibah_id` of a hibah the caller may see and whose
 * grantor they are (only the grantor submits, finalises or amends, spec §6: 403 `hibah.grantor_only`);
 * `amendment-submit` needs the amended will's `wasiat_id` (an unbound code would count for nothing; ADR
 * 0097); `will-submit` takes an optional `wasiat_id` of a visible will. 404 when not visible; 422
 * `validation.required` on the missing id.
 * @returns the two record columns of the code row.
 */
async function checkRecord(
  db: Db,
  user: AuthUser,
  input: { purpose: OtpPurpose; wasiat_id?: string | null; hibah_id?: string | null },
) {
  if (isHibahPurpose(input.purpose)) {
    if (!input.hibah_id) throw fieldError('hibah_id', 'validation.required');
    assertGrantor(user, await findVisibleHibah(db, user, input.hibah_id));
    return { wasiat_id: null, hibah_id: input.hibah_id };
  }
  if (input.purpose === 'amendment-submit' && !input.wasiat_id) throw fieldError('wasiat_id', 'validation.required');
  if (input.wasiat_id) await findVisibleWill(db, user, input.wasiat_id);
  return { wasiat_id: input.wasiat_id ?? null, hibah_id: null };
}

/** The WHERE condition binding a code to its record (the will, the hibah, or none). */
function recordIs(purpose: OtpPurpose, recordId: string | null | undefined) {
  if (isHibahPurpose(purpose)) return recordId ? eq(otp_codes.hibah_id, recordId) : isNull(otp_codes.hibah_id);
  return recordId ? eq(otp_codes.wasiat_id, recordId) : isNull(otp_codes.wasiat_id);
}

/**
 * Mark a checked code verified, once: only one concurrent request can flip `verified_at` from null; the
 * others get 422 `otp.incorrect` on `code`.
 */
async function markVerified(db: Db, id: string, now: Date) {
  const done = await db
    .update(otp_codes)
    .set({ verified_at: now })
    .where(and(eq(otp_codes.id, id), isNull(otp_codes.verified_at)))
    .returning({ id: otp_codes.id });
  if (!done.length) throw fieldError('code', 'otp.incorrect');
}

/** `POST /api/otp/request`: create a code and send it. @returns where it went (masked) and when it expires. */
export async function requestOtp(
  ctx: Ctx,
  sms: SmsSender,
  actor: Actor,
  input: OtpRequest,
  lang: Language,
  now = new Date(),
) {
  const me = actor.user;
  const record = await checkRecord(ctx.db, me, input);
  const channel = input.channel ?? 'email';
  const destination = channel === 'sms' ? me.mobile_number : me.email;
  if (!destination) throw fieldError('channel', 'otp.no_destination');
  return sendBoundCode(
    ctx,
    sms,
    {
      ownerId: me.id,
      actorId: me.id,
      ip: actor.ip,
      purpose: input.purpose,
      record,
      channel,
      destination,
      message: (params) => ({
        subject: translate('otp.mail_subject', lang, params),
        text: translate(channel === 'sms' ? 'otp.sms_body' : 'otp.mail_body', lang, params),
      }),
    },
    now,
  );
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
    actorId: string;
    ip?: string;
    purpose: string;
    record: OtpRecord;
    channel: 'email' | 'sms';
    destination: string;
    message: (params: { code: string; minutes: number }) => { subject: string; text: string };
  },
  now = new Date(),
) {
  const { channel, destination, record } = opts;
  const since = (ms: number) => gt(otp_codes.created_at, new Date(now.getTime() - ms));
  const countWhere = async (where: SQL | undefined) =>
    Number((await ctx.db.select({ n: count() }).from(otp_codes).where(where))[0].n);
  if (
    (await countWhere(and(eq(otp_codes.user_id, opts.ownerId), since(OTP_WINDOW_MS)))) >= OTP_MAX_REQUESTS ||
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
    after: { purpose: opts.purpose, ...record, channel },
    ip: opts.ip,
  });
  return { otp: { channel, destination: mask(destination), expires_at: expires.toISOString() } };
}

/**
 * Check `code` against the latest code of `ownerId` for `purpose` bound to the grant request
 * `clientGrantId` (purpose "grant-approve"; ADR 0101), with the same rules as {@link verifyOtp}: wrong →
 * 422 `otp.incorrect` on `code` (counted), expired → `otp.expired`, after {@link OTP_MAX_WRONG} wrong tries
 * → `otp.too_many_attempts`; single use (marked verified and spent at once). Audits `otp.verify` by `actorId`.
 */
export async function verifyGrantCode(
  db: Db,
  opts: { ownerId: string; actorId: string; ip?: string; clientGrantId: string; code: string },
  now = new Date(),
) {
  const [latest] = await db
    .select()
    .from(otp_codes)
    .where(
      and(
        eq(otp_codes.user_id, opts.ownerId),
        eq(otp_codes.purpose, GRANT_OTP_PURPOSE),
        eq(otp_codes.client_grant_id, opts.clientGrantId),
      ),
    )
    .orderBy(desc(otp_codes.created_at))
    .limit(1);
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

/** Shared checks of a code row: missing/used, too many tries, expired, wrong (counted). */
async function checkCodeRow(
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

/**
 * `POST /api/otp/verify`: check the code against the caller's latest unverified code for the purpose
 * (and will). Wrong → 422 `otp.incorrect` (the try is counted); expired → `otp.expired`; after
 * {@link OTP_MAX_WRONG} wrong tries → `otp.too_many_attempts`; a code already verified cannot be reused.
 */
export async function verifyOtp(db: Db, actor: Actor, input: OtpVerify, now = new Date()) {
  const me = actor.user;
  const [latest] = await db
    .select()
    .from(otp_codes)
    .where(
      and(
        eq(otp_codes.user_id, me.id),
        eq(otp_codes.purpose, input.purpose),
        recordIs(input.purpose, isHibahPurpose(input.purpose) ? input.hibah_id : input.wasiat_id),
      ),
    )
    .orderBy(desc(otp_codes.created_at))
    .limit(1);
  const row = await checkCodeRow(db, latest, input.code, now);
  await markVerified(db, row.id, now);
  await recordAudit(db, {
    actorId: me.id,
    action: 'otp.verify',
    entityType: 'OtpCode',
    entityId: row.id,
    after: { purpose: row.purpose, wasiat_id: row.wasiat_id, hibah_id: row.hibah_id },
    ip: actor.ip,
  });
  return { otp: { verified: true, purpose: row.purpose, verified_at: now.toISOString() } };
}

/** The caller's newest verified, unspent code of `purpose` for the record, still within its validity. */
async function usableVerified(db: Db, userId: string, purpose: OtpPurpose, recordId: string | null, now: Date) {
  const [row] = await db
    .select({ id: otp_codes.id, verified_at: otp_codes.verified_at })
    .from(otp_codes)
    .where(
      and(
        eq(otp_codes.user_id, userId),
        eq(otp_codes.purpose, purpose),
        recordIs(purpose, recordId),
        gt(otp_codes.verified_at, new Date(now.getTime() - OTP_VERIFIED_VALID_MS)),
        isNull(otp_codes.used_at),
      ),
    )
    .orderBy(desc(otp_codes.verified_at))
    .limit(1);
  return row ?? null;
}

/**
 * `GET /api/otp/verified?purpose&wasiat_id|hibah_id`: whether the caller holds a verified code of `purpose`
 * for the record that the guarded action may still spend, so a page reloaded after verifying does not ask
 * again (issue 17 item 13). Reads only the caller's own codes; spends nothing.
 * @returns `{ otp: { verified, verified_at, valid_until } }` (ISO times, null when not verified).
 */
export async function verifiedOtpStatus(
  db: Db,
  me: AuthUser,
  input: { purpose: OtpPurpose; wasiat_id?: string | null; hibah_id?: string | null },
  now = new Date(),
) {
  const recordId = (isHibahPurpose(input.purpose) ? input.hibah_id : input.wasiat_id) ?? null;
  const row = await usableVerified(db, me.id, input.purpose, recordId, now);
  const at = row?.verified_at ?? null;
  return {
    otp: {
      verified: !!at,
      verified_at: at ? at.toISOString() : null,
      valid_until: at ? new Date(at.getTime() + OTP_VERIFIED_VALID_MS).toISOString() : null,
    },
  };
}

/**
 * Spend a verified, unspent code of `purpose` for the record (the will's id, or the hibah's for a hibah
 * purpose; verified within {@link OTP_VERIFIED_VALID_MS}). Call inside the guarded action's transaction.
 * @returns whether one was found (and is now spent).
 */
export async function consumeVerifiedOtp(
  db: Db,
  userId: string,
  purpose: OtpPurpose,
  recordId: string | null,
  now = new Date(),
): Promise<boolean> {
  const row =
    (await usableVerified(db, userId, purpose, recordId, now)) ?? (await usableSmsCode(db, userId, purpose, now));
  if (!row) return false;
  const spent = await db
    .update(otp_codes)
    .set({ used_at: now })
    .where(and(eq(otp_codes.id, row.id), isNull(otp_codes.used_at)))
    .returning({ id: otp_codes.id });
  return spent.length > 0;
}

// ————————————————————————————————————————————— the 2021 client's `sms/code`, `sms/verify` (issue 20; ADR 0162)

/** The purpose of a code asked for by the 2021 client's `POST sms/code { phone_number }` (no purpose, no record). */
export const SMS_CODE_PURPOSE = 'sms-code';
/** The guarded actions a 2021 code may stand for: a person's own finalising steps (not `channel-change`). */
const SMS_CODE_SERVES: readonly OtpPurpose[] = [
  'will-submit',
  'amendment-submit',
  'hibah-submit',
  'hibah-finalise',
  'hibah-amendment-submit',
];
const digitsOf = (phone: string) => {
  const d = phone.replace(/\D/g, '');
  return d.startsWith('60') ? d : d.startsWith('0') ? `6${d}` : d;
};

/**
 * `POST /api/sms/code { phone_number }` (reference §2.11): a code by SMS to the caller's OWN mobile number — the
 * 2021 client sends the number of the person about to sign, who is the caller in our rules (only the grantor
 * or testator finalises). Another number → 422 `otp.phone_not_yours` on `phone_number` (codes are never sent to
 * a number the caller names); limits as {@link sendBoundCode}.
 */
export async function requestSmsCode(ctx: Ctx, sms: SmsSender, actor: Actor, phone: string, lang: Language) {
  const me = actor.user;
  if (!me.mobile_number || digitsOf(me.mobile_number) !== digitsOf(phone)) {
    throw fieldError('phone_number', 'otp.phone_not_yours');
  }
  return sendBoundCode(ctx, sms, {
    ownerId: me.id,
    actorId: me.id,
    ip: actor.ip,
    purpose: SMS_CODE_PURPOSE,
    record: {},
    channel: 'sms',
    destination: me.mobile_number,
    message: (params) => ({
      subject: translate('otp.mail_subject', lang, params),
      text: translate('otp.sms_body', lang, params),
    }),
  });
}

/**
 * `POST /api/sms/verify { phone_number, code }`: check the caller's latest `sms/code` code (same rules as
 * {@link verifyOtp}: wrong → 422 `otp.incorrect` counted, expired, too many tries, single use). The verified
 * code is then spent by the caller's next finalising step ({@link consumeVerifiedOtp}), whichever it is.
 */
export async function verifySmsCode(db: Db, actor: Actor, phone: string, code: string, now = new Date()) {
  const me = actor.user;
  if (!me.mobile_number || digitsOf(me.mobile_number) !== digitsOf(phone)) {
    throw fieldError('phone_number', 'otp.phone_not_yours');
  }
  const [latest] = await db
    .select()
    .from(otp_codes)
    .where(and(eq(otp_codes.user_id, me.id), eq(otp_codes.purpose, SMS_CODE_PURPOSE)))
    .orderBy(desc(otp_codes.created_at))
    .limit(1);
  const row = await checkCodeRow(db, latest, code, now);
  await markVerified(db, row.id, now);
  await recordAudit(db, {
    actorId: me.id,
    action: 'otp.verify',
    entityType: 'OtpCode',
    entityId: row.id,
    after: { purpose: SMS_CODE_PURPOSE },
    ip: actor.ip,
  });
  return { otp: { verified: true, purpose: SMS_CODE_PURPOSE, verified_at: now.toISOString() } };
}

/**
 * The caller's verified, unspent `sms/code` code (verified within {@link OTP_VERIFIED_VALID_MS}), which stands
 * for one finalising step of theirs when no code of that step's own purpose is held (ADR 0162: the 2021 body
 * names no purpose; the code still went to the person's own mobile, was verified by them and is spent once).
 */
async function usableSmsCode(db: Db, userId: string, purpose: OtpPurpose, now: Date) {
  if (!SMS_CODE_SERVES.includes(purpose)) return null;
  const [row] = await db
    .select({ id: otp_codes.id, verified_at: otp_codes.verified_at })
    .from(otp_codes)
    .where(
      and(
        eq(otp_codes.user_id, userId),
        eq(otp_codes.purpose, SMS_CODE_PURPOSE),
        gt(otp_codes.verified_at, new Date(now.getTime() - OTP_VERIFIED_VALID_MS)),
        isNull(otp_codes.used_at),
      ),
    )
    .orderBy(desc(otp_codes.verified_at))
    .limit(1);
  return row ?? null;
}
