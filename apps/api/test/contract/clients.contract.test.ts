/**
 * Contract suite, client list (issue 20; reference §2.1 `GET user?role=Client&with=wasiat&name&limit&page`,
 * client edit; ADR 0137): the list answers in the 2021 shape with the clients the caller may see (the same scope
 * as `GET /client`, grants of ADR 0101), and the client edit changes the client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../harness.ts';
import { originalClient } from './replay.ts';

let t: TestApp;
let staff: string;
let partner: string;
beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
  partner = (
    await t.call('POST', '/api/login', { body: { username: 'partner', password: 'Demo12345', role: 'Admin' } })
  ).body.token;
}, 240_000); // a fresh database and logins; the shared machine is slow
afterAll(async () => {
  await t?.close();
});

describe('the client list as the 2021 client calls it', () => {
  it('lists, searches and edits clients', async () => {
    const c = originalClient(t, 'clients');
    const list = await c.call({
      method: 'GET',
      path: 'user?role=Client&with=wasiat&name=&limit=10&page=1',
      token: staff,
      reads: ['users.data[].id', 'users.data[].name', 'users.data[].ic_number', 'users.data[].wasiat', 'users.total'],
    });
    const aminah = list.body.users.data.find((u: { name: string }) => u.name === 'Aminah binti Ahmad');
    expect(aminah).toBeTruthy();
    const search = await c.call({
      method: 'GET',
      path: 'user?role=Client&with=wasiat&name=aminah &limit=10&page=1',
      token: staff,
      reads: ['users.data[].id', 'users.total'],
    });
    expect(search.body.users.data.map((u: { id: string }) => u.id)).toContain(aminah.id);
    // the client edit screen sends the whole form
    await c.call({
      method: 'PATCH',
      path: `user/${aminah.id}`,
      token: staff,
      body: {
        name: 'Aminah binti Ahmad ',
        designation: '',
        gender: 2,
        email: 'client@wasiat.local',
        office_phone_number: '',
        mobile_number: '0123456789',
        address: 'No. 9, Jalan Mawar',
        postcode: '50450',
        city: 'Kuala Lumpur',
        state: 'W.P. Kuala Lumpur',
      },
      reads: ['user.id'],
    });
    // without ic_number and without role=Client it is still a MyKad lookup that needs ic_number (422)
    await c.call({
      method: 'GET',
      path: 'user?limit=10&page=1',
      token: staff,
      status: 422,
      reads: ['errors.ic_number'],
    });
    // a partner sees only the clients of its scope (clients/service.ts clientScope, grants of ADR 0101)
    const theirs = await c.call({
      method: 'GET',
      path: 'user?role=Client&with=wasiat&name=&limit=10&page=1',
      token: partner,
      reads: ['users.data', 'users.total'],
    });
    const { n, m, misses } = c.summary();
    expect(n, misses.join('\n')).toBe(m);
    const after = await t.call('GET', `/api/client/${aminah.id}`, { token: staff });
    expect(after.body.user).toMatchObject({ address: 'No. 9, Jalan Mawar', name: 'Aminah binti Ahmad' });
    // the partner's list is exactly its GET /client list (one scope, never wider)
    const ours = await t.call('GET', '/api/client?limit=10&page=1', { token: partner });
    expect(theirs.body.users.total).toBe(ours.body.users.total);
    expect(theirs.body.users.data.map((u: { id: string }) => u.id)).toEqual(
      ours.body.users.data.map((u: { id: string }) => u.id),
    );
  });
});
