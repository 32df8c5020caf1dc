/**
 * A guardian's signed link to accept or decline (issue 41 item 3; ADR 0276), on the platform's signed links
 * (http/signed-links.ts, shared with the release of a deceased's documents): it signs
 * `/api/public/acceptance/{id}` for {@link ACCEPTANCE_LINK_TTL_SECONDS} and opens the web page
 * `/penerimaan/{id}?expires&signature`; every public call carries the same query. A tampered or expired link is a
 * 403 `documents.link_invalid`; an unknown request, or the executor's (answered in the app), a 404; a superseded
 * one a 410 `acceptances.superseded`.
 */
import { ACCEPTANCE_MSG } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { role_acceptances } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { assertSignedLink, type SignedLinkQuery, signedPageLink } from '../../platform/http/signed-links.ts';

/** How long a guardian's link stays valid: 30 days (a partner or staff send a new one after). */
const ACCEPTANCE_LINK_TTL_SECONDS = 30 * 24 * 3600;

const apiPath = (id: string) => `/api/public/acceptance/${id}`;

/** The web page URL of request `id`'s signed link and its expiry. */
export function acceptanceLink(ctx: Ctx, id: string, now = new Date()) {
  return signedPageLink(ctx.signer, ctx.appUrl, apiPath(id), `/penerimaan/${id}`, ACCEPTANCE_LINK_TTL_SECONDS, now);
}

/**
 * The guardian's request a signed link opens. @throws 403 `documents.link_invalid`, 404 (unknown, or not a
 * guardian's), 410 `acceptances.superseded`.
 */
export async function linkedAcceptance(ctx: Ctx, id: string, q: SignedLinkQuery, now = new Date()) {
  assertSignedLink(ctx.signer, apiPath(id), q, now);
  const [r] = await ctx.db.select().from(role_acceptances).where(eq(role_acceptances.id, id));
  if (r?.role !== 'guardian') throw notFound();
  if (r.state === 'superseded') throw new AppError('gone', ACCEPTANCE_MSG.superseded);
  return r;
}
