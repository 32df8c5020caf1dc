/**
 * Witness confirmation of an amendment through an expiring signed link (issue 4; spec §4 "awaiting witness
 * confirmation", §5 "OTP must be requested and verified first", "a signature is required"; ADR 0020).
 *
 * When the testator accepts the draft (3 → 4), each witness of the draft gets an e-mail with a link to the
 * SPA page `/pindaan/saksi/{witness_id}?expires&signature`, HMAC-signed (http/signed-url.ts) and valid
 * until the 14-day deadline. The page calls the public routes below with the same `expires` and
 * `signature`; a tampered or expired link is refused (403 `amendments.link_invalid`). The witness reads
 * what they attest (the attestation view, ADR 0228), requests a one-time code (e-mailed; 6 digits, argon2id-hashed, 5 minutes, 5 wrong tries),
 * verifies it, then signs: the system records the signature (an attachment), the time and the IP.
 */
import { hash, verify } from '@node-rs/argon2';
import {
  AM,
  AMENDMENT_STATUS,
  attestationView,
  formatKlDateTime,
  type SignatureMethod,
  translate,
} from '@wasiat/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { amendment_witnesses, amendments, hibahs, signature_events, users, wills } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { decodeBase64, IMAGE_TYPES, Uploads } from '../../platform/files/uploads.ts';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import { newOtpCode, OTP_MAX_WRONG, OTP_TTL_MS, OTP_VERIFIED_VALID_MS } from '../otp/index.ts';
import { assertSignatureDrawn } from '../wills/index.ts';
import { amendmentDocumentVersion } from './completion.ts';
import type { WillContent } from './content.ts';
import type { Amendment } from './service.ts';

const HASH_OPTS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
/** Lifetime of a witness link requested again through `POST /api/route/sign` (14 days, spec §9). */
export const WITNESS_LINK_TTL_SECONDS = 14 * 24 * 3600;

/** The SPA path a witness link signs. */
export const witnessLinkPath = (witnessId: string) => `/pindaan/saksi/${witnessId}`;

/** A signed witness link valid until `until` (absolute URL on the app's origin). */
export function witnessLink(ctx: Ctx, witnessId: string, until: Date, now = new Date()) {
  const ttl = Math.max(60, Math.floor((until.getTime() - now.getTime()) / 1000));
  return `${ctx.appUrl.replace(/\/$/, '')}${ctx.signer.sign(witnessLinkPath(witnessId), ttl, now.getTime())}`;
}

/**
 * In the accepting transaction: the draft's witnesses become the amendment's witnesses (earlier rows of a
 * previous acceptance are replaced) and each gets the e-mail with their link. @returns the rows.
 */
export async function inviteWitnesses(ctx: Ctx, tx: Db, a: Amendment, now: Date) {
  await tx.delete(amendment_witnesses).where(eq(amendment_witnesses.amendment_id, a.id));
  const draft = a.draft as WillContent;
  const rows = [];
  for (const w of draft.witnesses ?? []) {
    const [row] = await tx
      .insert(amendment_witnesses)
      .values({
        amendment_id: a.id,
        name: String(w.name),
        ic_number: String(w.ic_number),
        email: String(w.email),
        address: (w.address as string) ?? null,
        postcode: (w.postcode as string) ?? null,
        city: (w.city as string) ?? null,
        state: (w.state as string) ?? null,
        spouse_ic_number: (w.spouse_ic_number as string) ?? null,
      })
      .returning();
    rows.push(row);
  }
  const [owner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, a.user_id));
  const until = a.expires_at ?? now;
  const mail = a.amendmentable_type === 'Hibah' ? 'hibah_witness' : 'witness';
  for (const row of rows) {
    const params = {
      name: row.name,
      testator: owner?.name ?? '',
      reference: a.reference_no,
      url: witnessLink(ctx, row.id, until, now),
      // the mail is in Malay: Malay month names ("21 Dis 26, 16:19"; issue 38 item 11.6)
      deadline: formatKlDateTime(until, 'ms'),
    };
    await ctx.mailer.send({
      to: row.email,
      subject: translate(`amendments.mail.${mail}_subject`, 'ms', params),
      text: translate(`amendments.mail.${mail}_body`, 'ms', params),
    });
  }
  return rows;
}

export interface LinkParams {
  expires?: string;
  signature?: string;
}

/**
 * The witness and their amendment for a signed link; 403 `amendments.link_invalid` when tampered or
 * expired, 404 when the witness no longer exists.
 */
export async function witnessByLink(ctx: Ctx, witnessId: string, q: LinkParams, now = new Date()) {
  if (!ctx.signer.verify(witnessLinkPath(witnessId), q.expires, q.signature, now.getTime())) {
    throw new AppError('forbidden', AM.linkInvalid);
  }
  const [row] = await ctx.db
    .select({ w: amendment_witnesses, a: amendments })
    .from(amendment_witnesses)
    .innerJoin(amendments, eq(amendments.id, amendment_witnesses.amendment_id))
    .where(eq(amendment_witnesses.id, witnessId));
  if (!row) throw notFound();
  return row;
}

/**
 * `GET /api/amendment-witness/{id}?expires&signature` → the attestation view (`AttestationView`, @wasiat/domain;
 * issue 36 item 4, ADR 0228): the testator (or a hibah amendment's grantor: the amendment's owner) with the MyKad
 * masked, the document — kind `will_amendment` | `hibah_amendment`, the reference number, the version it makes
 * (the record's current version + 1) and the draft's SHA-256 (`amendmentDocumentVersion`, the value the witness's
 * signature event records) — the deadline, and the witness's own row. Not the draft: the link lives 14 days
 * and may be forwarded, so no heir, receiver or other witness travels with it. The first call records the
 * witness's `link_viewed_at`.
 */
export async function witnessView(ctx: Ctx, witnessId: string, q: LinkParams) {
  const { w, a } = await witnessByLink(ctx, witnessId, q);
  // The first opening of the link is the "viewed" time of the certificate of completion (ADR 0074).
  if (!w.link_viewed_at) {
    await ctx.db
      .update(amendment_witnesses)
      .set({ link_viewed_at: new Date() })
      .where(and(eq(amendment_witnesses.id, w.id), isNull(amendment_witnesses.link_viewed_at)));
  }
  const [owner] = await ctx.db
    .select({ name: users.name, ic_number: users.ic_number })
    .from(users)
    .where(eq(users.id, a.user_id));
  const hibah = a.amendmentable_type === 'Hibah';
  const [record] = hibah
    ? await ctx.db
        .select({ version: hibahs.current_version, product: hibahs.hibah_type })
        .from(hibahs)
        .where(eq(hibahs.id, a.amendmentable_id))
    : await ctx.db
        .select({ version: wills.current_version, product: sql<null>`null` })
        .from(wills)
        .where(eq(wills.id, a.amendmentable_id));
  return attestationView({
    subject: { name: owner?.name, ic_number: owner?.ic_number },
    document: {
      kind: hibah ? 'hibah_amendment' : 'will_amendment',
      product: record?.product ?? null,
      reference: a.reference_no,
      version: a.version_no ?? (record?.version ?? 1) + 1,
      sha256: amendmentDocumentVersion(a),
    },
    step: {
      status: a.status,
      open: a.status === AMENDMENT_STATUS.awaitingWitness && !w.confirmed_at,
      expires_at: a.expires_at,
    },
    party: {
      id: w.id,
      role: 'witness',
      name: w.name,
      done_at: w.confirmed_at,
      otp_verified: !!w.otp_verified_at,
    },
  });
}

/** The amendment must be awaiting its witnesses and the witness not yet confirmed. */
function assertOpen(w: typeof amendment_witnesses.$inferSelect, a: Amendment) {
  if (a.status !== AMENDMENT_STATUS.awaitingWitness) throw fieldError('status', AM.invalidTransition);
  if (w.confirmed_at) throw fieldError('_', AM.alreadyConfirmed);
}

/**
 * `POST /api/amendment-witness/{id}/otp` (signed link): e-mail the witness a new 6-digit code (5 minutes).
 * At most one code every 30 seconds (429 `otp.too_many_requests`). → `{ otp: { channel, destination, expires_at } }`.
 */
export async function requestWitnessOtp(ctx: Ctx, witnessId: string, q: LinkParams, now = new Date()) {
  const { w, a } = await witnessByLink(ctx, witnessId, q, now);
  assertOpen(w, a);
  if (w.otp_expires_at && w.otp_expires_at.getTime() - OTP_TTL_MS + 30_000 > now.getTime()) {
    throw new AppError('rate_limited', 'otp.too_many_requests');
  }
  const code = newOtpCode();
  const expires = new Date(now.getTime() + OTP_TTL_MS);
  await ctx.db
    .update(amendment_witnesses)
    .set({ otp_hash: await hash(code, HASH_OPTS), otp_expires_at: expires, otp_failed: 0, otp_verified_at: null })
    .where(eq(amendment_witnesses.id, w.id));
  const params = { code, reference: a.reference_no, minutes: OTP_TTL_MS / 60000 };
  await ctx.mailer.send({
    to: w.email,
    subject: translate('amendments.mail.otp_subject', 'ms', params),
    text: translate('amendments.mail.otp_body', 'ms', params),
  });
  await recordAudit(ctx.db, {
    actorId: null,
    action: 'amendment.witness_otp',
    entityType: 'AmendmentWitness',
    entityId: w.id,
    after: { amendment_id: a.id },
  });
  return {
    otp: {
      channel: 'email',
      destination: w.email.replace(/^(.).*(@.*)$/, '$1***$2'),
      expires_at: expires.toISOString(),
    },
  };
}

/**
 * `POST /api/amendment-witness/{id}/otp/verify { code }`: wrong → 422 `otp.incorrect` (counted), expired →
 * `otp.expired`, after 5 wrong → `otp.too_many_attempts`. → `{ otp: { verified: true } }`.
 */
export async function verifyWitnessOtp(ctx: Ctx, witnessId: string, q: LinkParams, code: string, now = new Date()) {
  const { w, a } = await witnessByLink(ctx, witnessId, q, now);
  assertOpen(w, a);
  if (!w.otp_hash || !w.otp_expires_at) throw fieldError('code', 'otp.incorrect');
  if (w.otp_failed >= OTP_MAX_WRONG) throw fieldError('code', 'otp.too_many_attempts');
  if (w.otp_expires_at.getTime() <= now.getTime()) throw fieldError('code', 'otp.expired');
  const good = /^\d{6}$/.test(code) && (await verify(w.otp_hash, code).catch(() => false));
  if (!good) {
    await ctx.db
      .update(amendment_witnesses)
      .set({ otp_failed: w.otp_failed + 1 })
      .where(eq(amendment_witnesses.id, w.id));
    throw fieldError('code', 'otp.incorrect');
  }
  await ctx.db
    .update(amendment_witnesses)
    .set({ otp_verified_at: now, otp_hash: null })
    .where(eq(amendment_witnesses.id, w.id));
  await recordAudit(ctx.db, {
    actorId: null,
    action: 'amendment.witness_otp_verify',
    entityType: 'AmendmentWitness',
    entityId: w.id,
    after: { amendment_id: a.id },
  });
  return { otp: { verified: true } };
}

/**
 * `POST /api/amendment-witness/{id}/confirm { signature: <PNG data URL>, signature_method? }`: needs a code
 * verified in the last 15 minutes (422 `otp.required` on `otp`) and a signature that is not blank (422
 * `validation.signature_required`). Records the signature, the time, the IP, the User-Agent and the method
 * the client sent (drawn | typed; signature facts, ADRs 0074, 0123). →
 * `{ witness: { id, confirmed_at } }`.
 */
export async function confirmWitness(
  ctx: Ctx,
  witnessId: string,
  q: LinkParams,
  signature: string,
  ip: string | undefined,
  now = new Date(),
  userAgent?: string,
  method: SignatureMethod = 'drawn',
) {
  const { w, a } = await witnessByLink(ctx, witnessId, q, now);
  assertOpen(w, a);
  if (!w.otp_verified_at || w.otp_verified_at.getTime() + OTP_VERIFIED_VALID_MS < now.getTime()) {
    throw fieldError('otp', 'otp.required');
  }
  if (!signature) throw fieldError('signature', 'validation.signature_required');
  const png = decodeBase64(signature, 'signature');
  await assertSignatureDrawn(png, 'signature');
  // Stored before the transaction, recorded in it (ADR 0220).
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({
    ownerType: 'AmendmentWitness',
    ownerId: w.id,
    data: png,
    allowed: IMAGE_TYPES,
    field: 'signature',
  });
  return uploads.settle(
    ctx.db.transaction(async (txx) => {
      const tx = txx as unknown as Db;
      const att = await uploads.record(tx, staged, {
        attachableType: 'AmendmentWitness',
        attachableId: w.id,
        type: 'signature',
        description: 'witness',
        replace: true,
      });
      const done = await tx
        .update(amendment_witnesses)
        .set({
          signature_id: att.id,
          confirmed_at: now,
          confirmed_ip: ip ?? null,
          // identified by their MyKad on the record and the code e-mailed to them (ADR 0259)
          identified_by: 'email_code',
          identified_at: w.otp_verified_at ?? now,
        })
        .where(and(eq(amendment_witnesses.id, w.id), isNull(amendment_witnesses.confirmed_at)))
        .returning();
      if (!done.length) throw fieldError('_', AM.alreadyConfirmed);
      // Signature facts for the amended will's certificate of completion (ADRs 0015, 0074): sent = the
      // invitation (the row's creation), viewed = not recorded.
      await tx.insert(signature_events).values({
        signable_type: 'Amendment',
        signable_id: a.id,
        role: 'witness',
        signer_name: w.name,
        witness_id: w.id,
        attachment_id: att.id,
        ip: ip ?? null,
        user_agent: userAgent ?? null,
        sent_at: w.created_at,
        document_sha256: amendmentDocumentVersion(a),
        method,
        signed_at: now,
      });
      await recordAudit(tx, {
        actorId: null,
        action: 'amendment.witness_confirm',
        entityType: 'AmendmentWitness',
        entityId: w.id,
        after: { amendment_id: a.id, signature_id: att.id, confirmed_at: now.toISOString() },
        ip,
      });
      return { witness: { id: w.id, confirmed_at: now } };
    }),
  );
}
