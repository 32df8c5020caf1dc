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
 *
 * This file: the links, the pages they open, the mail that sends them and their registration for
 * `POST /route/sign`. A party's one-time code and what they sign with it: hibah/party-codes.ts.
 */
import { attestationView, DRAFT_CONFIRM_DAYS, type Language, translate } from '@wasiat/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import {
  hibah_caretakers,
  hibah_receivers,
  hibah_user_details,
  hibah_witnesses,
  hibahs,
  users,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { registerSignableRoute } from '../../platform/http/signed-routes.ts';
import { certificateFacts } from './certificate-facts.ts';
import { corporateGrantor } from './company.ts';
import { loadHibahContent } from './content.ts';
import { hibahDocumentVersion } from './document-version.ts';
import { findVisibleHibah } from './service.ts';

/** Lifetime of a party's link: the draft window, 14 days (spec §4). */
export const PARTY_LINK_TTL_SECONDS = DRAFT_CONFIRM_DAYS * 24 * 3600;

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
 * The subject and document of a hibah's attestation view (ADR 0228): the grantor (a person's name and masked
 * MyKad; a corporate grantor's company name and SSM number, public record) and the hibah as it stands — product,
 * number (once registered), version and SHA-256 ({@link hibahDocumentVersion}, the value the party's signature
 * event records). @throws 404 when the hibah does not exist.
 */
async function hibahAttestation(ctx: Ctx, hibahId: string) {
  const [h] = await ctx.db.select().from(hibahs).where(eq(hibahs.id, hibahId));
  if (!h) throw notFound();
  const [d] = await ctx.db.select().from(hibah_user_details).where(eq(hibah_user_details.hibah_id, hibahId));
  const company = await corporateGrantor(ctx.db, hibahId);
  return {
    h,
    subject: company
      ? { name: company.name, ic_number: company.registration_number, company: true }
      : { name: d?.name || (await grantorName(ctx, hibahId)), ic_number: d?.ic_number ?? null },
    document: {
      kind: 'hibah' as const,
      product: h.hibah_type,
      reference: h.hibah_number ?? null,
      version: h.current_version,
      sha256: await hibahDocumentVersion(ctx.db, hibahId),
    },
  };
}

/**
 * The caretaker (penjaga / wali) who accepts for minor receiver `r` (issue 21 item 4): the one linked to
 * them, else one covering every minor (`receiver_id` null); null for an adult or when none is recorded.
 */
export async function caretakerFor(ctx: Ctx, r: typeof hibah_receivers.$inferSelect) {
  if (!r.is_minor) return null;
  const cs = await ctx.db
    .select()
    .from(hibah_caretakers)
    .where(eq(hibah_caretakers.hibah_id, r.hibah_id))
    .orderBy(asc(hibah_caretakers.created_at));
  return cs.find((c) => c.receiver_id === r.id) ?? cs.find((c) => !c.receiver_id) ?? null;
}

/**
 * `GET /public/hibah/{id}/receiver/{rid}` → the attestation view (`AttestationView`, @wasiat/domain; ADR 0228):
 * the grantor, the hibah's version and SHA-256 (the one the receiver's signature event records), the receiver's
 * own row (a minor's with the caretaker who accepts for them, issue 21 item 4) and `terms`: what they accept —
 * their share of each property and their caretakers with the allowance (hibah/certificate-facts.ts; issue 21
 * item 3). `step.open` while the receiver may sign. Nothing of the other receivers.
 */
export async function receiverPage(ctx: Ctx, id: string, rid: string) {
  const r = await receiverRow(ctx, id, rid);
  const { h, subject, document } = await hibahAttestation(ctx, id);
  const facts = certificateFacts(await loadHibahContent(ctx.db, id));
  const mine = facts.receivers.find((x) => x.name === r.name && x.ic === (r.ic_number ?? '-'));
  const caretaker = await caretakerFor(ctx, r);
  // The rule of parties.ts receiverMaySign (not imported: parties.ts imports this file).
  const open = !r.signed_at && ((h.status === 3 && h.is_draft_accepted) || h.status === 5);
  return attestationView({
    subject,
    document,
    step: { status: h.status, open, expires_at: null },
    party: {
      id: r.id,
      role: 'receiver',
      name: r.name,
      done_at: r.signed_at,
      otp_verified: !!r.otp_verified_at,
      minor: !!r.is_minor,
      caretaker: caretaker ? { name: caretaker.name } : null,
    },
    terms: { shares: mine?.shares ?? [], caretakers: mine?.caretakers ?? [] },
  });
}

/** Receiver `rid` of hibah `id`. @throws 404 when the hibah has no such receiver. */
export async function receiverRow(ctx: Ctx, id: string, rid: string) {
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

/** Witness `wid` of hibah `id`. @throws 404 when the hibah has no such witness. */
export async function witnessRow(ctx: Ctx, id: string, wid: string) {
  const [w] = await ctx.db
    .select()
    .from(hibah_witnesses)
    .where(and(eq(hibah_witnesses.id, wid), eq(hibah_witnesses.hibah_id, id)));
  if (!w) throw notFound();
  return w;
}

/**
 * `GET /public/hibah/{id}/witness/{wid}` → the attestation view (ADR 0228): the grantor, the hibah's version and
 * SHA-256, and the witness's own row; `step.open` while the hibah awaits its witnesses (status 4).
 */
export async function witnessPage(ctx: Ctx, id: string, wid: string) {
  const w = await witnessRow(ctx, id, wid);
  const { h, subject, document } = await hibahAttestation(ctx, id);
  return attestationView({
    subject,
    document,
    step: { status: h.status, open: h.status === 4 && !w.confirmed_at, expires_at: null },
    party: {
      id: w.id,
      role: 'witness',
      name: w.name,
      done_at: w.confirmed_at,
      otp_verified: !!w.otp_verified_at,
    },
  });
}

/**
 * E-mail every listed party their signed link (best effort: a mail failure does not undo the change) and
 * record when it was sent (`link_sent_at`). A minor receiver's link goes to their caretaker in a mail
 * addressed to the caretaker (`hibah.mail.caretaker_*`: accept (qabul) for the minor; ADR 0167). `unsignedOnly`: only receivers who have not accepted yet (those
 * added by an amendment, mailed when it succeeds; issue 21 item 5). `onlyId`: that party alone (a witness added
 * while the hibah awaits its witnesses; issue 34).
 */
export async function mailPartyLinks(
  ctx: Ctx,
  hibahId: string,
  role: 'receiver' | 'witness',
  lang: Language = 'ms',
  unsignedOnly = false,
  onlyId?: string,
) {
  const table = role === 'receiver' ? hibah_receivers : hibah_witnesses;
  const rows = (
    (await ctx.db.select().from(table).where(eq(table.hibah_id, hibahId))) as {
      id: string;
      name: string;
      email: string | null;
      signed_at?: Date | null;
    }[]
  ).filter((r) => (!unsignedOnly || !r.signed_at) && (!onlyId || r.id === onlyId));
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
        if (role === 'receiver') await receiverRow(ctx, id, pid);
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
