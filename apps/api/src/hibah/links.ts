/**
 * Signed links for the parties who have no account (issue 5 "receivers confirm and sign and witnesses
 * confirm through signed links"; DESIGN.md §3 `POST /route/sign`; ADR 0032).
 *
 * - Receiver link: `/api/public/hibah/{id}/receiver/{receiver_id}` (GET: what they sign; POST `…/otp` sends
 *   a 6-digit code to the receiver's e-mail, else by SMS to their mobile number; POST `…/sign { code,
 *   signature }`; issue 3, ADR 0096). Usable while the draft is accepted and the hibah awaits receiver
 *   signatures (status 3).
 * - Witness link: `/api/public/hibah/{id}/witness/{witness_id}` (GET; POST `…/otp` sends a 6-digit code to
 *   the witness's e-mail; POST `…/confirm { code, signature }`). Usable at status 4.
 * The HMAC covers the base path and expiry (http/signed-url.ts); the sub-actions carry the same
 * `?expires&signature`. Links live {@link PARTY_LINK_TTL_SECONDS}. The web pages that open them are
 * `/hibah/penerima/{id}/{receiver_id}` and `/hibah/saksi/{id}/{witness_id}` with the same query.
 */
import { hash, verify } from '@node-rs/argon2';
import { DRAFT_CONFIRM_DAYS, H, type Language, maskMykad, translate } from '@wasiat/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import type { Ctx } from '../context.ts';
import {
  hibah_caretakers,
  hibah_receivers,
  hibah_user_details,
  hibah_witnesses,
  hibahs,
  signature_events,
  users,
} from '../db/schema/index.ts';
import { checkFile, decodeBase64, saveAttachment } from '../files/uploads.ts';
import { AppError, fieldError, notFound } from '../http/errors.ts';
import { registerSignableRoute } from '../http/signed-routes.ts';
import { newOtpCode, OTP_MAX_WRONG, OTP_TTL_MS } from '../otp/service.ts';
import { SmsSendError, smsSenderFor } from '../otp/sms.ts';
import { assertSignatureDrawn } from '../wills/signature-facts.ts';
import { certificateFacts } from './certificate-facts.ts';
import { corporateGrantor } from './company.ts';
import { loadHibahContent } from './content.ts';
import { hibahDocumentVersion } from './document-version.ts';
import { receiverMaySign, signAsReceiver } from './parties.ts';
import { findVisibleHibah } from './service.ts';

/** Lifetime of a party's link: the draft window, 14 days (spec §4). */
export const PARTY_LINK_TTL_SECONDS = DRAFT_CONFIRM_DAYS * 24 * 3600;
const HASH_OPTS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const receiverLinkPath = (id: string, rid: string) => `/api/public/hibah/${id}/receiver/${rid}`;
export const witnessLinkPath = (id: string, wid: string) => `/api/public/hibah/${id}/witness/${wid}`;

/** The web page URL for a signed API path (`/api/public/hibah/…` → `/hibah/penerima|saksi/…`). */
export function webLink(ctx: Ctx, signedApiUrl: string) {
  const page = signedApiUrl
    .replace(/^\/api\/public\/hibah\/([^/]+)\/receiver\//, '/hibah/penerima/$1/')
    .replace(/^\/api\/public\/hibah\/([^/]+)\/witness\//, '/hibah/saksi/$1/');
  return `${ctx.appUrl.replace(/\/$/, '')}${page}`;
}

/** Refuse a tampered or expired link. @throws 403 `documents.link_invalid`. */
export function assertLink(ctx: Ctx, path: string, q: { expires?: string; signature?: string }) {
  if (!ctx.signer.verify(path, q.expires, q.signature)) throw new AppError('forbidden', 'documents.link_invalid');
}

async function grantorName(ctx: Ctx, hibahId: string) {
  const company = await corporateGrantor(ctx.db, hibahId);
  if (company) return company.name;
  const [d] = await ctx.db
    .select({ name: hibah_user_details.name })
    .from(hibah_user_details)
    .where(eq(hibah_user_details.hibah_id, hibahId));
  const [h] = await ctx.db
    .select({ name: users.name })
    .from(hibahs)
    .innerJoin(users, eq(users.id, hibahs.user_id))
    .where(eq(hibahs.id, hibahId));
  return d?.name || h?.name || '';
}

/**
 * What a party sees on their page: the hibah's number, product, status and grantor (masked MyKad; a corporate
 * grantor: the company's name and SSM number, `company: 1`).
 */
async function summary(ctx: Ctx, hibahId: string) {
  const [h] = await ctx.db.select().from(hibahs).where(eq(hibahs.id, hibahId));
  if (!h) throw notFound();
  const [d] = await ctx.db.select().from(hibah_user_details).where(eq(hibah_user_details.hibah_id, hibahId));
  // A corporate hibah's grantor is its company (ADR 0165): name and SSM number, public record.
  const company = await corporateGrantor(ctx.db, hibahId);
  return {
    id: h.id,
    hibah_type: h.hibah_type,
    status: h.status,
    is_draft_accepted: h.is_draft_accepted ? 1 : 0,
    grantor: company
      ? { name: company.name, ic_number: company.registration_number, company: 1 }
      : {
          name: d?.name ?? (await grantorName(ctx, hibahId)),
          ic_number: d?.ic_number ? maskMykad(d.ic_number) : null,
        },
  };
}

/**
 * The caretaker (penjaga / wali) who accepts for minor receiver `r` (issue 21 item 4): the one linked to
 * them, else one covering every minor (`receiver_id` null); null for an adult or when none is recorded.
 */
async function caretakerFor(ctx: Ctx, r: typeof hibah_receivers.$inferSelect) {
  if (!r.is_minor) return null;
  const cs = await ctx.db
    .select()
    .from(hibah_caretakers)
    .where(eq(hibah_caretakers.hibah_id, r.hibah_id))
    .orderBy(asc(hibah_caretakers.created_at));
  return cs.find((c) => c.receiver_id === r.id) ?? cs.find((c) => !c.receiver_id) ?? null;
}

/**
 * `GET /public/hibah/{id}/receiver/{rid}` → `{ hibah, receiver: { id, name, signed_at, minor, caretaker },
 * gift, document_sha256 }`: what the receiver accepts, shown on the page where they accept (issue 21 item 3)
 * — their shares of each property (catalogue labels, portion), the minor flag and the caretaker with the
 * allowance (hibah/certificate-facts.ts) — and the version it is (`hibahDocumentVersion`, the one their
 * signature event records). A minor accepts through the caretaker (`receiver.caretaker`: name; item 4).
 */
export async function receiverPage(ctx: Ctx, id: string, rid: string) {
  const r = await receiverRow(ctx, id, rid);
  const facts = certificateFacts(await loadHibahContent(ctx.db, id));
  const mine = facts.receivers.find((x) => x.name === r.name && x.ic === (r.ic_number ?? '-'));
  const caretaker = await caretakerFor(ctx, r);
  return {
    hibah: await summary(ctx, id),
    receiver: {
      id: r.id,
      name: r.name,
      signed_at: r.signed_at,
      minor: r.is_minor ? 1 : 0,
      caretaker: caretaker ? { name: caretaker.name } : null,
    },
    gift: {
      shares: mine?.shares ?? [],
      caretakers: (mine?.caretakers ?? []).map((c) => ({ ...c, ic: maskMykad(c.ic) })),
    },
    document_sha256: await hibahDocumentVersion(ctx.db, id),
  };
}

/** A code may be sent again this long after the previous one (SMS and mail flooding). */
export const PARTY_CODE_RESEND_MS = 30_000;

const maskDestination = (dest: string) =>
  dest.includes('@') ? dest.replace(/^(.).*(@.*)$/, '$1***$2') : dest.replace(/.(?=.{3})/g, '*');

async function receiverRow(ctx: Ctx, id: string, rid: string) {
  const [r] = await ctx.db
    .select()
    .from(hibah_receivers)
    .where(and(eq(hibah_receivers.id, rid), eq(hibah_receivers.hibah_id, id)));
  if (!r) throw notFound();
  return r;
}

/**
 * Record that a party opened their signed link (`GET /public/hibah/{id}/receiver|witness/{pid}`): the
 * first time only (the certificate of completion's "viewed"; ADR 0074). Unknown parties are ignored.
 */
export async function markLinkViewed(
  ctx: Ctx,
  role: 'receiver' | 'witness',
  id: string,
  pid: string,
  now = new Date(),
) {
  const table = role === 'receiver' ? hibah_receivers : hibah_witnesses;
  await ctx.db
    .update(table)
    .set({ link_viewed_at: now })
    .where(and(eq(table.id, pid), eq(table.hibah_id, id), isNull(table.link_viewed_at)));
}

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
    .select({ status: hibahs.status, is_draft_accepted: hibahs.is_draft_accepted })
    .from(hibahs)
    .where(eq(hibahs.id, id));
  if (r.signed_at) throw fieldError('_', 'hibah.already_signed');
  if (!h || !receiverMaySign(h, r)) throw fieldError('_', H.draftNotAccepted);
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
 * `POST /public/hibah/{id}/receiver/{rid}/sign { code, signature }` (through the signed link): the signature
 * (PNG, not blank) is checked first, then the code (wrong → 422 `hibah.otp_incorrect` on `code`, counted;
 * after 5 → `hibah.otp_too_many`; expired or none → `hibah.otp_expired`); the code is spent once, then the
 * receiver signs (parties.ts `signAsReceiver`: signature facts, audit).
 */
export async function receiverSignByLink(
  ctx: Ctx,
  id: string,
  rid: string,
  body: { code: string; signature: string },
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
  const r = await signAsReceiver(ctx, null, id, rid, body.signature, client, caretaker?.id ?? null);
  return { receiver: { id: r.id, name: r.name, signed_at: r.signed_at } };
}

async function witnessRow(ctx: Ctx, id: string, wid: string) {
  const [w] = await ctx.db
    .select()
    .from(hibah_witnesses)
    .where(and(eq(hibah_witnesses.id, wid), eq(hibah_witnesses.hibah_id, id)));
  if (!w) throw notFound();
  return w;
}

/** `GET /public/hibah/{id}/witness/{wid}` → `{ hibah, witness: { id, name, confirmed_at } }`. */
export async function witnessPage(ctx: Ctx, id: string, wid: string) {
  const w = await witnessRow(ctx, id, wid);
  return { hibah: await summary(ctx, id), witness: { id: w.id, name: w.name, confirmed_at: w.confirmed_at } };
}

/**
 * `POST /public/hibah/{id}/witness/{wid}/otp`: a new 6-digit code (argon2id-hashed, 5 minutes) to the
 * witness's e-mail. Only at status 4 (422 `hibah.invalid_transition`); once confirmed 422 `hibah.already_confirmed`.
 */
export async function sendWitnessCode(ctx: Ctx, id: string, wid: string, lang: Language, now = new Date()) {
  const w = await witnessRow(ctx, id, wid);
  const [h] = await ctx.db.select({ status: hibahs.status }).from(hibahs).where(eq(hibahs.id, id));
  if (w.confirmed_at) throw fieldError('_', H.alreadyConfirmed);
  if (h?.status !== 4) throw fieldError('_', H.invalidTransition);
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
 * `POST /public/hibah/{id}/witness/{wid}/confirm { code, signature }`: check the e-mailed code (wrong →
 * 422 `hibah.otp_incorrect` counted; after 5 → `hibah.otp_too_many`; expired → `hibah.otp_expired`), the
 * signature (PNG, not blank) and confirm the witness once, with the signature facts and an audit event.
 */
export async function confirmWitness(
  ctx: Ctx,
  id: string,
  wid: string,
  body: { code: string; signature: string },
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
  return ctx.db.transaction(async (tx) => {
    const [h] = await tx.select().from(hibahs).where(eq(hibahs.id, id)).for('update');
    if (h?.status !== 4) throw fieldError('_', H.invalidTransition);
    const [w] = await tx.select().from(hibah_witnesses).where(eq(hibah_witnesses.id, wid)).for('update');
    if (w.confirmed_at) throw fieldError('_', H.alreadyConfirmed);
    const att = await saveAttachment(tx as never, ctx.store, {
      attachableType: 'HibahWitness',
      attachableId: w.id,
      type: 'signature',
      description: 'witness',
      data,
      allowed: ['image/png'],
      replace: true,
      field: 'signature',
    });
    const [after] = await tx
      .update(hibah_witnesses)
      .set({ signature_id: att.id, confirmed_at: now, otp_hash: null, otp_verified_at: now })
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
  });
}

/**
 * E-mail every listed party their signed link (best effort: a mail failure does not undo the change) and
 * record when it was sent (`link_sent_at`). A minor receiver's link goes to their caretaker in a mail
 * addressed to the caretaker (`hibah.mail.caretaker_*`: accept (qabul) for the minor; ADR 0167). `unsignedOnly`: only receivers who have not accepted yet (those
 * added by an amendment, mailed when it succeeds; issue 21 item 5).
 */
export async function mailPartyLinks(
  ctx: Ctx,
  hibahId: string,
  role: 'receiver' | 'witness',
  lang: Language = 'ms',
  unsignedOnly = false,
) {
  const table = role === 'receiver' ? hibah_receivers : hibah_witnesses;
  const rows = (
    (await ctx.db.select().from(table).where(eq(table.hibah_id, hibahId))) as {
      id: string;
      name: string;
      email: string | null;
      signed_at?: Date | null;
    }[]
  ).filter((r) => !unsignedOnly || !r.signed_at);
  const grantor = await grantorName(ctx, hibahId);
  let sent = 0;
  for (const r of rows) {
    // A minor's link goes to their caretaker, who accepts for them (issue 21 item 4).
    const caretaker =
      role === 'receiver' ? await caretakerFor(ctx, r as unknown as typeof hibah_receivers.$inferSelect) : null;
    const email = caretaker ? caretaker.email : r.email;
    if (!email) continue;
    const path = role === 'receiver' ? receiverLinkPath(hibahId, r.id) : witnessLinkPath(hibahId, r.id);
    const url = webLink(ctx, ctx.signer.sign(path, PARTY_LINK_TTL_SECONDS));
    try {
      // The caretaker is addressed as such: they accept (qabul) for the minor named (ADR 0167).
      const kind = caretaker ? 'caretaker' : role;
      const params = { name: r.name, grantor, url, caretaker: caretaker?.name ?? '' };
      await ctx.mailer.send({
        to: email,
        subject: translate(`hibah.mail.${kind}_subject`, lang, params),
        text: translate(`hibah.mail.${kind}_body`, lang, params),
      });
      sent += 1;
      // "Sent" on the certificate of completion (ADR 0074).
      await ctx.db.update(table).set({ link_sent_at: new Date() }).where(eq(table.id, r.id));
    } catch {
      // The grantor can still share the link from POST /route/sign.
    }
  }
  return sent;
}

/**
 * Register `hibah.receiver` and `hibah.witness` for `POST /route/sign { route_name, hibah_id,
 * receiver_id | witness_id }` → `{ url }` (the API path; the web page maps it with {@link webLink}):
 * only for the grantor of a visible hibah, and only for a party of that hibah; else `{ url: "" }`.
 */
export function registerPartyLinks(ctx: Ctx) {
  const resolver = (role: 'receiver' | 'witness') => ({
    ttlSeconds: PARTY_LINK_TTL_SECONDS,
    async resolve(params: Record<string, unknown>, user: Parameters<typeof findVisibleHibah>[1]) {
      const id = params.hibah_id;
      const pid = params[`${role}_id`];
      if (typeof id !== 'string' || typeof pid !== 'string' || id.length > 64 || pid.length > 64) return null;
      try {
        const h = await findVisibleHibah(ctx.db, user, id);
        if (h.user_id !== user.id) return null;
        if (role === 'receiver') await receiverPage(ctx, id, pid);
        else await witnessRow(ctx, id, pid);
        return role === 'receiver' ? receiverLinkPath(id, pid) : witnessLinkPath(id, pid);
      } catch {
        return null;
      }
    },
  });
  registerSignableRoute('hibah.receiver', resolver('receiver'));
  registerSignableRoute('hibah.witness', resolver('witness'));
}
