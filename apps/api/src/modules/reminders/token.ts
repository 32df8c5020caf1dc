/**
 * The unsubscribe token of a will-review reminder mail (issue 17 item 17; ADR 0175): `<user id>.<mac>`, the
 * MAC an HMAC-SHA-256 of the user id under a key derived from APP_KEY for this one purpose
 * (`UrlSigner.subkey('review-reminders-unsubscribe')`). It does not expire: it can only turn the holder's
 * reminders off (turning them on again needs a login), and a mail of last year must still work.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UrlSigner } from '../../platform/http/signed-url.ts';

const PURPOSE = 'review-reminders-unsubscribe';

const macOf = (signer: UrlSigner, userId: string) =>
  createHmac('sha256', signer.subkey(PURPOSE)).update(userId).digest('base64url');

/** The token that turns off `userId`'s reminders. */
export const unsubscribeToken = (signer: UrlSigner, userId: string) => `${userId}.${macOf(signer, userId)}`;

/** The user id a token was made for, or null for a malformed or tampered token. */
export function userOfToken(signer: UrlSigner, token: string): string | null {
  const m = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const want = Buffer.from(macOf(signer, m[1]));
  const got = Buffer.from(m[2]);
  return want.length === got.length && timingSafeEqual(want, got) ? m[1] : null;
}
