/**
 * A public page's signed link and the short access it opens, on the signed-URL HMAC (signed-url.ts), written once
 * for every module whose people without an account act through a mailed link: the release of a deceased's
 * documents (deaths/release-access.ts; ADR 0267) and the acceptance of a role named in a will
 * (acceptances/links.ts; ADR 0276).
 *
 * - The LINK signs the API path `apiPath` for `ttlSeconds`; the web page that opens it is `<appUrl><webPath>` with
 *   the same `?expires&signature`, which every public call of the record carries. A tampered or expired link is a
 *   403 `documents.link_invalid`.
 * - An ACCESS, given once the person passed a check (a code), is an HMAC over `subject` and an expiry:
 *   `<expires>.<mac>`. Missing, tampered or expired → 403 with the caller's message key.
 */

import { AppError } from './errors.ts';
import type { UrlSigner } from './signed-url.ts';

/** The query a signed link's calls carry. */
export interface SignedLinkQuery {
  expires?: string;
  signature?: string;
  access?: string;
}

/**
 * The web page URL of a signed link and its expiry.
 * @returns `{ url: "<appUrl><webPath>?expires=…&signature=…", expires: Date }`.
 */
export function signedPageLink(
  signer: UrlSigner,
  appUrl: string,
  apiPath: string,
  webPath: string,
  ttlSeconds: number,
  now = new Date(),
) {
  const signed = signer.sign(apiPath, ttlSeconds, now.getTime());
  const query = signed.split('?')[1];
  const expires = new Date(Number(new URLSearchParams(query).get('expires')) * 1000);
  return { url: `${appUrl.replace(/\/$/, '')}${webPath}?${query}`, expires };
}

/** Refuse a call whose link does not sign `apiPath` or has expired. @throws 403 `documents.link_invalid`. */
export function assertSignedLink(signer: UrlSigner, apiPath: string, q: SignedLinkQuery, now = new Date()) {
  if (!signer.verify(apiPath, q.expires, q.signature, now.getTime())) {
    throw new AppError('forbidden', 'documents.link_invalid');
  }
}

/** A new access over `subject` for `ttlSeconds`. @returns `{ token, expires_at }` (ISO 8601 UTC). */
export function issueLinkAccess(signer: UrlSigner, subject: string, ttlSeconds: number, now = new Date()) {
  const signed = signer.sign(subject, ttlSeconds, now.getTime());
  const q = new URLSearchParams(signed.split('?')[1]);
  const expires = Number(q.get('expires'));
  return { token: `${expires}.${q.get('signature')}`, expires_at: new Date(expires * 1000).toISOString() };
}

/** Refuse a call without a valid access over `subject`. @throws 403 `messageKey`. */
export function assertLinkAccess(
  signer: UrlSigner,
  subject: string,
  token: string | undefined,
  messageKey: string,
  now = new Date(),
) {
  const [expires, mac] = (token ?? '').split('.');
  if (!signer.verify(subject, expires, mac, now.getTime())) throw new AppError('forbidden', messageKey);
}
