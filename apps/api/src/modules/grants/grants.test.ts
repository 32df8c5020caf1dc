/**
 * Grants (issue 16 items 1–2; ADR 0101) over HTTP on PGlite / PostgreSQL with the real SMTP server:
 * request and approval on the dashboard and by the code sent to the client's own e-mail, refusal,
 * withdrawal (after which the organisation's agent gets 404 on the client's will and profile),
 * `POST /wasiat { user_id }` without a grant, the MyKad lookup's masking, audit and hourly limit, and
 * provider staff listing and withdrawing grants.
 */
import { maskName } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, client_grants, organizations, users } from '../../db/schema/index.ts';
import type { AppError } from '../../platform/http/errors.ts';
import { RATE_LIMITS } from '../../platform/http/rate-limits.ts';
import { type Client, grantAccess, newClient, ok } from '../wills/test-fixtures.ts';
import { assertReferences } from './index.ts';

let t: TestApp;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await makeTestApp();
  for (const u of ['agent', 'partner', 'staff', 'admin']) tok[u] = await t.login(u);
});
afterAll(async () => {
  await t.close();
});

/** The 6-digit code of the latest mail to the client. */
async function codeMailedTo(c: Client, before: number) {
  for (let i = 0; i < 100 && t.mails.length === before; i++) await new Promise((r) => setTimeout(r, 20));
  const mail = t.mails.filter((m) => m.to.includes(`c${c.ic}@example.com`)).at(-1);
  const code = /\b(\d{6})\b/.exec(mail?.raw ?? '')?.[1];
  if (!code) throw new Error('no code in mail');
  return { code, raw: mail?.raw ?? '' };
}

const startWill = (token: string, c: Client) => t.call('POST', '/api/wasiat', { token, body: { user_id: c.id } });

describe('POST /wasiat { user_id } needs a grant', () => {
  it('an agent or partner of an organisation without a grant gets 404 and no will is made', async () => {
    const c = await newClient(t);
    expect((await startWill(tok.agent, c)).status).toBe(404);
    expect((await startWill(tok.partner, c)).status).toBe(404);
    expect(
      (await t.call('POST', '/api/hibah', { token: tok.agent, body: { user_id: c.id, hibah_type: 9 } })).status,
    ).toBe(404);
    expect((await t.call('GET', `/api/client/${c.id}`, { token: tok.partner })).status).toBe(404);
    const mine = await ok(t.call('GET', '/api/wasiat', { token: c.token }));
    expect(mine.wasiats.data).toEqual([]);
    // provider staff keep their access
    expect((await startWill(tok.staff, c)).status).toBe(201);
  });
});

describe('request and approval', () => {
  it('on the dashboard: the client sees the pending request, approves it; the agent may then start a will', async () => {
    const c = await newClient(t);
    const req = await ok(
      t.call('POST', '/api/client-grant', { token: tok.agent, body: { user_id: c.id, channel: 'dashboard' } }),
      201,
    );
    expect(req.grant).toMatchObject({ status: 'pending', source: 'approved', client_name: maskName(`Klien ${c.ic}`) });
    expect((await startWill(tok.agent, c)).status).toBe(404);
    const pending = await ok(t.call('GET', '/api/client-grant?status=pending', { token: c.token }));
    expect(pending.grants.data.map((g: { id: string }) => g.id)).toEqual([req.grant.id]);
    expect(pending.grants.data[0]).toMatchObject({ organization_name: 'Syarikat Demo Amanah Sdn Bhd', mine: true });
    // nobody else may approve it
    const other = await newClient(t);
    expect((await t.call('POST', `/api/client-grant/${req.grant.id}/approve`, { token: other.token })).status).toBe(
      404,
    );
    expect((await t.call('POST', `/api/client-grant/${req.grant.id}/approve`, { token: tok.agent })).status).toBe(404);
    const approved = await ok(t.call('POST', `/api/client-grant/${req.grant.id}/approve`, { token: c.token }));
    expect(approved.grant).toMatchObject({ status: 'active', approved_via: 'dashboard' });
    expect((await startWill(tok.agent, c)).status).toBe(201);
    const events = await t.ctx.db
      .select({ action: audit_events.action })
      .from(audit_events)
      .where(eq(audit_events.entity_id, req.grant.id));
    expect(events.map((e) => e.action)).toEqual(['grant.request', 'grant.approve']);
  });

  it('by the code sent to the client’s own e-mail, which the agent enters (wrong code refused)', async () => {
    const c = await newClient(t);
    const before = t.mails.length;
    const req = await ok(
      t.call('POST', '/api/client-grant', { token: tok.agent, body: { user_id: c.id, channel: 'email' } }),
      201,
    );
    expect(req.otp).toMatchObject({ channel: 'email' });
    expect(req.otp.destination).not.toContain(`c${c.ic}`);
    const { code } = await codeMailedTo(c, before);
    const wrong = code === '000000' ? '000001' : '000000';
    const bad = await t.call('POST', `/api/client-grant/${req.grant.id}/code`, {
      token: tok.agent,
      body: { code: wrong },
      lang: 'en',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['code']);
    // another agent/partner may not use the request
    expect(
      (await t.call('POST', `/api/client-grant/${req.grant.id}/code`, { token: tok.partner, body: { code } })).status,
    ).toBe(404);
    const done = await ok(
      t.call('POST', `/api/client-grant/${req.grant.id}/code`, { token: tok.agent, body: { code } }),
    );
    expect(done.grant).toMatchObject({ status: 'active', approved_via: 'code', client_name: `Klien ${c.ic}` });
    // single use
    const again = await t.call('POST', `/api/client-grant/${req.grant.id}/code`, { token: tok.agent, body: { code } });
    expect(again.status).toBe(422);
    expect((await startWill(tok.agent, c)).status).toBe(201);
  });

  it('refused on the dashboard: no access, and it cannot be approved afterwards', async () => {
    const c = await newClient(t);
    const req = await ok(
      t.call('POST', '/api/client-grant', { token: tok.partner, body: { user_id: c.id, channel: 'dashboard' } }),
      201,
    );
    const refused = await ok(
      t.call('POST', `/api/client-grant/${req.grant.id}/refuse`, { token: c.token, body: { reason: 'Tidak kenal' } }),
    );
    expect(refused.grant).toMatchObject({ status: 'refused' });
    expect((await t.call('POST', `/api/client-grant/${req.grant.id}/approve`, { token: c.token })).status).toBe(422);
    expect((await startWill(tok.partner, c)).status).toBe(404);
  });

  it('refuses requests for accounts that are not clients (404) and from clients (403)', async () => {
    const c = await newClient(t);
    const [staff] = await t.ctx.db.select().from(client_grants).limit(1);
    expect(
      (await t.call('POST', '/api/client-grant', { token: tok.agent, body: { user_id: 'nope', channel: 'dashboard' } }))
        .status,
    ).toBe(404);
    expect(
      (
        await t.call('POST', '/api/client-grant', {
          token: c.token,
          body: { user_id: staff.client_id, channel: 'email' },
        })
      ).status,
    ).toBe(403);
  });
});

describe('withdrawal', () => {
  it('after the client withdraws, the agent and partner get 404 on the will and the profile', async () => {
    const c = await newClient(t);
    const grantId = await grantAccess(t, c, 'agent');
    const will = (await ok(startWill(tok.agent, c), 201)).wasiat;
    expect((await t.call('GET', `/api/wasiat/${will.id}`, { token: tok.agent })).status).toBe(200);
    expect((await t.call('GET', `/api/client/${c.id}`, { token: tok.agent })).status).toBe(200);
    expect((await t.call('GET', `/api/wasiat/${will.id}`, { token: tok.partner })).status).toBe(200);
    const mine = await ok(t.call('GET', '/api/client-grant', { token: c.token }));
    expect(mine.grants.data.map((g: { id: string }) => g.id)).toContain(grantId);

    const w = await ok(t.call('POST', `/api/client-grant/${grantId}/withdraw`, { token: c.token, body: {} }));
    expect(w.grant).toMatchObject({ status: 'withdrawn' });
    expect((await t.call('GET', `/api/wasiat/${will.id}`, { token: tok.agent })).status).toBe(404);
    expect((await t.call('GET', `/api/wasiat/${will.id}`, { token: tok.partner })).status).toBe(404);
    expect((await t.call('GET', `/api/client/${c.id}`, { token: tok.agent })).status).toBe(404);
    const list = await ok(t.call('GET', '/api/wasiat', { token: tok.agent }));
    expect(list.wasiats.data.map((x: { id: string }) => x.id)).not.toContain(will.id);
    const patch = await t.call('PATCH', `/api/user/${c.id}`, {
      token: tok.partner,
      body: {
        name: 'Siti Aminah',
        designation: 'mrs',
        gender: 2,
        email: 'attacker@example.com',
        mobile_number: '012-345 6789',
        address: 'No. 3, Jalan Mawar',
        postcode: '43000',
        city: 'Kajang',
        state: 'Selangor',
      },
    });
    expect(patch.status).toBe(404);
    // the client still has their will; withdrawing twice is refused
    expect((await t.call('GET', `/api/wasiat/${will.id}`, { token: c.token })).status).toBe(200);
    expect((await t.call('POST', `/api/client-grant/${grantId}/withdraw`, { token: c.token, body: {} })).status).toBe(
      422,
    );
    // an organisation's person may not withdraw a client's grant
    const g2 = await grantAccess(t, c, 'agent');
    expect((await t.call('POST', `/api/client-grant/${g2}/withdraw`, { token: tok.agent, body: {} })).status).toBe(404);
  });
});

describe('provider staff list and audit grants', () => {
  it('staff see every grant, filter by client, and withdraw only with a reason; others see their own', async () => {
    const c = await newClient(t);
    const grantId = await grantAccess(t, c, 'agent');
    const all = await ok(t.call('GET', `/api/client-grant?user_id=${c.id}`, { token: tok.staff }));
    expect(all.grants.data.map((g: { id: string }) => g.id)).toEqual([grantId]);
    expect(all.grants.data[0]).toMatchObject({ client_name: `Klien ${c.ic}`, agent_name: 'Ahmad Zaki bin Ismail' });
    const other = await newClient(t);
    const seen = await ok(t.call('GET', `/api/client-grant?user_id=${c.id}`, { token: other.token }));
    expect(seen.grants.data).toEqual([]);
    const noReason = await t.call('POST', `/api/client-grant/${grantId}/withdraw`, { token: tok.staff, body: {} });
    expect(noReason.status).toBe(422);
    expect(Object.keys(noReason.body.errors)).toEqual(['reason']);
    const w = await ok(
      t.call('POST', `/api/client-grant/${grantId}/withdraw`, {
        token: tok.staff,
        body: { reason: 'Aduan pelanggan' },
      }),
    );
    expect(w.grant).toMatchObject({ status: 'withdrawn', reason: 'Aduan pelanggan' });
    const [ev] = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, grantId), eq(audit_events.action, 'grant.withdraw')));
    expect(ev.after).toMatchObject({ status: 'withdrawn', reason: 'Aduan pelanggan' });
    expect((await startWill(tok.agent, c)).status).toBe(404);
  });
});

/** The id of a demo user by username. */
const userId = async (username: string) =>
  (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id;

describe('GET /user?ic_number= (MyKad lookup)', () => {
  it('without a grant: the same empty answer as an unregistered MyKad — no id, no name; audited', async () => {
    // issue 36 item 6 (ADR 0228): the answer used to carry the id and the masked name
    const c = await newClient(t);
    const r = await ok(t.call('GET', `/api/user?ic_number=${c.ic}`, { token: tok.agent }));
    const none = await ok(t.call('GET', '/api/user?ic_number=900101149999', { token: tok.agent }));
    expect(r).toEqual(none);
    expect(r.users.data).toEqual([]);
    expect(JSON.stringify(r)).not.toContain(c.id);
    const first = await ok(t.call('GET', `/api/user?ic_number=${c.ic}&return_first=true`, { token: tok.partner }));
    expect(first.users).toBeNull();
    const [ev] = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.action, 'user.lookup'), eq(audit_events.actor_id, (await userId('agent')) ?? '')));
    expect(ev.after).toMatchObject({ found: 0, unmasked: 0 });
    expect(JSON.stringify(ev.after)).not.toContain(c.ic);
  });

  it('full particulars to a grant holder and to provider staff', async () => {
    const c = await newClient(t);
    await grantAccess(t, c, 'agent');
    const r = await ok(t.call('GET', `/api/user?ic_number=${c.ic}&return_first=true`, { token: tok.agent }));
    expect(r.users).toMatchObject({ id: c.id, ic_number: c.ic, email: `c${c.ic}@example.com`, masked: false });
    const s = await ok(t.call('GET', `/api/user?ic_number=${c.ic}&return_first=true`, { token: tok.staff }));
    expect(s.users).toMatchObject({ id: c.id, ic_number: c.ic, masked: false });
  });

  it('is limited to 30 an hour per user', async () => {
    expect(RATE_LIMITS.mykadLookup).toMatchObject({ max: 30, timeWindow: '1 hour', key: 'user' });
    const limited = await makeTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const agent = await limited.login('agent');
      const partner = await limited.login('partner');
      for (let i = 0; i < 30; i++) {
        const r = await limited.call('GET', `/api/user?ic_number=9001011400${String(i).padStart(2, '0')}`, {
          token: agent,
        });
        expect(r.status).toBe(200);
      }
      const over = await limited.call('GET', '/api/user?ic_number=900101140099', { token: agent });
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      // per user: another user is not affected
      expect((await limited.call('GET', '/api/user?ic_number=900101140099', { token: partner })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('assertReferences (ids in bodies and query strings)', () => {
  it('404 for a referenced client, will or hibah the caller may not act on; passes once granted', async () => {
    const c = await newClient(t);
    const will = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
    const [agent] = await t.ctx.db.select().from(users).where(eq(users.username, 'agent'));
    const refused = async (input: Record<string, unknown>) => {
      const e = await assertReferences(t.ctx.db, agent, input).then(
        () => null,
        (err: AppError) => err,
      );
      return e?.code;
    };
    expect(await refused({ user_id: c.id })).toBe('not_found');
    expect(await refused({ paymentable_type: 'Wasiat', paymentable_id: will.id })).toBe('not_found');
    expect(await refused({ heirable_type: 'Nonsense', heirable_id: will.id })).toBe('not_found');
    expect(await refused({ hibah_id: 'missing' })).toBe('not_found');
    expect(await refused({ name: 'not an id', user_id: '' })).toBeUndefined();
    // the agent's own organisation and themself are fine; another organisation is not
    const [lainOrg] = await t.ctx.db.select().from(organizations).where(eq(organizations.code, 'PROVIDER'));
    expect(await refused({ agent_id: agent.id })).toBeUndefined();
    expect(await refused({ organization_id: lainOrg.id })).toBe('not_found');
    await grantAccess(t, c, 'agent');
    expect(await refused({ user_id: c.id })).toBeUndefined();
    // a will the agent did not register stays out of reach (the will scope), though the client is granted
    expect(await refused({ wasiat_id: will.id })).toBe('not_found');
  });
});
