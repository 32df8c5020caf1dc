/**
 * The codes are the testator's own (issue 38 item 5; ADR 0278): a code asked for a will's submission by an agent
 * acting for the client goes to the client's e-mail, says who asks, and the agent can go on only with it; the
 * client asking for their own will gets it themself. Codes are read from the mail that reached the harness SMTP
 * server.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, otp_codes, users } from '../../db/schema/index.ts';
import { grantAccess, newClient, ok } from '../wills/test-fixtures.ts';
import { consumeVerifiedOtp } from './service.ts';

let t: TestApp;
let agent: string;
let agentId: string;
beforeAll(async () => {
  t = await makeTestApp();
  agent = await t.login('agent');
  agentId = (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'agent')))[0].id;
}, 120_000);
afterAll(() => t?.close());

const mailTo = async (address: string, before: number) => {
  for (let i = 0; i < 50 && !t.mails.slice(before).some((m) => m.to.includes(address)); i++)
    await new Promise((r) => setTimeout(r, 20));
  return t.mails.slice(before).filter((m) => m.to.includes(address));
};

describe("a will's submission code is the testator's own", () => {
  it("an agent's request goes to the client's e-mail, naming the agent; the agent verifies it and the submission can spend it", async () => {
    const c = await newClient(t);
    await grantAccess(t, c, 'agent');
    const will = (await ok(t.call('POST', '/api/wasiat', { token: agent, body: { user_id: c.id } }), 201)).wasiat;
    const before = t.mails.length;
    const r = await ok(
      t.call('POST', '/api/otp/request', {
        token: agent,
        lang: 'en',
        body: { purpose: 'will-submit', wasiat_id: will.id, channel: 'email' },
      }),
    );
    expect(r.otp.to_testator).toBe(true);
    expect(r.otp.destination).toMatch(/^c\*\*\*@example\.com$/);
    const toClient = await mailTo(`c${c.ic}@example.com`, before);
    expect(toClient).toHaveLength(1);
    expect(toClient[0].raw).toMatch(/Ahmad Zaki bin Ismail is submitting your will/);
    // nothing went to the agent's own address
    expect(t.mails.slice(before).filter((m) => !m.to.includes(`c${c.ic}@example.com`))).toHaveLength(0);
    const [audit] = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.action, 'otp.request'), eq(audit_events.actor_id, agentId)))
      .orderBy(desc(audit_events.seq))
      .limit(1);
    expect(audit.after).toMatchObject({ purpose: 'will-submit', wasiat_id: will.id, sent_to: c.id });

    const code = /\b(\d{6})\b/.exec(toClient[0].raw)?.[1] as string;
    expect(
      (
        await t.call('POST', '/api/otp/verify', {
          token: agent,
          body: { code: '000000', purpose: 'will-submit', wasiat_id: will.id },
        })
      ).status,
    ).toBe(422);
    const [row] = await t.ctx.db.select().from(otp_codes).where(eq(otp_codes.wasiat_id, will.id));
    expect(row.destination).toBe(`c${c.ic}@example.com`);
    await ok(
      t.call('POST', '/api/otp/verify', { token: agent, body: { code, purpose: 'will-submit', wasiat_id: will.id } }),
    );
    expect(await consumeVerifiedOtp(t.ctx.db, agentId, 'will-submit', will.id, { signerId: c.id })).toBe(true);
  });

  it("the client's own request goes to themself; an agent without the client's grant gets 404 and no mail", async () => {
    const c = await newClient(t);
    const will = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
    const before = t.mails.length;
    const own = await ok(
      t.call('POST', '/api/otp/request', { token: c.token, body: { purpose: 'will-submit', wasiat_id: will.id } }),
    );
    expect(own.otp.to_testator).toBe(false);
    const mails = await mailTo(`c${c.ic}@example.com`, before);
    expect(mails).toHaveLength(1);
    expect(mails[0].raw).not.toMatch(/is submitting your will/);
    const after = t.mails.length;
    const r = await t.call('POST', '/api/otp/request', {
      token: agent,
      body: { purpose: 'will-submit', wasiat_id: will.id },
    });
    expect(r.status).toBe(404);
    await new Promise((res) => setTimeout(res, 100));
    expect(t.mails.length).toBe(after);
  });
});
