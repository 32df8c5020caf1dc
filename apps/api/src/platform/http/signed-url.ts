/**
 * Expiring HMAC-signed URLs for named public routes (DESIGN.md §3 `POST /route/sign`; §4 "downloads
 * opened in a new tab carry a short-lived signed URL, never a bare id"). The signature covers the path
 * and the expiry; a tampered or expired link is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export class UrlSigner {
  constructor(private key: string) {}

  private mac(path: string, expires: number) {
    return createHmac('sha256', this.key).update(`${path}\n${expires}`).digest('base64url');
  }

  /**
   * A 32-byte key for another purpose, derived from the same APP_KEY (HMAC-SHA-256 of the purpose), so one
   * configured secret protects signed URLs, sealed TOTP secrets and recovery-code hashes (ADR 0081).
   */
  subkey(purpose: string): Buffer {
    return createHmac('sha256', this.key).update(`subkey:${purpose}`).digest();
  }

  /** `path?expires=<unix s>&signature=<mac>`, valid for `ttlSeconds`. */
  sign(path: string, ttlSeconds: number, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + ttlSeconds;
    const sep = path.includes('?') ? '&' : '?';
    return `${path}${sep}expires=${expires}&signature=${this.mac(path, expires)}`;
  }

  /** Whether `path` (without the expires/signature params) carries a valid, unexpired signature. */
  verify(path: string, expires: string | undefined, signature: string | undefined, now = Date.now()): boolean {
    if (!expires || !signature || !/^\d+$/.test(expires)) return false;
    if (Number(expires) * 1000 < now) return false;
    const want = Buffer.from(this.mac(path, Number(expires)));
    const got = Buffer.from(signature);
    return want.length === got.length && timingSafeEqual(want, got);
  }
}
