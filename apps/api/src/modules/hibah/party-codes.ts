/**
 * A party's one-time code and signature through their signed link (hibah/links.ts; issue 5, ADR 0032, ADR 0096):
 * the receiver's code (by e-mail, else SMS; a minor's goes to their caretaker) and acceptance, and the
 * witness's code (by e-mail) and confirmation. Codes are argon2id-hashed, live 5 minutes, may be sent again after
 * {@link PARTY_CODE_RESEND_MS} and allow {@link OTP_MAX_WRONG} wrong tries; each is spent once.
 */
import { hash, verify } from '@node-rs/argon2';
import { H, type Language, type SignatureMethod, translate } from '@wasiat/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { hibah_receivers, hibah_witnesses, hibahs, signature_events } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { checkFile, decodeBase64, Uploads } from '../../platform/files/uploads.ts';
import { AppError, fieldError } from '../../platform/http/errors.ts';
import { assertOwnerAlive } from '../instruments/index.ts';
import { newOtpCode, OTP_MAX_WRONG, OTP_TTL_MS, SmsSendError, smsSenderFor } from '../otp/index.ts';
import { assertSignatureDrawn } from '../wills/index.ts';
import { hibahDocumentVersion } from './document-version.ts';
import { caretakerFor, receiverRow, witnessRow } from './links.ts';
import { receiverMaySign, signAsReceiver } from './parties.ts';

/** argon2id for a 6-digit code that lives 5 minutes (OWASP's minimum: 19 MiB, 2 passes). */
const HASH_OPTS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** A code may be sent again this long after the previous one (SMS and mail flooding). */
export const PARTY_CODE_RESEND_MS = 30_000;

const maskDestination = (dest: string) =>
  dest.includes('@') ? dest.replace(/^(.).*(@.*)$/, '$1***$2') : dest.replace(/.(?=.{3})/g, '*');

/**
 * `POST /public/hibah/{id}/receiver/{rid}/otp` (signed link): a new 6-digit code (argon2id-hashed, 5 minutes)
 * to the receiver's e-mail, else by SMS to their mobile number (otp/sms.ts). Only while receivers sign
 * (status 3, draft accepted: else 422 `hibah.draft_not_accepted`); once signed 422 `hibah.already_signed`;
 * no contact 422 `otp.no_destination`; again within 30 s 429 `otp.too_many_requests`; a provider refusal
 * 422 `otp.sms_failed`. → `{ otp: { channel, destination (masked), expires_at }, message }`.
 */
export async function sendReceiverCode(ctx: Ctx, id: string, rid: string, lang: Language, now = new Date()) {
  const r = await receiverRow(ctx, id, rid);
  const [h] = await ctx.db
    .select({ status: hibahs.status, is_draft_accepted: hibahs.is_draft_accepted, user_id: hibahs.user_id })
    .from(hibahs)
    .where(eq(hibahs.id, id));
  if (r.signed_at) throw fieldError('_', 'hibah.already_signed');
  if (!h || !receiverMaySign(h, r)) throw fieldError('_', H.draftNotAccepted);
  await assertOwnerAlive(ctx.db, h.user_id); // no acceptance after the grantor's verified death (ADR 0261)
  if (r.otp_expires_at && r.otp_expires_at.getTime() - OTP_TTL_MS + PARTY_CODE_RESEND_MS > now.getTime()) {
    throw new AppError('rate_limited', 'otp.too_many_requests');
  }
  // A minor accepts through their caretaker, who gets the code (issue 21 item 4).
  const caretaker = await caretakerFor(ctx, r);
  if (r.is_minor && !caretaker) throw fieldError('_', H.caretakerRequired);
  const to = caretaker ?? r;
  const channel = to.email ? 'email' : to.mobile_number ? 'sms' : null;
  const destination = to.email ?? to.mobile_number;
  if (!channel || !destination) throw fieldError('_', 'otp.no_destination');
  const code = newOtpCode();
  const expires = new Date(now.getTime() + OTP_TTL_MS);
  await ctx.db
    .update(hibah_receivers)
    .set({
      otp_hash: await hash(code, HASH_OPTS),
      otp_expires_at: expires,
      otp_failed_attempts: 0,
      otp_channel: channel,
    })
    .where(eq(hibah_receivers.id, r.id));
  const params = { code, minutes: OTP_TTL_MS / 60000 };
  if (channel === 'sms') {
    try {
      await smsSenderFor(ctx.env).send({ to: destination, text: translate('otp.sms_body', lang, params) });
    } catch (e) {
      if (e instanceof SmsSendError) throw fieldError('_', 'otp.sms_failed');
      throw e;
    }
  } else {
    await ctx.mailer.send({
      to: destination,
      subject: translate('hibah.mail.otp_subject', lang, params),
      text: translate('hibah.mail.otp_body', lang, params),
    });
  }
  return {
    otp: { channel, destination: maskDestination(destination), expires_at: expires.toISOString() },
    message: translate('hibah.code_sent', lang),
  };
}

/**
 * `POST /public/hibah/{id}/receiver/{rid}/sign { code, signature, signature_method? }` (through the signed
 * link): the signature (PNG, not blank) is checked first, then the code (wrong → 422 `hibah.otp_incorrect` on
 * `code`, counted; after 5 → `hibah.otp_too_many`; expired or none → `hibah.otp_expired`); the code is spent
 * once, then the receiver signs (parties.ts `signAsReceiver`: signature facts with the method sent, audit).
 */
export async function receiverSignByLink(
  ctx: Ctx,
  id: string,
  rid: string,
  body: { code: string; signature: string; signature_method?: SignatureMethod },
  client?: { ip?: string; userAgent?: string },
  now = new Date(),
) {
  const data = decodeBase64(body.signature, 'signature');
  await checkFile(data, ['image/png'], 'signature');
  await assertSignatureDrawn(data, 'signature');
  const r0 = await receiverRow(ctx, id, rid);
  if (r0.signed_at) throw fieldError('_', 'hibah.already_signed');
  if (!r0.otp_hash || !r0.otp_expires_at) throw fieldError('code', H.otpExpired);
  if (r0.otp_failed_attempts >= OTP_MAX_WRONG) throw fieldError('code', H.otpTooMany);
  if (r0.otp_expires_at.getTime() < now.getTime()) throw fieldError('code', H.otpExpired);
  if (!(await verify(r0.otp_hash, body.code).catch(() => false))) {
    await ctx.db
      .update(hibah_receivers)
      .set({ otp_failed_attempts: sql`${hibah_receivers.otp_failed_attempts} + 1` })
      .where(eq(hibah_receivers.id, r0.id));
    throw fieldError('code', H.otpIncorrect);
  }
  // Single use: only one request can clear this hash.
  const spent = await ctx.db
    .update(hibah_receivers)
    .set({ otp_hash: null, otp_verified_at: now })
    .where(and(eq(hibah_receivers.id, r0.id), eq(hibah_receivers.otp_hash, r0.otp_hash)))
    .returning({ id: hibah_receivers.id });
  if (!spent.length) throw fieldError('code', H.otpExpired);
  const caretaker = await caretakerFor(ctx, r0);
  const r = await signAsReceiver(
    ctx,
    null,
    id,
    rid,
    body.signature,
    client,
    caretaker?.id ?? null,
    body.signature_method,
  );
  return { receiver: { id: r.id, name: r.name, signed_at: r.signed_at } };
}

/**
 * `POST /public/hibah/{id}/witness/{wid}/otp`: a new 6-digit code (argon2id-hashed, 5 minutes) to the
 * witness's e-mail. Only at status 4 (422 `hibah.invalid_transition`); once confirmed 422 `hibah.already_confirmed`.
 */
export async function sendWitnessCode(ctx: Ctx, id: string, wid: string, lang: Language, now = new Date()) {
  const w = await witnessRow(ctx, id, wid);
  const [h] = await ctx.db
    .select({ status: hibahs.status, user_id: hibahs.user_id })
    .from(hibahs)
    .where(eq(hibahs.id, id));
  if (w.confirmed_at) throw fieldError('_', H.alreadyConfirmed);
  if (h?.status !== 4) throw fieldError('_', H.invalidTransition);
  await assertOwnerAlive(ctx.db, h.user_id); // a verified death locks the hibah (ADR 0261)
  const code = newOtpCode();
  await ctx.db
    .update(hibah_witnesses)
    .set({
      otp_hash: await hash(code, HASH_OPTS),
      otp_expires_at: new Date(now.getTime() + OTP_TTL_MS),
      otp_failed_attempts: 0,
    })
    .where(eq(hibah_witnesses.id, w.id));
  const params = { code, minutes: OTP_TTL_MS / 60000 };
  await ctx.mailer.send({
    to: w.email,
    subject: translate('hibah.mail.otp_subject', lang, params),
    text: translate('hibah.mail.otp_body', lang, params),
  });
  return { message: translate('hibah.code_sent', lang) };
}

/**
 * `POST /public/hibah/{id}/witness/{wid}/confirm { code, signature, signature_method? }`: check the e-mailed
 * code (wrong → 422 `hibah.otp_incorrect` counted; after 5 → `hibah.otp_too_many`; expired →
 * `hibah.otp_expired`), the signature (PNG, not blank) and confirm the witness once, with the signature facts
 * (the method sent: drawn | typed, ADR 0123) and an audit event.
 */
export async function confirmWitness(
  ctx: Ctx,
  id: string,
  wid: string,
  body: { code: string; signature: string; signature_method?: SignatureMethod },
  ip?: string,
  now = new Date(),
  userAgent?: string,
) {
  const data = decodeBase64(body.signature, 'signature');
  await checkFile(data, ['image/png'], 'signature');
  await assertSignatureDrawn(data, 'signature');
  const w0 = await witnessRow(ctx, id, wid);
  if (w0.confirmed_at) throw fieldError('_', H.alreadyConfirmed);
  if (!w0.otp_hash || !w0.otp_expires_at) throw fieldError('code', H.otpExpired);
  if (w0.otp_failed_attempts >= OTP_MAX_WRONG) throw fieldError('code', H.otpTooMany);
  if (w0.otp_expires_at.getTime() < now.getTime()) throw fieldError('code', H.otpExpired);
  if (!(await verify(w0.otp_hash, body.code))) {
    await ctx.db
      .update(hibah_witnesses)
      .set({ otp_failed_attempts: w0.otp_failed_attempts + 1 })
      .where(eq(hibah_witnesses.id, w0.id));
    throw fieldError('code', H.otpIncorrect);
  }
  // Stored before the transaction, recorded in it (ADR 0220).
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({
    ownerType: 'HibahWitness',
    ownerId: wid,
    data,
    allowed: ['image/png'],
    field: 'signature',
  });
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      const [h] = await tx.select().from(hibahs).where(eq(hibahs.id, id)).for('update');
      if (h?.status !== 4) throw fieldError('_', H.invalidTransition);
      await assertOwnerAlive(tx, h.user_id);
      const [w] = await tx.select().from(hibah_witnesses).where(eq(hibah_witnesses.id, wid)).for('update');
      if (w.confirmed_at) throw fieldError('_', H.alreadyConfirmed);
      const att = await uploads.record(tx as never, staged, {
        attachableType: 'HibahWitness',
        attachableId: w.id,
        type: 'signature',
        description: 'witness',
        replace: true,
      });
      const [after] = await tx
        .update(hibah_witnesses)
        .set({
          signature_id: att.id,
          confirmed_at: now,
          otp_hash: null,
          otp_verified_at: now,
          // identified by their MyKad on the record and the code e-mailed to them (ADR 0259)
          identified_by: 'email_code',
          identified_at: now,
        })
        .where(eq(hibah_witnesses.id, w.id))
        .returning();
      await tx.insert(signature_events).values({
        signable_type: 'Hibah',
        signable_id: h.id,
        role: 'witness',
        signer_name: w.name,
        witness_id: w.id,
        attachment_id: att.id,
        ip: ip ?? null,
        user_agent: userAgent ?? null,
        sent_at: w.link_sent_at,
        viewed_at: w.link_viewed_at,
        document_sha256: await hibahDocumentVersion(tx, h.id),
        method: body.signature_method ?? 'drawn',
        signed_at: now,
      });
      await recordAudit(tx as never, {
        actorId: null,
        action: 'hibah.witness.confirm',
        entityType: 'Hibah',
        entityId: h.id,
        before: { witness_id: w.id, confirmed_at: null },
        after: { witness_id: w.id, confirmed_at: after.confirmed_at },
        ip,
      });
      return { witness: { id: after.id, name: after.name, confirmed_at: after.confirmed_at } };
    }),
  );
}
