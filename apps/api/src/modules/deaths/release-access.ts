/**
 * The signed link of a release and the short access it opens (issue 40 item 3; ADR 0267), on the platform's
 * signed links (http/signed-links.ts over signed-url.ts, the HMAC of APP_KEY over the path and the expiry):
 *
 * - the LINK signs `/api/public/release/{id}` for {@link RELEASE_LINK_TTL_SECONDS}; the web page that opens it is
 *   `/kematian/dokumen/{id}?expires&signature`, and every public call of the release carries the same query. A
 *   tampered or expired link → 403 `documents.link_invalid`; an unknown release → 404; a revoked one → 410
 *   `deaths.release.link_revoked`.
 * - the ACCESS, given once the e-mailed code and the identity number have passed (release-public.ts), is an HMAC
 *   over `death-release-access:{id}` and an expiry {@link RELEASE_ACCESS_TTL_SECONDS} on: `<expires>.<mac>`, sent
 *   back as `access` with the document list and each download (so a download can open in a new tab). Missing,
 *   tampered or expired → 403 `deaths.release.access_required`.
 * - the ESTATE ROLE (ADR 0288): what the person may do is read from the one permission table's estate roles (domain
 *   `canInEstate` over the release's roles), scoped to the release the link names — {@link estateRelease} is the one
 *   door of every public release and consent route; an action the role lacks → 403 (`deaths.release.not_allowed`,
 *   or the route's own reason).
 */
import { canInEstate, type EstateAction, RELEASE_MSG } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { death_releases } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import {
  assertLinkAccess,
  assertSignedLink,
  issueLinkAccess,
  type SignedLinkQuery,
  signedPageLink,
} from '../../platform/http/signed-links.ts';
import type { Conn } from './queries.ts';

/** How long a release link stays valid: 180 days (an estate takes months to settle; ADR 0267). */
const RELEASE_LINK_TTL_SECONDS = 180 * 24 * 3600;
/** How long an access opened by the code and identity check lasts: 30 minutes. */
const RELEASE_ACCESS_TTL_SECONDS = 30 * 60;

/** The path a release link signs. */
const releaseLinkPath = (id: string) => `/api/public/release/${id}`;
const accessSubject = (id: string) => `death-release-access:${id}`;

/** The query every public call of a release carries. */
export type ReleaseQuery = SignedLinkQuery;

/**
 * The web page URL of release `id`'s signed link and its expiry (platform http/signed-links.ts).
 * @returns `{ url: "<APP_URL>/kematian/dokumen/{id}?expires=…&signature=…", expires: Date }`.
 */
export function releaseLink(ctx: Ctx, id: string, now = new Date()) {
  return signedPageLink(
    ctx.signer,
    ctx.appUrl,
    releaseLinkPath(id),
    `/kematian/dokumen/${id}`,
    RELEASE_LINK_TTL_SECONDS,
    now,
  );
}

/**
 * The release of a signed link, not revoked. @throws 403 `documents.link_invalid` (tampered or expired),
 * 404 (unknown), 410 `deaths.release.link_revoked`.
 */
async function liveRelease(ctx: Ctx, db: Conn, id: string, q: ReleaseQuery, now = new Date()) {
  assertSignedLink(ctx.signer, releaseLinkPath(id), q, now);
  const [r] = await db.select().from(death_releases).where(eq(death_releases.id, id));
  if (!r) throw notFound();
  if (r.revoked_at) throw new AppError('gone', RELEASE_MSG.linkRevoked);
  return r;
}

/** A new access for release `id`. @returns `{ token, expires_at }` (ISO 8601 UTC). */
export function issueAccess(ctx: Ctx, id: string, now = new Date()) {
  return issueLinkAccess(ctx.signer, accessSubject(id), RELEASE_ACCESS_TTL_SECONDS, now);
}

/** Refuse a call without a valid access for release `id`. @throws 403 `deaths.release.access_required`. */
function assertAccess(ctx: Ctx, id: string, token: string | undefined, now = new Date()) {
  assertLinkAccess(ctx.signer, accessSubject(id), token, RELEASE_MSG.accessRequired, now);
}

/**
 * Refuse `action` when the estate roles of release `rel` (domain `estateRolesOf`, the one permission table's
 * `ESTATE_PERMISSIONS`; ADR 0288) lack it. @throws 403 `message` (default `deaths.release.not_allowed`).
 */
export function assertCanInEstate(
  rel: { roles: readonly string[] },
  action: EstateAction,
  message: string = RELEASE_MSG.notAllowed,
) {
  if (!canInEstate(rel, action)) throw new AppError('forbidden', message);
}

/**
 * The release of a signed link, for a public route that does `action` in the release's estate (ADR 0288): the live
 * release ({@link liveRelease}: 403 tampered/expired link, 404 unknown, 410 revoked), its access when the route
 * needs one ({@link assertAccess}: 403), then the estate role ({@link assertCanInEstate}: 403 `refusal`). The estate
 * is the release's own — its instrument and deceased; whatever of another estate the route is asked for is the
 * route's 404.
 */
export async function estateRelease(
  ctx: Ctx,
  id: string,
  q: ReleaseQuery,
  action: EstateAction,
  opts: { access: boolean; refusal?: string },
  now = new Date(),
) {
  const rel = await liveRelease(ctx, ctx.db, id, q, now);
  if (opts.access) assertAccess(ctx, rel.id, q.access, now);
  assertCanInEstate(rel, action, opts.refusal);
  return rel;
}
