/**
 * The per-account login limit across addresses (issue 36 item 2; ADR 0227), attacked over HTTP at production
 * limits (RATE_LIMIT_SCALE=1), each attacker request from its own address (X-Forwarded-For; the harness connects
 * from loopback, which TRUST_PROXY trusts):
 * - 120 guesses at one account from 120 addresses: 20 passwords are checked (422), the rest refused unchecked (429,
 *   translated, Retry-After, `unlock: true`), the right password too, under any of the account's login names;
 * - the owner, from their own address, asks for a code with their password, reads it from their own mailbox (the
 *   test SMTP server) and logs in; the attacker's own request for a code sends nothing, and a wrong code is refused
 *   without the password being checked;
 * - guesses fired all at once are counted all the same; an unknown name is limited the same way (no discovery).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { ACCOUNT_HOURLY_MAX_TRIES } from './account-lock.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
}, 60_000);
afterAll(() => t?.close());

const post = (path: string, body: Record<string, string>, ip: string, lang: 'ms' | 'en' = 'en') =>
  t.call('POST', `/api/${path}`, { body, lang, headers: { 'x-forwarded-for': ip } });
/** The n-th attacker address (distinct for n < 65536 per prefix). */
const addr = (prefix: string, n: number) => `${prefix}.${n >> 8}.${n & 255}`;
const mailsTo = (to: string) => t.mails.filter((m) => m.to.includes(to));

async function codeMailedTo(to: string, count: number) {
  for (let i = 0; i < 200 && mailsTo(to).length < count; i++) await new Promise((r) => setTimeout(r, 20));
  const code = /\b(\d{6})\b/.exec(mailsTo(to).at(-1)?.raw ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

describe('per-account login limit across addresses (issue 36 item 2)', () => {
  it('120 addresses guessing one account get 20 passwords checked; the owner unlocks with a code to their e-mail', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) {
      statuses.push((await post('login', { username: 'client', password: `Guess${i}abc` }, addr('198.18', i))).status);
    }
    const checked = statuses.filter((s) => s === 422).length;
    console.log(
      `login guesses per account per hour from 120 addresses: ${checked} checked (422), ${statuses.filter((s) => s === 429).length} refused unchecked (429)`,
    );
    expect(statuses.slice(0, ACCOUNT_HOURLY_MAX_TRIES)).toEqual(Array(ACCOUNT_HOURLY_MAX_TRIES).fill(422));
    expect(statuses.slice(ACCOUNT_HOURLY_MAX_TRIES)).toEqual(Array(120 - ACCOUNT_HOURLY_MAX_TRIES).fill(429));

    // the right password from yet another address is not checked, under any login name of the account
    const attacker = '198.18.200.1';
    const right = await post('login', { username: 'client', password: DEMO_PASSWORD }, attacker);
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ unlock: true });
    expect(right.body.message).toMatch(/^Too many wrong passwords were tried on this account/);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(55 * 60);
    const ms = await post('login', { username: 'client@wasiat.local', password: DEMO_PASSWORD }, attacker, 'ms');
    expect(ms.status).toBe(429);
    expect(ms.body.message).toMatch(/^Terlalu banyak kata laluan salah/);
    expect((await post('login', { username: '920815145678', password: DEMO_PASSWORD }, attacker)).status).toBe(429);

    // the attacker asks for a code without the password: the same answer as the owner's, and nothing is sent
    const mine = 'client@wasiat.local';
    const asked = await post('login/unlock/create', { username: 'client', password: 'Guess999abc' }, attacker);
    expect(asked.status).toBe(200);

    // the owner, from their own address: locked too, until they ask for a code with their password
    const owner = '192.0.2.77';
    const locked = await post('login', { username: 'client', password: DEMO_PASSWORD }, owner);
    expect(locked.status).toBe(429);
    expect(locked.body.unlock).toBe(true);
    const sent = await post('login/unlock/create', { username: 'client', password: DEMO_PASSWORD }, owner);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(asked.body.message);
    const code = await codeMailedTo(mine, 1);
    expect(mailsTo(mine)).toHaveLength(1);

    // a wrong code from the attacker, even with the right password: refused on `code`
    const wrong = code === '000000' ? '000001' : '000000';
    const guess = await post('login/unlock', { username: 'client', password: DEMO_PASSWORD, code: wrong }, attacker);
    expect(guess.status).toBe(422);
    expect(Object.keys(guess.body.errors)).toEqual(['code']);

    const inn = await post('login/unlock', { username: 'client', password: DEMO_PASSWORD, code }, owner);
    expect(inn.status).toBe(200);
    expect(inn.body.token).toBeTruthy();
    expect(inn.body.user).toMatchObject({ username: 'client' });
    // the code works once; the attacker stays locked out
    expect((await post('login/unlock', { username: 'client', password: DEMO_PASSWORD, code }, owner)).status).toBe(422);
    expect((await post('login', { username: 'client', password: DEMO_PASSWORD }, attacker)).status).toBe(429);
    console.log(
      `login owner during the lock: unlock code mailed to their own address (1 mail; 0 for the attacker's request), logged in: ${inn.status === 200}`,
    );
  });

  it('counts guesses fired all at once, and limits an unknown name the same way', async () => {
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post('login', { username: 'partner', password: `Burst${i}abc` }, addr('198.19', i)),
      ),
    );
    const checked = burst.filter((r) => r.status === 422).length;
    console.log(`login guesses at one account, 40 at once from 40 addresses: ${checked} checked`);
    expect(checked).toBe(ACCOUNT_HOURLY_MAX_TRIES);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(40 - ACCOUNT_HOURLY_MAX_TRIES);

    const unknown: number[] = [];
    for (let i = 0; i < 25; i++) {
      unknown.push(
        (await post('login', { username: 'nobody-36', password: `Guess${i}abc` }, addr('198.20', i))).status,
      );
    }
    expect(unknown.slice(0, ACCOUNT_HOURLY_MAX_TRIES)).toEqual(Array(ACCOUNT_HOURLY_MAX_TRIES).fill(422));
    expect(unknown.slice(ACCOUNT_HOURLY_MAX_TRIES)).toEqual(Array(25 - ACCOUNT_HOURLY_MAX_TRIES).fill(429));
  });
});
