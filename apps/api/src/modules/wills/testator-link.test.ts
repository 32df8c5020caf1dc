/**
 * The signed link to a testator who is not present (issue 38 item 5; ADR 0298): the agent sends it, the testator
 * opens the draft and signs on their own device, recorded as the testator's own (`will.sign` / `will.verification`,
 * actor the testator, `via: 'link'`); the link is single use, lasts 7 days, stops when a newer one is sent or the
 * draft changes, and only one who may edit the will can send it.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, users, will_testator_links, wills } from '../../db/schema/index.ts';
import { decodeMail } from '../amendments/hibah-test-fixtures.ts';
import {
  type Client,
  grantAccess,
  heir,
  JPEG_A,
  newClient,
  ok,
  orgAndBranch,
  PNG_A,
  passEkyc,
  pay,
  SIGNATURE_PNG,
  userDetail,
} from './test-fixtures.ts';

let t: TestApp;
let agent: string;
let agentId: string;
beforeAll(async () => {
  t = await makeTestApp();
  agent = await t.login('agent');
  [{ id: agentId }] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'agent'));
}, 120_000);
afterAll(() => t?.close());

/** A client's will at part f (parts a … e done, nothing signed) with the organisation `org`. */
async function willAtF(c: Client, org = 'DEMO') {
  const token = c.token;
  const w = (await ok(t.call('POST', '/api/wasiat', { token, body: { user_id: c.id } }), 201)).wasiat;
  const ob = await orgAndBranch(t, org);
  await ok(
    t.call('POST', `/api/wasiat/${w.id}`, { token, body: { _method: 'PATCH', ...ob, wasiat_type: 1, plan: 'basic' } }),
  );
  await pay(t, w.id, 'paid');
  await ok(
    t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token, body: { _method: 'PATCH', ...userDetail(c.ic) } }),
  );
  for (const [type, doc] of [
    ['mykad-front', PNG_A],
    ['mykad-back', JPEG_A],
  ]) {
    await ok(
      t.call('POST', `/api/wasiat/${w.id}/document`, { token, body: { is_base64: true, type, document: doc } }),
      201,
    );
  }
  await passEkyc(t, w.id);
  await ok(t.call('POST', '/api/heir', { token, body: heir(w.id) }), 201);
  return w.id as string;
}

/** A client whose will (at part f) the demo agent prepares for them, with the client's grant. */
async function agentsClient() {
  const c = await newClient(t);
  const willId = await willAtF(c);
  await grantAccess(t, c, 'agent');
  await t.ctx.db.update(wills).set({ agent_id: agentId }).where(eq(wills.id, willId));
  return { c, willId };
}

const email = (c: Client) => `c${c.ic}@example.com`;
/** The signing-link mails to `c` (other mails, such as the grant's, left out). */
const mailsTo = (c: Client) =>
  t.mails
    .filter((m) => m.to.includes(email(c)))
    .map((m) => decodeMail(m.raw))
    .filter((body) => body.includes('/wasiat/pautan/'));

/** The public API path and query of the link in the newest mail to `c`. */
async function linkInMail(c: Client, count = 1) {
  await expect.poll(() => mailsTo(c).length, { timeout: 10_000 }).toBe(count);
  const body = mailsTo(c).at(-1) as string;
  const m = /\/wasiat\/pautan\/([\w-]+)\/([\w-]+)\?(expires=\d+&signature=[\w-]+)/.exec(body);
  if (!m) throw new Error(`no link in ${body}`);
  return { api: `/api/public/wasiat/${m[1]}/testator-link/${m[2]}`, query: m[3], willId: m[1], linkId: m[2] };
}

const send = (willId: string, token = agent) => t.call('POST', `/api/wasiat/${willId}/testator-link`, { token });
const signBody = { acknowledged_pdpa: 1, acknowledged_confirmation: 1, document: SIGNATURE_PNG };

describe('a signed link to the testator', () => {
  it('sent by the agent: mailed once to the testator; opened and signed, recorded as the testator’s own via link', async () => {
    const { c, willId } = await agentsClient();
    const sent = await ok(send(willId));
    expect(sent.link).toMatchObject({ channel: 'email', state: 'open', signed_at: null });
    expect(sent.link.destination).not.toBe(email(c));
    const expiresIn = Date.parse(sent.link.expires_at) - Date.parse(sent.link.sent_at);
    expect(Math.round(expiresIn / 86_400_000)).toBe(7);
    const link = await linkInMail(c);
    expect(link.willId).toBe(willId);

    const page = await ok(t.call('GET', `${link.api}?${link.query}`));
    expect(page.will.testator.name).toBe(userDetail(c.ic).name);
    expect(page.will.heirs.map((h: { name: string }) => h.name)).toEqual([heir(willId).name]);
    expect(page.will.testator.ic_number).not.toBe(c.ic);

    // both ticks are required (422 naming the field), and a signature
    const unticked = await t.call('POST', `${link.api}/sign?${link.query}`, {
      body: { ...signBody, acknowledged_pdpa: 0 },
    });
    expect(unticked.status).toBe(422);
    expect(Object.keys(unticked.body.errors)).toEqual(['acknowledged_pdpa']);

    const signed = await ok(t.call('POST', `${link.api}/sign?${link.query}`, { body: signBody }));
    expect(signed.signed_at).toEqual(expect.any(String));
    const events = await t.ctx.db
      .select({ action: audit_events.action, actor: audit_events.actor_id, after: audit_events.after })
      .from(audit_events)
      .where(and(eq(audit_events.entity_type, 'Wasiat'), eq(audit_events.entity_id, willId)))
      .orderBy(asc(audit_events.seq));
    const sign = events.filter((e) => e.action.startsWith('will.sign') || e.action.startsWith('will.verification'));
    expect(sign.map((e) => [e.action, e.actor, (e.after as { via?: string }).via])).toEqual([
      ['will.sign', c.id, 'link'],
      ['will.verification', c.id, 'link'],
    ]);
    expect(events.find((e) => e.action === 'will.testator_link')?.actor).toBe(agentId);
    const [w] = await t.ctx.db.select().from(wills).where(eq(wills.id, willId));
    expect(w).toMatchObject({ acknowledged_pdpa: true, acknowledged_confirmation: true });
    expect(w.parts_done).toContain('f');

    // the agent's part f sees it; the link cannot be used again
    const status = await ok(t.call('GET', `/api/wasiat/${willId}/testator-link`, { token: agent }));
    expect(status.link).toMatchObject({ state: 'signed', signed_at: signed.signed_at });
    const again = await t.call('POST', `${link.api}/sign?${link.query}`, { body: signBody });
    expect(again.status).toBe(410);
    expect((await t.call('GET', `${link.api}?${link.query}`)).status).toBe(410);
    expect(mailsTo(c)).toHaveLength(1);
  });

  it('a tampered or expired link is refused (403); a link of another will is a 404', async () => {
    const { c, willId } = await agentsClient();
    await ok(send(willId));
    const link = await linkInMail(c);
    const tampered = await t.call('GET', `${link.api}?${link.query.replace(/signature=./, 'signature=x')}`);
    expect(tampered.status).toBe(403);
    expect(tampered.body.message).toMatch(/7/);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7 * 86_400_000 + 60_000 });
    try {
      expect((await t.call('GET', `${link.api}?${link.query}`)).status).toBe(403);
      expect((await t.call('POST', `${link.api}/sign?${link.query}`, { body: signBody })).status).toBe(403);
    } finally {
      vi.useRealTimers();
    }
    const other = await agentsClient();
    const wrong = await t.call('GET', `/api/public/wasiat/${other.willId}/testator-link/${link.linkId}?${link.query}`);
    expect(wrong.status).toBe(404);
  });

  it('stops working when the draft changes after sending, and when a newer link supersedes it', async () => {
    const { c, willId } = await agentsClient();
    await ok(send(willId));
    const first = await linkInMail(c);
    await ok(send(willId));
    const second = await linkInMail(c, 2);
    const superseded = await t.call('GET', `${first.api}?${first.query}`);
    expect(superseded.status).toBe(410);
    expect(superseded.body.message).toMatch(/newer|latest/i);
    await ok(t.call('GET', `${second.api}?${second.query}`));

    await ok(t.call('POST', '/api/heir', { token: agent, body: heir(willId, { name: 'Waris Baharu' }) }), 201);
    const changed = await t.call('POST', `${second.api}/sign?${second.query}`, { body: signBody });
    expect(changed.status).toBe(410);
    expect(changed.body.message).toMatch(/changed/i);
    const status = await ok(t.call('GET', `/api/wasiat/${willId}/testator-link`, { token: agent }));
    expect(status.link.state).toBe('changed');
    const [w] = await t.ctx.db.select().from(wills).where(eq(wills.id, willId));
    expect(w.signature_id).toBeNull();
  });

  it('only one who may edit the will sends it: an agent of another organisation gets 404, the testator 422', async () => {
    const c = await newClient(t);
    const willId = await willAtF(c, 'PROVIDER');
    expect((await send(willId)).status).toBe(404);
    const self = await send(willId, c.token);
    expect(self.status).toBe(422);
    expect(Object.keys(self.body.errors)).toEqual(['_']);
    expect(await t.ctx.db.select().from(will_testator_links).where(eq(will_testator_links.wasiat_id, willId))).toEqual(
      [],
    );
  });

  it('a testator with no e-mail address gets the link by SMS', async () => {
    const { c, willId } = await agentsClient();
    await t.ctx.db.update(users).set({ email: null }).where(eq(users.id, c.id));
    const sent = await ok(send(willId));
    expect(sent.link).toMatchObject({ channel: 'sms', destination: expect.stringMatching(/^\*+789$/) });
    expect(mailsTo(c)).toHaveLength(0);
  });
});
