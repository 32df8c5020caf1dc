/**
 * Input trimming (issue 20; ADR 0137): every string of the body and query is trimmed before validation,
 * except passwords and signature data. Unit checks of the walker, then the real app over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { trimInput } from './trim.ts';

describe('trimInput', () => {
  it('trims strings in nested objects and arrays', () => {
    const v = trimInput({ a: ' x ', b: [' y', { c: 'z  ' }], n: 1, t: true, nul: null });
    expect(v).toEqual({ a: 'x', b: ['y', { c: 'z' }], n: 1, t: true, nul: null });
  });
  it('leaves passwords, documents and signatures exactly as sent', () => {
    const v = trimInput({
      password: ' p ',
      password_confirmation: ' p ',
      old_password: ' o ',
      current_password: ' c ',
      document: ' data:image/png;base64,AAAA ',
      signature: { document: ' s ' },
      name: ' n ',
    });
    expect(v).toEqual({
      password: ' p ',
      password_confirmation: ' p ',
      old_password: ' o ',
      current_password: ' c ',
      document: ' data:image/png;base64,AAAA ',
      signature: { document: ' s ' },
      name: 'n',
    });
  });
  it('trims query objects without a prototype', () => {
    const q = Object.assign(Object.create(null), { branch_id: '12 ' });
    expect(trimInput(q).branch_id).toBe('12');
  });
});

describe('trimming in the HTTP layer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  }, 240_000); // a fresh database and logins; the shared machine is slow
  afterAll(async () => {
    await t?.close();
  });

  it('trims the username before validation but never the password', async () => {
    const ok = await t.call('POST', '/api/login', { body: { username: '  client ', password: 'Demo12345' } });
    expect(ok.status).toBe(200);
    expect(ok.body.user.username).toBe('client');
    const spaced = await t.call('POST', '/api/login', { body: { username: 'client', password: ' Demo12345 ' } });
    expect(spaced.status).toBe(422);
  });

  it('validates trimmed values (a state with a trailing space) and filters by a trimmed branch_id', async () => {
    const token = await t.login('partner');
    const me = (await t.call('GET', '/api/authenticate', { token })).body.user;
    const r = await t.call('POST', `/api/user/${me.id}`, {
      token,
      body: {
        _method: 'PATCH',
        name: '  Rosli bin Abdullah  ',
        gender: ' 1',
        email: ` ${me.email} `,
        mobile_number: me.mobile_number ?? '0123456789',
        address: ' No. 2, Jalan Ujian ',
        postcode: '50450 ',
        city: ' Kuala Lumpur',
        state: 'W.P. Kuala Lumpur ',
      },
    });
    expect(r.status).toBe(200);
    const after = (await t.call('GET', '/api/authenticate', { token })).body.user;
    expect(after.name).toBe('Rosli bin Abdullah');
    expect(after.address).toBe('No. 2, Jalan Ujian');
    const orgId = after.user_access.organization_id;
    // `branch_id` with a trailing space, as the 2021 client sends it (its schema does not trim; the hook does)
    const branch = after.user_access.branch_id;
    const plain = await t.call('GET', `/api/organization/${orgId}/user-access?branch_id=${branch}`, { token });
    const spaced = await t.call('GET', `/api/organization/${orgId}/user-access?branch_id=${branch}%20`, { token });
    expect(plain.body.user_accesses.total).toBeGreaterThan(0);
    expect(spaced.body.user_accesses.total).toBe(plain.body.user_accesses.total);
  });
});
