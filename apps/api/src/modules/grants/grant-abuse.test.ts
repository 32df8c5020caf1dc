/**
 * Grant requests attacked over HTTP at production limits (issue 36 item 3; ADR 0227; RATE_LIMIT_SCALE=1), every
 * attacker request from a new address (X-Forwarded-For), mail read from the test SMTP server:
 * - a request's code has 5 tries in all: asking again (from new addresses) neither renews them nor mails a code;
 * - requests — by dashboard too — are limited per requester and client (3/24 h), per client (10/24 h from anyone)
 *   and per requester (30/hour), with a translated 429;
 * - the client blocks a requester: that person's requests are a translated 403 and the client is sent nothing;
 *   the client unblocks them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { user_accesses, users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { newMykad, ok } from '../wills/test-fixtures.ts';
import { GRANT_CODE_MAX_TRIES, GRANT_REQUEST_LIMITS } from './limits.ts';

let t: TestApp;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await makeTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  for (const u of ['agent', 'partner']) tok[u] = await t.login(u);
}, 60_000);
afterAll(() => t?.close());

let n = 0;
/** A new client address for each attacker request. */
const nextIp = () => {
  n += 1;
  return `100.64.${n >> 8}.${n & 255}`;
};
const call = (path: string, token: string, body: unknown, lang: 'ms' | 'en' = 'en') =>
  t.call('POST', `/api/${path}`, { token, body, lang, headers: { 'x-forwarded-for': nextIp() } });
const request = (token: string, userId: string, channel: 'email' | 'sms' | 'dashboard', lang?: 'ms' | 'en') =>
  call('client-grant', token, { user_id: userId, channel }, lang);

interface Client {
  id: string;
  token: string;
  email: string;
}
/** A client signs up (from their own address). */
async function signUp(): Promise<Client> {
  const ic = newMykad(true);
  const email = `g${ic}@example.com`;
  const user = {
    name: `Klien ${ic}`,
    username: `g${ic}`,
    email,
    ic_number: ic,
    mobile_number: '0123456789',
    password: 'Rahsia123',
    password_confirmation: 'Rahsia123',
    pdpa: true,
  };
  const r = await ok(call('users', '', { user }), 201);
  return { id: r.user.id, token: r.token, email };
}
const mailsTo = (c: Client) => t.mails.filter((m) => m.to.includes(c.email));
async function settle() {
  await new Promise((r) => setTimeout(r, 300));
}

/** Another agent of the demo organisation (set up in the database as an organisation would), logged in. */
async function extraAgent(i: number) {
  const [demo] = await t.ctx.db.select().from(users).where(eq(users.username, 'agent'));
  const [access] = await t.ctx.db.select().from(user_accesses).where(eq(user_accesses.user_id, demo.id));
  const ic = newMykad(true);
  const [u] = await t.ctx.db
    .insert(users)
    .values({
      name: `Ejen ${i}`,
      username: `ejen36-${i}`,
      email: `ejen36-${i}@example.com`,
      ic_number: ic,
      role: 'Agent',
      password_hash: await hashPassword(DEMO_PASSWORD),
    })
    .returning();
  await t.ctx.db.insert(user_accesses).values({
    user_id: u.id,
    organization_id: access.organization_id,
    branch_id: access.branch_id,
    role: access.role,
    status: 1,
  });
  return t.login(u.username);
}

describe('grant requests under attack (issue 36 item 3)', () => {
  it('a code has 5 tries in all: asking again from new addresses gives no new tries and mails no code', async () => {
    const c = await signUp();
    let requests = 0;
    let tries = 0;
    let checked = 0;
    const requestStatuses: number[] = [];
    let grantId = '';
    for (let round = 0; round < 5; round++) {
      const r = await request(tok.agent, c.id, 'email');
      requests += 1;
      requestStatuses.push(r.status);
      if (r.status === 201) grantId = r.body.grant.id;
      for (let i = 0; i < 5; i++) {
        const g = await call(`client-grant/${grantId}/code`, tok.agent, { code: String(100000 + round * 5 + i) });
        tries += 1;
        expect(g.status).toBe(422);
        // a checked guess is "incorrect"; an unchecked one names the used tries
        if (
          g.body.errors.code[0] !==
          'Too many wrong codes for this request. Ask the client to approve it on their dashboard.'
        ) {
          checked += 1;
        }
      }
    }
    await settle();
    const [mail] = mailsTo(c);
    const code = /\b(\d{6})\b/.exec(mail?.raw ?? '')?.[1] as string;
    // even the right code no longer approves the request; the client may still approve it on the dashboard
    const right = await call(`client-grant/${grantId}/code`, tok.agent, { code });
    console.log(
      `grant code guesses per client per 15 min: ${checked} checked of ${tries} tries, over ${requests} requests from ${requests + tries} addresses (requests answered ${requestStatuses.join(',')}); codes mailed to the client: ${mailsTo(c).length}`,
    );
    expect(checked).toBe(GRANT_CODE_MAX_TRIES);
    expect(mailsTo(c)).toHaveLength(1);
    expect(requestStatuses[0]).toBe(201);
    expect(requestStatuses.slice(1).every((s) => s === 422 || s === 429)).toBe(true);
    expect(right.status).toBe(422);
    const approved = await ok(call(`client-grant/${grantId}/approve`, c.token, {}));
    expect(approved.grant).toMatchObject({ status: 'active', approved_via: 'dashboard' });
  });

  it('limits requests per requester and client, per client and per requester, on the dashboard too', async () => {
    const c = await signUp();
    const pair = GRANT_REQUEST_LIMITS.pair.max;
    const perClient = GRANT_REQUEST_LIMITS.client.max;
    // one requester, many addresses, dashboard only (no code, no otp limit)
    const agentStatuses: number[] = [];
    for (let i = 0; i < pair + 2; i++) agentStatuses.push((await request(tok.agent, c.id, 'dashboard')).status);
    expect(agentStatuses).toEqual([...Array(pair).fill(201), 429, 429]);
    const over = await request(tok.agent, c.id, 'dashboard', 'ms');
    expect(over.body.message).toBe('Terlalu banyak permintaan akses. Sila cuba lagi kemudian.');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // more requesters of the same organisation: the client is asked at most 10 times in 24 hours
    const others = [tok.partner, await extraAgent(1), await extraAgent(2)];
    let accepted = pair;
    let attempts = pair + 3;
    for (const token of others) {
      for (let i = 0; i < pair; i++) {
        attempts += 1;
        if ((await request(token, c.id, 'dashboard')).status === 201) accepted += 1;
      }
    }
    await settle();
    console.log(
      `grant requests to one client per 24 h: ${accepted} accepted of ${attempts} from 4 requesters (dashboard); notices mailed: ${mailsTo(c).length}`,
    );
    expect(accepted).toBe(perClient);
    expect(mailsTo(c)).toHaveLength(perClient);

    // one requester asking many clients: 30 an hour
    const spammer = await extraAgent(3);
    const perRequester = GRANT_REQUEST_LIMITS.requester.max;
    const statuses: number[] = [];
    for (let i = 0; i <= perRequester; i++) {
      const target = await signUp();
      statuses.push((await request(spammer, target.id, 'dashboard')).status);
    }
    console.log(
      `grant requests by one requester per hour: ${statuses.filter((s) => s === 201).length} accepted of ${statuses.length}`,
    );
    expect(statuses).toEqual([...Array(perRequester).fill(201), 429]);
  }, 120_000);

  it('a client blocks a requester: refused with a translated 403 and nothing sent; unblocking lets them ask', async () => {
    const c = await signUp();
    const first = await ok(request(tok.agent, c.id, 'email'), 201);
    await settle();
    expect(mailsTo(c)).toHaveLength(1);
    // only the client blocks; the requester and another client get 404
    expect((await call(`client-grant/${first.grant.id}/block`, tok.agent, {})).status).toBe(404);
    const other = await signUp();
    expect((await call(`client-grant/${first.grant.id}/block`, other.token, {})).status).toBe(404);
    const blocked = await ok(call(`client-grant/${first.grant.id}/block`, c.token, {}));
    expect(blocked.grant).toMatchObject({ status: 'refused', requester_blocked: true });

    let tries = 0;
    let accepted = 0;
    for (const channel of ['email', 'sms', 'dashboard', 'email', 'dashboard'] as const) {
      const r = await request(tok.agent, c.id, channel);
      tries += 1;
      if (r.status === 201) accepted += 1;
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('This client does not accept access requests from you.');
    }
    const ms = await request(tok.agent, c.id, 'dashboard', 'ms');
    expect(ms.body.message).toBe('Pelanggan ini tidak menerima permintaan akses daripada anda.');
    await settle();
    console.log(
      `grant requests by a blocked requester: ${accepted} accepted of ${tries + 1}; mails to the client after the block: ${mailsTo(c).length - 1}`,
    );
    expect(mailsTo(c)).toHaveLength(1);
    // the client's list shows the block; another requester may still ask
    const mine = await ok(t.call('GET', '/api/client-grant', { token: c.token }));
    expect(mine.grants.data[0]).toMatchObject({ id: first.grant.id, requester_blocked: true });
    expect((await request(tok.partner, c.id, 'dashboard')).status).toBe(201);

    expect((await call(`client-grant/${first.grant.id}/unblock`, tok.agent, {})).status).toBe(404);
    const unblocked = await ok(call(`client-grant/${first.grant.id}/unblock`, c.token, {}));
    expect(unblocked.grant).toMatchObject({ requester_blocked: false });
    expect((await request(tok.agent, c.id, 'dashboard')).status).toBe(201);
  });
});
