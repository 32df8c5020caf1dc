import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, users } from '../../db/schema/index.ts';
import { JPEG_A, PNG_A } from '../wills/test-fixtures.ts';

let t: TestApp;
let agent: string;
let staff: string;
beforeAll(async () => {
  t = await makeTestApp();
  agent = await t.login('agent');
  staff = await t.login('staff');
});
afterAll(async () => {
  await t.close();
});

describe('GET /user?ic_number (find by MyKad)', () => {
  it('finds a client for an agent, as a page or the first (return_first)', async () => {
    const page = await t.call('GET', '/api/user?ic_number=920815145678', { token: agent });
    expect(page.status).toBe(200);
    expect(page.body.users.total).toBe(1);
    expect(page.body.users.data[0]).toMatchObject({ username: 'client', roles: [{ name: 'Client' }] });
    const first = await t.call('GET', '/api/user?ic_number=920815145678&return_first=true', { token: agent });
    expect(first.body.users.username).toBe('client');
    const none = await t.call('GET', '/api/user?ic_number=990101145011&return_first=true', { token: agent });
    expect(none.body).toEqual({ users: null });
  });

  it('agents find clients only; staff find any account; a client finds only themself (ADR 0133)', async () => {
    const staffIc = '850315105522';
    expect(
      (await t.call('GET', `/api/user?ic_number=${staffIc}&return_first=1`, { token: agent })).body.users,
    ).toBeNull();
    expect(
      (await t.call('GET', `/api/user?ic_number=${staffIc}&return_first=1`, { token: staff })).body.users.username,
    ).toBe('staff');
    const client = await t.login('client');
    const own = await t.call('GET', '/api/user?ic_number=920815145678&username=920815145678&return_first=true', {
      token: client,
    });
    expect(own.status).toBe(200);
    expect(own.body.users.username).toBe('client');
    // another account's MyKad: nothing, whether it exists or not
    const other = await t.call('GET', `/api/user?ic_number=${staffIc}&return_first=true`, { token: client });
    expect(other.body).toEqual({ users: null });
    expect((await t.call('GET', `/api/user?ic_number=${staffIc}`, { token: client })).body.users.total).toBe(0);
    expect((await t.call('GET', '/api/user', { token: agent })).status).toBe(422);
  });
});

describe('POST /user (agent creates a client by MyKad)', () => {
  it('creates a Client without password (201), refuses a taken MyKad or e-mail (422), audits', async () => {
    const r = await t.call('POST', '/api/user', {
      token: agent,
      body: {
        ic_number: '750505105553',
        name: 'Hasnah binti Omar',
        email: 'Hasnah@Example.com',
        mobile_number: '013-2223333',
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.user).toMatchObject({
      username: '750505105553',
      email: 'hasnah@example.com',
      mobile_number: '+60132223333',
      roles: [{ name: 'Client' }],
    });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, r.body.user.id));
    expect(row.password_hash).toBeNull();
    const events = await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, row.id));
    expect(events.map((e) => e.action)).toContain('user.create');
    // the agent can now start a will for them
    const w = await t.call('POST', '/api/wasiat', { token: agent, body: { user_id: row.id } });
    expect(w.status).toBe(201);

    const dup = await t.call('POST', '/api/user', {
      token: agent,
      body: { ic_number: '750505105553', name: 'Another', email: 'hasnah@example.com' },
    });
    expect(dup.status).toBe(422);
    expect(Object.keys(dup.body.errors).sort()).toEqual(['email', 'ic_number']);
    const bad = await t.call('POST', '/api/user', { token: agent, body: { ic_number: '7505051055', name: 'X' } });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['ic_number', 'name']);
    const client = await t.login('client');
    expect(
      (await t.call('POST', '/api/user', { token: client, body: { ic_number: '750505105561', name: 'Nope Nope' } }))
        .status,
    ).toBe(403);
  });
});

describe('POST /user/{id}/signature', () => {
  it('saves the caller’s own PNG signature; another id is 404; a JPEG is refused', async () => {
    const me = (await t.call('GET', '/api/authenticate', { token: staff })).body.user;
    expect(me.signature).toBeNull();
    const jpeg = await t.call('POST', `/api/user/${me.id}/signature`, {
      token: staff,
      body: { is_base64: true, document: JPEG_A },
    });
    expect(jpeg.status).toBe(422);
    const r = await t.call('POST', `/api/user/${me.id}/signature`, {
      token: staff,
      body: { is_base64: true, document: PNG_A },
    });
    expect(r.status).toBe(200);
    const after = (await t.call('GET', '/api/authenticate', { token: staff })).body.user;
    expect(after.signature).toEqual({ id: r.body.signature.id });
    expect((await t.call('GET', `/api/user/${me.id}/signature`, { token: staff })).body.signature.id).toBe(
      r.body.signature.id,
    );
    const file = await t.call('GET', `/api/attachment/${r.body.signature.id}/file`, { token: staff });
    expect(file.headers.get('content-type')).toBe('image/png');
    const agentMe = (await t.call('GET', '/api/authenticate', { token: agent })).body.user;
    expect((await t.call('GET', `/api/attachment/${r.body.signature.id}/file`, { token: agent })).status).toBe(404);
    const other = await t.call('POST', `/api/user/${agentMe.id}/signature`, {
      token: staff,
      body: { is_base64: true, document: PNG_A },
    });
    expect(other.status).toBe(404);
  });
});
