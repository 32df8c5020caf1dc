/** The security headers taken once from helmet (http/security-headers.ts; ADR 0200). */
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { headersOf } from './security-headers.ts';

describe('headersOf', () => {
  it("records helmet's headers, lower-case, as it would set them", () => {
    const h = headersOf(
      helmet({
        contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } },
        referrerPolicy: { policy: 'no-referrer' },
      }),
    );
    expect(h['content-security-policy']).toBe("default-src 'self'");
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(Object.keys(h).every((k) => k === k.toLowerCase())).toBe(true);
  });

  it('refuses a middleware whose headers depend on the request', () => {
    expect(() =>
      headersOf((req, res, next) => {
        res.setHeader('x-url', String(req.url));
        next();
      }),
    ).toThrow(/read the request/);
  });

  it('refuses a middleware that finishes later or fails', () => {
    expect(() => headersOf((_req, _res, next) => void setTimeout(next, 0))).toThrow(/synchronously/);
    expect(() => headersOf((_req, _res, next) => next(new Error('no')))).toThrow('no');
  });
});
