/**
 * The signed link to a testator who is not present (issue 38 item 5; ADR 0298): the one preparing the will (an
 * agent, partner or staff member who may edit it) sends it; the testator reads the draft, makes the PDPA and
 * confirmation declarations and signs on their own device. On the platform's signed links (http/signed-links.ts):
 * the link signs `/api/public/wasiat/{id}/testator-link/{link_id}` for {@link TESTATOR_LINK_TTL_SECONDS} and opens
 * the web page `/wasiat/pautan/{id}/{link_id}?expires&signature`. One `will_testator_links` row per link.
 *
 * A link works while (in this order of checks): it is a link of that will (404), its HMAC holds and it has not
 * expired (403 `wills.testator_link.invalid`), no newer link superseded it (410 `…superseded`), it was not used to
 * sign (410 `…used`: single use), the will is still a draft (status 0 or 3; 410 `…not_draft`) and the will's
 * document version (SHA-256 of its parts, signature-facts.ts, ADR 0015) is the one it was sent for (410
 * `…changed`). The signature and declarations are saved as the testator's own: `will.sign` and `will.verification`
 * with the testator as actor and `{ via: 'link', link_id }` (never the `*_on_behalf` events of ADR 0278).
 * Routes: testator-link-routes.ts.
 */
import { formatKlDateTime, type Language, type SignatureMethod, translate } from '@wasiat/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { newId } from '../../db/schema/_common.ts';
import { users, will_testator_links, wills } from '../../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import { assertSignedLink, type SignedLinkQuery, signedPageLink } from '../../platform/http/signed-links.ts';
import { deliverMail, queueMail, registerMailComposer } from '../../platform/mail/outbox.ts';
import type { AuthUser } from '../auth/index.ts';
import { maskDestination, SmsSendError, smsSenderFor } from '../otp/index.ts';
import { saveWillSignature } from './documents-service.ts';
import { EDITABLE_STATUSES, editableWill } from './part-lock.ts';
import { findVisibleWill } from './queries.ts';
import { type Actor, audit, saveVerification } from './service.ts';
import { documentVersion } from './signature-facts.ts';
import { draftSummary } from './testator-link-summary.ts';

/** How long a link lasts: 7 days from sending. */
const TESTATOR_LINK_TTL_SECONDS = 7 * 24 * 3600;
/** The mail outbox kind of the link's mail. */
const MAIL_KIND = 'will.testator_link';
const M = (k: string) => `wills.testator_link.${k}`;

type LinkRow = typeof will_testator_links.$inferSelect;
/** What the one preparing the will sees of a link: `open` (sent or opened), `signed`, `expired`, `superseded`, `changed`. */
type LinkState = 'open' | 'signed' | 'expired' | 'superseded' | 'changed';

const apiPath = (willId: string, linkId: string) => `/api/public/wasiat/${willId}/testator-link/${linkId}`;

/** The web page URL of a link and its expiry (signed from its sending time, so the mail composed later agrees). */
function linkUrl(ctx: Ctx, link: Pick<LinkRow, 'id' | 'wasiat_id' | 'sent_at'>) {
  return signedPageLink(
    ctx.signer,
    ctx.appUrl,
    apiPath(link.wasiat_id, link.id),
    `/wasiat/pautan/${link.wasiat_id}/${link.id}`,
    TESTATOR_LINK_TTL_SECONDS,
    link.sent_at,
  );
}

/** A link as the wizard shows it: `{ id, channel, destination (masked), sent_at, expires_at, opened_at, signed_at, state }`. */
function linkView(link: LinkRow, version: string, now = new Date()) {
  const state: LinkState = link.signed_at
    ? 'signed'
    : link.superseded_at
      ? 'superseded'
      : link.expires_at <= now
        ? 'expired'
        : link.document_sha256 !== version
          ? 'changed'
          : 'open';
  return {
    id: link.id,
    channel: link.channel,
    destination: maskDestination(link.destination),
    sent_at: link.sent_at.toISOString(),
    expires_at: link.expires_at.toISOString(),
    opened_at: link.opened_at?.toISOString() ?? null,
    signed_at: link.signed_at?.toISOString() ?? null,
    state,
  };
}

const nameOf = async (ctx: Ctx, id: string) =>
  (await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, id)))[0]?.name ?? '';

/**
 * `POST /wasiat/{id}/testator-link`: send the testator a new link (superseding any earlier unsigned one), by e-mail
 * when the testator's account has an address, else by SMS to their mobile number. Only one who may edit the will
 * (part f unlocked; 404/403/422 as every part save) and is not its testator. Audited `will.testator_link`.
 * @returns `{ link, message }`. @throws 422 on `_`: `wills.testator_link.self`, `…no_destination`, `…sms_failed`.
 */
export async function sendTestatorLink(ctx: Ctx, actor: Actor, willId: string, lang: Language) {
  const now = new Date();
  const { link, mailId, testator } = await ctx.db.transaction(async (tx) => {
    const will = await editableWill(tx, actor.user, willId, 'f', true);
    if (will.user_id === actor.user.id) throw fieldError('_', M('self'));
    const [t] = await tx
      .select({ id: users.id, name: users.name, email: users.email, mobile: users.mobile_number })
      .from(users)
      .where(eq(users.id, will.user_id));
    const destination = t?.email || t?.mobile;
    if (!t || !destination) throw fieldError('_', M('no_destination'));
    const channel = t.email ? 'email' : 'sms';
    await tx
      .update(will_testator_links)
      .set({ superseded_at: now })
      .where(
        and(
          eq(will_testator_links.wasiat_id, will.id),
          isNull(will_testator_links.superseded_at),
          isNull(will_testator_links.signed_at),
        ),
      );
    const id = newId();
    const { expires } = linkUrl(ctx, { id, wasiat_id: will.id, sent_at: now });
    const [row] = await tx
      .insert(will_testator_links)
      .values({
        id,
        wasiat_id: will.id,
        sent_by: actor.user.id,
        channel,
        destination,
        document_sha256: await documentVersion(tx, will.id),
        sent_at: now,
        expires_at: expires,
      })
      .returning();
    const mail =
      channel === 'email'
        ? await queueMail(tx, { kind: MAIL_KIND, subjectRef: row.id, refs: { lang }, to: destination })
        : null;
    await audit(tx, actor, 'will.testator_link', { type: 'Wasiat', id: will.id }, null, {
      link_id: row.id,
      link_channel: channel,
      link_expires_at: expires.toISOString(),
    });
    return { link: row, mailId: mail, testator: t };
  });
  if (mailId) await deliverMail(ctx, { ids: [mailId] });
  else {
    try {
      const params = { sender: actor.user.name, url: linkUrl(ctx, link).url };
      await smsSenderFor(ctx.env).send({ to: link.destination, text: translate(M('sms_body'), lang, params) });
    } catch (e) {
      if (e instanceof SmsSendError) throw fieldError('_', M('sms_failed'));
      throw e;
    }
  }
  const view = linkView(link, link.document_sha256, now);
  return { link: view, message: translate(M('sent'), lang, { to: view.destination, name: testator.name }) };
}

/** Registers the composer of the link's mail with the platform outbox (called by testator-link-routes.ts). */
export function registerTestatorLinkMail(): void {
  registerMailComposer(MAIL_KIND, async (ctx, row) => {
    const [link] = await ctx.db.select().from(will_testator_links).where(eq(will_testator_links.id, row.subject_ref));
    if (!link) throw new Error(`testator link ${row.subject_ref} not found`);
    const lang: Language = row.refs?.lang === 'en' ? 'en' : 'ms';
    const [w] = await ctx.db.select({ user_id: wills.user_id }).from(wills).where(eq(wills.id, link.wasiat_id));
    const { url, expires } = linkUrl(ctx, link);
    const params = {
      name: await nameOf(ctx, w?.user_id ?? ''),
      sender: await nameOf(ctx, link.sent_by),
      url,
      expires: formatKlDateTime(expires, lang),
    };
    return { subject: translate(M('mail_subject'), lang), text: translate(M('mail_body'), lang, params) };
  });
}

/**
 * `GET /wasiat/{id}/testator-link` (whoever may see the will; 404 otherwise): the will's newest link, or null.
 * @returns `{ link: { id, channel, destination, sent_at, expires_at, opened_at, signed_at, state } | null }`.
 */
export async function latestTestatorLink(ctx: Ctx, user: AuthUser, willId: string) {
  const will = await findVisibleWill(ctx.db, user, willId);
  const [link] = await ctx.db
    .select()
    .from(will_testator_links)
    .where(eq(will_testator_links.wasiat_id, will.id))
    .orderBy(desc(will_testator_links.sent_at))
    .limit(1);
  return { link: link ? linkView(link, await documentVersion(ctx.db, will.id)) : null };
}

/** A link that still works, with its will (the checks of the file comment). */
async function liveLink(ctx: Ctx, willId: string, linkId: string, q: SignedLinkQuery) {
  const [link] = await ctx.db
    .select()
    .from(will_testator_links)
    .where(and(eq(will_testator_links.id, linkId), eq(will_testator_links.wasiat_id, willId)));
  if (!link) throw notFound();
  try {
    assertSignedLink(ctx.signer, apiPath(willId, linkId), q);
  } catch {
    throw new AppError('forbidden', M('invalid'));
  }
  if (link.superseded_at) throw new AppError('gone', M('superseded'));
  if (link.signed_at) throw new AppError('gone', M('used'));
  const [will] = await ctx.db.select().from(wills).where(eq(wills.id, willId));
  if (!will || will.deleted_at || !(EDITABLE_STATUSES as readonly number[]).includes(will.status))
    throw new AppError('gone', M('not_draft'));
  const version = await documentVersion(ctx.db, willId);
  if (version !== link.document_sha256) throw new AppError('gone', M('changed'));
  return { link, will, version };
}

/**
 * `GET /public/wasiat/{id}/testator-link/{link_id}?expires&signature`: the draft as it stands for the testator to
 * read, first opening recorded (`opened_at`, the signature fact's "viewed"). Errors of the file comment.
 * @returns `{ link: { id, expires_at }, sender, conventional, will }` (`will`: testator-link-summary.ts).
 */
export async function openTestatorLink(ctx: Ctx, willId: string, linkId: string, q: SignedLinkQuery) {
  const { link, will, version } = await liveLink(ctx, willId, linkId, q);
  if (!link.opened_at)
    await ctx.db
      .update(will_testator_links)
      .set({ opened_at: new Date() })
      .where(and(eq(will_testator_links.id, link.id), isNull(will_testator_links.opened_at)));
  return {
    link: { id: link.id, expires_at: link.expires_at.toISOString() },
    sender: await nameOf(ctx, link.sent_by),
    conventional: will.wasiat_type === 2,
    will: await draftSummary(ctx.db, will, version),
  };
}

/**
 * `POST /public/wasiat/{id}/testator-link/{link_id}/sign?expires&signature { acknowledged_pdpa, acknowledged_confirmation,
 * document, signature_method }`: the testator's signature (PNG data URL, not blank) and both declarations, saved as
 * the testator's own (`will.sign`, `will.verification`, actor the testator, `via: 'link'`); the link is spent first
 * (single use; given back when the save fails). Errors of the file comment; 422 naming the field.
 * @returns `{ message, signed_at }`.
 */
export async function signByTestatorLink(
  ctx: Ctx,
  willId: string,
  linkId: string,
  q: SignedLinkQuery,
  body: { document: string; signature_method: SignatureMethod },
  meta: { ip?: string; userAgent?: string },
  lang: Language,
) {
  const { link, will } = await liveLink(ctx, willId, linkId, q);
  const now = new Date();
  const [claimed] = await ctx.db
    .update(will_testator_links)
    .set({ signed_at: now })
    .where(
      and(
        eq(will_testator_links.id, link.id),
        isNull(will_testator_links.signed_at),
        isNull(will_testator_links.superseded_at),
      ),
    )
    .returning({ id: will_testator_links.id });
  if (!claimed) throw new AppError('gone', M('used'));
  try {
    const [testator] = await ctx.db.select().from(users).where(eq(users.id, will.user_id));
    const actor: Actor = { user: testator, ip: meta.ip, userAgent: meta.userAgent };
    await saveWillSignature(ctx, actor, will.id, body.document, body.signature_method, {
      id: link.id,
      sentAt: link.sent_at,
      viewedAt: link.opened_at ?? now,
    });
    await saveVerification(ctx.db, actor, will.id, { id: link.id });
  } catch (e) {
    await ctx.db.update(will_testator_links).set({ signed_at: null }).where(eq(will_testator_links.id, link.id));
    throw e;
  }
  return { message: translate(M('signed'), lang), signed_at: now.toISOString() };
}
