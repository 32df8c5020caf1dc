/**
 * Contract suite, auth (issue 20; reference §1.3, §2.1 `login`/`authenticate`, §5 roles; ADR 0135): the 2021
 * client's login body (`role: "Admin"` whatever the user) opens a 2021-contract session whose user carries the
 * 2021 role label in `roles[0].name` and ours beside it; our own client's login is unchanged; a login that needs
 * a second factor answers the 2021 client with a 403 it shows as a message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../harness.ts';
import { originalClient } from './replay.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
}, 240_000); // a fresh database and logins; the shared machine is slow
afterAll(async () => {
  await t?.close();
});

const USER_KEYS = [
  'token',
  'user.id',
  'user.name',
  'user.username',
  'user.email',
  'user.ic_number',
  'user.designation',
  'user.gender',
  'user.mobile_number',
  'user.office_phone_number',
  'user.address',
  'user.postcode',
  'user.city',
  'user.state',
  'user.status',
  'user.face_verified',
  'user.signature',
  'user.roles[].name',
  'user.user_access.id',
  'user.user_access.organization_id',
  'user.user_access.accessible_type',
  'user.user_access.accessible_id',
  'user.user_access.accessible.branch_name',
  'user.user_access.role',
  'user.user_access.status',
  'user.user_access.allow_payment_gateway',
  'user.user_access.allow_cash_payment',
];

describe('auth as the 2021 client calls it', () => {
  it('logs a partner administrator in as "Super Admin", an agent as "Agent", keeps the label on authenticate', async () => {
    const c = originalClient(t, 'auth');
    const partner = await c.call({
      method: 'POST',
      path: 'login',
      body: { username: 'partner', password: 'Demo12345', role: 'Admin' },
      reads: USER_KEYS,
    });
    expect(partner.body.user.roles.map((r: { name: string }) => r.name)).toEqual(['Super Admin', 'Partner']);
    expect(partner.body.user.original_role).toBe('Super Admin');
    const token = partner.body.token;
    const again = await c.call({ method: 'GET', path: 'authenticate', token, reads: ['user.roles[].name'] });
    expect(again.body.user.roles[0].name).toBe('Super Admin');
    const agent = await c.call({
      method: 'POST',
      path: 'login',
      body: { username: 'agent', password: 'Demo12345', role: 'Admin' },
      reads: USER_KEYS,
    });
    expect(agent.body.user.roles[0].name).toBe('Agent');
    const client = await c.call({
      method: 'POST',
      path: 'login',
      body: { username: '920815145678', password: 'Demo12345', role: 'Admin' },
      reads: ['token', 'user.id', 'user.roles[].name'],
    });
    expect(client.body.user.roles[0].name).toBe('Client');
    // a staff account needs a second factor: a 403 whose message (and first error) the 2021 client shows
    const staff = await c.call({
      method: 'POST',
      path: 'login',
      body: { username: 'staff', password: 'Demo12345', role: 'Admin' },
      status: 403,
      reads: ['message', 'errors.username'],
    });
    expect(staff.body.message).toMatch(/faktor kedua/);
    expect(staff.body.token).toBeUndefined();
    // a logged-out call sends `Bearer null`: 401, which the client turns into a local logout
    await c.call({ method: 'GET', path: 'authenticate', token: null, status: 401 });
    const { n, m, misses } = c.summary();
    expect(n, misses.join('\n')).toBe(m);
  });

  it('leaves our own client as it was: its login has no role key, roles[0] is ours, original_role beside it', async () => {
    const r = await t.call('POST', '/api/login', { body: { username: 'partner', password: 'Demo12345' } });
    expect(r.status).toBe(200);
    expect(r.body.user.roles).toEqual([{ name: 'Partner' }]);
    expect(r.body.user.original_role).toBe('Super Admin');
    const me = await t.call('GET', '/api/authenticate', { token: r.body.token });
    expect(me.body.user.roles).toEqual([{ name: 'Partner' }]);
    const staff = await t.call('POST', '/api/login', { body: { username: 'staff', password: 'Demo12345' } });
    expect(staff.status).toBe(200);
    expect(staff.body.two_factor_required).toBe(true);
  });
});
