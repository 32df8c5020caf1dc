/**
 * The channels that recover an account (issue 16 item 3; ADR 0105), over HTTP with the real SMTP harness:
 * - the four-step takeover of the issue ends in refusal at step 3 (a Partner changing a client's e-mail), so
 *   the reset link of step 4 never reaches the attacker and the client's session survives;
 * - the holder changes their own e-mail or mobile only with their password or a code sent to the CURRENT
 *   channel; the old address is told;
 * - provider staff change them only with a recorded reason (audit event); Partners never, also through the
 *   organisation's staff editor.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, organizations, user_accesses, users } from '../../db/schema/index.ts';
import { type Client, grantAccess, newClient, ok, orgAndBranch } from '../wills/test-fixtures.ts';

let t: TestApp;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await makeTestApp();
  for (const u of ['partner', 'agent', 'staff']) tok[u] = await t.login(u);
}, 120_000);
afterAll(() => t?.close());

/** The profile body of a user row with some fields replaced. */
async function profileOf(id: string, patch: Record<string, unknown> = {}) {
  const [u] = await t.ctx.db.select().from(users).where(eq(users.id, id));
  return {
    name: u.name,
    gender: 1,
    email: u.email,
    mobile_number: u.mobile_number,
    address: 'No 1 Jalan Satu',
    postcode: '50000',
    city: 'Kuala Lumpur',
    state: 'Johor',
    ...patch,
  };
}
const row = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0];
const decode = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
const mailsTo = (address: string) => t.mails.filter((m) => m.to.includes(address));
const settle = () => new Promise((r) => setTimeout(r, 400));

/** A client with a will registered by the demo organisation's agent (so the demo Partner had them in scope). */
async function clientOfDemo(): Promise<Client> {
  const c = await newClient(t);
  // The client let the demo organisation act for them (ADR 0101), as a real client would.
  await grantAccess(t, c, 'agent');
  const w = (await ok(t.call('POST', '/api/wasiat', { token: tok.agent, body: { user_id: c.id } }), 201)).wasiat;
  const [demo] = await t.ctx.db.select().from(organizations).where(eq(organizations.code, 'DEMO'));
  if (demo) {
    const { branch_id } = await orgAndBranch(t, 'DEMO');
    await t.call('PATCH', `/api/wasiat/${w.id}`, {
      token: tok.agent,
      body: { organization_id: demo.id, branch_id, wasiat_type: 1, plan: 'basic' },
    });
  }
  return c;
}

describe('the four-step takeover of issue 16 ends in refusal', () => {
  it('lookup → will → e-mail change (refused) → reset mail never reaches the attacker', async () => {
    const victim = await clientOfDemo();
    const attacker = 'attacker@evil.example';
    // 1. look the client up by MyKad (whatever this answers, it must not lead further)
    const lookup = await t.call('GET', `/api/user?ic_number=${victim.ic}`, { token: tok.partner });
    expect([200, 403, 404]).toContain(lookup.status);
    // 2. start a will for them under the Partner's organisation (may be allowed or refused by the grant model)
    const will = await t.call('POST', '/api/wasiat', { token: tok.partner, body: { user_id: victim.id } });
    expect([200, 201, 403, 404, 422]).toContain(will.status);
    // 3. change the client's e-mail: refused
    const change = await t.call('PATCH', `/api/user/${victim.id}`, {
      token: tok.partner,
      lang: 'en',
      body: await profileOf(victim.id, { email: attacker }),
    });
    expect([403, 404]).toContain(change.status);
    if (change.status === 403) expect(change.body.message).toMatch(/Only the account holder/);
    expect((await row(victim.id)).email).toBe(`c${victim.ic}@example.com`);
    // 4. ask for a reset link to the attacker's address: the same answer, and no mail to the attacker
    const reset = await t.call('POST', '/api/password/create', { body: { email: attacker } });
    expect(reset.status).toBe(200);
    await settle();
    expect(mailsTo(attacker)).toEqual([]);
    // the client is still logged in
    expect((await t.call('GET', '/api/authenticate', { token: victim.token })).status).toBe(200);
  });

  it('a Partner cannot change a mobile number either, and an Agent cannot edit a client at all', async () => {
    const victim = await clientOfDemo();
    const mobile = await t.call('PATCH', `/api/user/${victim.id}`, {
      token: tok.partner,
      body: await profileOf(victim.id, { mobile_number: '0199999999' }),
    });
    expect([403, 404], JSON.stringify(mobile.body)).toContain(mobile.status);
    expect((await row(victim.id)).mobile_number).toBe('+60123456789');
    const agent = await t.call('PATCH', `/api/user/${victim.id}`, {
      token: tok.agent,
      body: await profileOf(victim.id, { email: 'x@evil.example' }),
    });
    expect(agent.status).toBe(403);
  });
});

describe('the holder changes their own channels', () => {
  it('needs the password or a code; a wrong password is refused; the old address is told', async () => {
    const c = await newClient(t);
    const old = `c${c.ic}@example.com`;
    const fresh = `new${c.ic}@example.com`;
    const none = await t.call('PATCH', `/api/user/${c.id}`, {
      token: c.token,
      lang: 'ms',
      body: await profileOf(c.id, { email: fresh }),
    });
    expect(none.status, JSON.stringify(none.body)).toBe(422);
    expect(none.body.errors.current_password[0]).toMatch(/kata laluan semasa/);
    const wrong = await t.call('PATCH', `/api/user/${c.id}`, {
      token: c.token,
      body: await profileOf(c.id, { email: fresh, current_password: 'Salah12345' }),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toBeDefined();
    expect((await row(c.id)).email).toBe(old);
    // other fields change without a password
    const plain = await t.call('PATCH', `/api/user/${c.id}`, {
      token: c.token,
      body: await profileOf(c.id, { city: 'Shah Alam' }),
    });
    expect(plain.status).toBe(200);

    const before = mailsTo(old).length;
    const right = await t.call('PATCH', `/api/user/${c.id}`, {
      token: c.token,
      lang: 'en',
      body: await profileOf(c.id, { email: fresh, current_password: 'Rahsia123' }),
    });
    expect(right.status).toBe(200);
    expect(right.body.user.email).toBe(fresh);
    await expect.poll(() => mailsTo(old).length).toBe(before + 1);
    const told = decode(mailsTo(old).at(-1)?.raw ?? '');
    expect(told).toContain('Your account details were changed');
    expect(told).toContain('e-mail address');
    const [event] = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, c.id), eq(audit_events.action, 'user.channel_change')));
    expect(event.after).toMatchObject({ email: fresh, by: 'holder' });
  });

  it('accepts a code sent to the CURRENT e-mail (otp purpose channel-change), once', async () => {
    const c = await newClient(t);
    const old = `c${c.ic}@example.com`;
    const before = mailsTo(old).length;
    const req = await t.call('POST', '/api/otp/request', { token: c.token, body: { purpose: 'channel-change' } });
    expect(req.status).toBe(200);
    await expect.poll(() => mailsTo(old).length).toBe(before + 1);
    const code = /\b(\d{6})\b/.exec(decode(mailsTo(old).at(-1)?.raw ?? ''))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const bad = await t.call('PATCH', `/api/user/${c.id}`, {
      token: c.token,
      body: await profileOf(c.id, { mobile_number: '0171112222', otp_code: code === '000000' ? '111111' : '000000' }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.otp_code).toBeDefined();
    const good = await t.call('PATCH', `/api/user/${c.id}`, {
      token: c.token,
      body: await profileOf(c.id, { mobile_number: '0171112222', otp_code: code }),
    });
    expect(good.status).toBe(200);
    expect((await row(c.id)).mobile_number).toBe('+60171112222');
    // the code is spent
    const again = await t.call('PATCH', `/api/user/${c.id}`, {
      token: c.token,
      body: await profileOf(c.id, { mobile_number: '0173334444', otp_code: code }),
    });
    expect(again.status).toBe(422);
    await expect.poll(() => decode(mailsTo(old).at(-1)?.raw ?? '').includes('mobile number')).toBe(true);
  });
});

describe('provider staff change channels only with a recorded reason', () => {
  it('refuses without a reason, records the reason, tells the old address', async () => {
    const c = await newClient(t);
    const old = `c${c.ic}@example.com`;
    const fresh = `staffset${c.ic}@example.com`;
    const noReason = await t.call('PATCH', `/api/user/${c.id}`, {
      token: tok.staff,
      lang: 'en',
      body: await profileOf(c.id, { email: fresh }),
    });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.change_reason[0]).toMatch(/Give the reason/);
    const before = mailsTo(old).length;
    const withReason = await t.call('PATCH', `/api/user/${c.id}`, {
      token: tok.staff,
      body: await profileOf(c.id, {
        email: fresh,
        change_reason: 'Client called from the registered number; old mailbox closed',
      }),
    });
    expect(withReason.status).toBe(200);
    await expect.poll(() => mailsTo(old).length).toBe(before + 1);
    const [event] = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, c.id), eq(audit_events.action, 'user.channel_change')));
    expect(event.after).toMatchObject({ by: 'provider_staff', reason: expect.stringMatching(/old mailbox closed/) });
  });

  it("a Partner cannot change a staff member's e-mail through the staff editor, nor their own role", async () => {
    const [me] = await t.ctx.db.select().from(users).where(eq(users.username, 'partner'));
    const [acc] = await t.ctx.db.select().from(user_accesses).where(eq(user_accesses.user_id, me.id));
    const [agent] = await t.ctx.db.select().from(users).where(eq(users.username, 'agent'));
    const [agentAcc] = await t.ctx.db.select().from(user_accesses).where(eq(user_accesses.user_id, agent.id));
    const staffBody = (u: typeof me, a: typeof acc, patch: Record<string, unknown>) => ({
      name: u.name,
      email: u.email,
      mobile_number: u.mobile_number,
      role: a.role,
      branch_id: a.branch_id,
      status: a.status,
      ...patch,
    });
    const mail = await t.call('PATCH', `/api/organization/${agentAcc.organization_id}/user/${agent.id}`, {
      token: tok.partner,
      body: staffBody(agent, agentAcc, { email: 'agent-new@evil.example' }),
    });
    expect(mail.status).toBe(403);
    expect((await row(agent.id)).email).toBe('agent@wasiat.local');
    // the same edit without touching the channels is allowed
    const name = await t.call('PATCH', `/api/organization/${agentAcc.organization_id}/user/${agent.id}`, {
      token: tok.partner,
      body: staffBody(agent, agentAcc, { name: 'Ahmad Zaki bin Ismail' }),
    });
    expect(name.status).toBe(200);
    const own = await t.call('PATCH', `/api/organization/${acc.organization_id}/user/${me.id}`, {
      token: tok.partner,
      lang: 'en',
      body: staffBody(me, acc, { role: 'Agent' }),
    });
    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/Nobody can change their own role/);
    expect((await row(me.id)).role).toBe('Partner');
  });
});
