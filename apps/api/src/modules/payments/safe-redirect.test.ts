/**
 * The return address of a gateway payment (create-payment.ts `safeRedirect`; issue 39 item 6, ADR 0256): the
 * app's own origin reduced to a path, an allowed client origin (`CORS_ORIGINS`) kept absolute, anything else
 * refused on `redirect_url`.
 */
import { describe, expect, it } from 'vitest';
import { absoluteLink } from '../../compat/v2021/payments/absolute-link.ts';
import { safeRedirect } from './create-payment.ts';

const APP = 'https://wasiat.example.my';
const CLIENTS = ['https://portal.example.my', 'http://127.0.0.1:4100'];

const refused = (url: string, origins = CLIENTS) => {
  try {
    safeRedirect(url, APP, origins);
  } catch (e) {
    return (e as { details?: Record<string, unknown> }).details ?? e;
  }
  return null;
};

describe('safeRedirect', () => {
  it('keeps a same-origin path, reduces the app’s own absolute URL to its path, defaults to /payment-status', () => {
    expect(safeRedirect('/wasiat/part-payment?wasiat_id=x', APP, CLIENTS)).toBe('/wasiat/part-payment?wasiat_id=x');
    expect(safeRedirect(`${APP}/wasiat/part-payment?wasiat_id=x#top`, APP, CLIENTS)).toBe(
      '/wasiat/part-payment?wasiat_id=x',
    );
    expect(safeRedirect(undefined, APP, CLIENTS)).toBe('/payment-status');
  });

  it('keeps an absolute URL on an allowed client origin absolute (the 2021 client’s redirect_url)', () => {
    expect(safeRedirect('http://127.0.0.1:4100/wasiat/part-payment?wasiat_id=x', APP, CLIENTS)).toBe(
      'http://127.0.0.1:4100/wasiat/part-payment?wasiat_id=x',
    );
    expect(safeRedirect('https://portal.example.my/x', APP, ['https://portal.example.my/'])).toBe(
      'https://portal.example.my/x',
    );
  });

  it('refuses other origins, user info, another port or scheme, and any client origin when none is allowed', () => {
    expect(refused('https://evil.example/steal')).not.toBeNull();
    expect(refused('https://user:pw@portal.example.my/x')).not.toBeNull();
    expect(refused('http://127.0.0.1:4101/x')).not.toBeNull();
    expect(refused('http://portal.example.my/x')).not.toBeNull();
    expect(refused('http://127.0.0.1:4100/x', [])).not.toBeNull();
    expect(refused('//evil.example/x')).not.toBeNull();
  });
});

describe('absoluteLink (2021 session pay link)', () => {
  it('puts a path on the API’s origin and leaves absolute links and non-strings alone', () => {
    expect(absoluteLink('/api/payment-gateway/sandbox/a?expires=1&signature=s', APP)).toBe(
      `${APP}/api/payment-gateway/sandbox/a?expires=1&signature=s`,
    );
    expect(absoluteLink('https://www.billplz.com/bills/x', APP)).toBe('https://www.billplz.com/bills/x');
    expect(absoluteLink('//evil.example/x', APP)).toBe('//evil.example/x');
    expect(absoluteLink(null, APP)).toBeNull();
  });
});
