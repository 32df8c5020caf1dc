/**
 * Login throttling and username discovery (issue 16 item 4; ADR 0105), over HTTP with the client address set
 * by X-Forwarded-For (the harness connects from loopback, which TRUST_PROXY trusts by default):
 * - spraying 30 usernames from one address is throttled (429, translated, Retry-After);
 * - a lock caused from one address never refuses the owner who comes with the right password from another;
 * - an unknown username costs the same time as a known one: 100 tries each, interleaved, medians printed,
 *   difference under 2 ms (on a loaded machine: the known one the slower of its pair in 20–80% of pairs).
 * Runs with RATE_LIMIT_SCALE=1 (production limits), the timing test aside: it tries one known account hundreds of
 * times, past the per-account limit (account-lock.test.ts), so it has its own app with the limits ×100.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { IP_MAX_FAILURES } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
}, 60_000);
afterAll(() => t?.close());

const login = (username: string, password: string, ip: string, lang: 'ms' | 'en' = 'en', app = t) =>
  app.call('POST', '/api/login', { body: { username, password }, lang, headers: { 'x-forwarded-for': ip } });

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};

describe('login throttling (issue 16 item 4)', () => {
  it('throttles one address spraying 30 usernames, with a translated 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await login(`spray-${i}`, 'Wrong12345', '203.0.113.7')).status);
    console.log(`login spraying: 30 usernames from one address → ${statuses.filter((s) => s === 429).length} × 429`);
    expect(statuses.slice(0, IP_MAX_FAILURES)).toEqual(Array(IP_MAX_FAILURES).fill(422));
    expect(statuses.slice(IP_MAX_FAILURES)).toEqual(Array(30 - IP_MAX_FAILURES).fill(429));
    // even the right password of a real account is refused from that address while it is locked
    const en = await login('client', 'Demo12345', '203.0.113.7', 'en');
    expect(en.status).toBe(429);
    expect(Number(en.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(en.body.message).toMatch(/^Too many login attempts/);
    const ms = await login('client', 'Demo12345', '203.0.113.7', 'ms');
    expect(ms.body.message).toMatch(/^Terlalu banyak percubaan log masuk/);
    // another address is not affected
    expect((await login('client', 'Demo12345', '203.0.113.8')).status).toBe(200);
  });

  it('lets the owner in with the right password from another address during a lock caused elsewhere', async () => {
    for (let i = 0; i < 10; i++) expect((await login('agent', 'Wrong12345', '198.51.100.1')).status).toBe(422);
    // the attacker's address is locked for this account, even with the right password
    expect((await login('agent', 'Demo12345', '198.51.100.1')).status).toBe(429);
    // the owner, from their own address, gets in
    const owner = await login('agent', 'Demo12345', '198.51.100.2');
    expect(owner.status).toBe(200);
    expect(owner.body.token).toBeTruthy();
  });

  it('answers an unknown username in the same time as a known one (100 tries each, interleaved)', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    const scaled = await makeTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
    onTestFinished(() => scaled.close());
    const timed = async (username: string, ip: string) => {
      const start = performance.now();
      const r = await login(username, 'Wrong12345', ip, 'en', scaled);
      const ms = performance.now() - start;
      expect(r.status).toBe(422);
      return ms;
    };
    // warm both paths once
    await timed('partner', '192.0.2.250');
    await timed('nobody-here', '192.0.2.251');
    const round = async (from: number) => {
      for (let i = from; i < from + 100; i++) {
        // a fresh address per try (no lock interferes); alternate which goes first
        const a = `10.16.${i >> 8}.${i & 255}`;
        const b = `10.17.${i >> 8}.${i & 255}`;
        if (i % 2) {
          known.push(await timed('partner', a));
          unknown.push(await timed(`nobody-${i}`, b));
        } else {
          unknown.push(await timed(`nobody-${i}`, b));
          known.push(await timed('partner', a));
        }
      }
    };
    // 100 tries each; on a loaded machine (noise of tens of ms per call), up to 400 more each before judging: the
    // medians of ALL tries are compared (more samples, never a chosen subset). Before the fix the gap was ~15 ms at
    // every size, always the known username slower (a password hash the unknown one skipped): a SYSTEMATIC gap.
    // Unloaded, the medians must be within 2 ms. When the machine is so loaded that a login's median is above
    // 25 ms (seen in CI beside the browser journeys: medians of 32–81 ms moving by 30 ms between rounds, the sign
    // of the gap flipping, gaps of 2.6–3.7 ms), a gap in ms says little; the pairs say more: with no systematic
    // cost the known username is the slower of its pair about half the time, with the old defect nearly always.
    // Loaded, the test asks for 20–80% (unloaded here: 66% at a 0.9 ms gap; the old defect: ~100%).
    const slowerShare = () => known.filter((k, i) => k > unknown[i]).length / known.length;
    let same = false;
    for (let from = 0; from < 500 && !same; from += 100) {
      await round(from);
      const mk = median(known);
      const mu = median(unknown);
      const diff = Math.abs(mk - mu);
      const loaded = Math.min(mk, mu) > 25;
      const share = slowerShare();
      same = diff < 2 || (loaded && share >= 0.2 && share <= 0.8);
      console.log(
        `login timing: known username median ${mk.toFixed(2)} ms, unknown ${mu.toFixed(2)} ms, difference ${diff.toFixed(2)} ms; known slower in ${(share * 100).toFixed(0)}% of ${known.length} pairs${loaded ? ' (loaded machine)' : ''}`,
      );
    }
    expect(same).toBe(true);
  }, 600_000);
});
