/**
 * The four-step takeover of issue 16, end to end through the real mail path: a Partner of organisation DEMO
 * goes after a client of organisation LAIN (registered there by LAIN's agent, no grant to DEMO):
 *
 * 1. `GET /api/user?ic_number=<MyKad>` — the client's full record (id, e-mail, mobile, address);
 * 2. `POST /api/wasiat { user_id }` — a will for that client under DEMO;
 * 3. `PATCH /api/user/{id}` — the client's e-mail becomes the attacker's;
 * 4. `POST /api/password/create { email }` — the reset link arrives in the attacker's mailbox (SMTP);
 *    the attacker sets a password from it and logs in as the client.
 *
 * The chain must end refused at the first step that should refuse it (issue 16 "What must hold" 2: a lookup
 * without a grant answers only whether an account exists and a masked name — with the account's id, which a
 * request for access names (ADR 0101) — so step 1 gives no particulars and step 2 is refused: no grant).
 * Each later step is also tried with the id as if the attacker knew it from elsewhere, and each must be
 * refused on its own (2, 3: the grant check; 3 also: recovery channels change only by their holder; 4: no
 * mail to an address that is nobody's).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { branches, organizations, preferences, user_accesses, users, wills } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { type Client, grantAccess, newClient, newMykad, ok } from '../wills/test-fixtures.ts';

const ATTACKER_MAIL = 'penyerang@example.com';
const NEW_PASSWORD = 'Dirampas123';

let t: TestApp;
let victim: Client;
let victimRow: typeof users.$inferSelect;
let partner: string;

/** The text of a quoted-printable mail. */
const plain = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

beforeAll(async () => {
  t = await makeTestApp();
  const db = t.ctx.db;
  const [lain] = await db
    .insert(organizations)
    .values({ type: 'private', is_partner: true, name: 'Syarikat Lain Amanah Sdn Bhd', code: 'LAIN' })
    .returning();
  const [hq] = await db
    .insert(branches)
    .values({ organization_id: lain.id, branch_name: 'Ibu Pejabat Lain', is_headquarter: true })
    .returning();
  await db.insert(preferences).values({ organization_id: lain.id, allow_public: false, allow_hibah: true });
  const [agent] = await db
    .insert(users)
    .values({
      name: 'Ejen Lain',
      username: 'lain.agent',
      email: 'lain.agent@example.com',
      ic_number: newMykad(),
      password_hash: await hashPassword(DEMO_PASSWORD),
      role: 'Agent',
      pdpa_accepted_at: new Date(),
    })
    .returning();
  await db
    .insert(user_accesses)
    .values({ user_id: agent.id, organization_id: lain.id, branch_id: hq.id, role: 'Agent', status: 1 });
  victim = await newClient(t);
  // the client lets LAIN act for them (ADR 0101) and LAIN's agent registers a hibah for them: the client is
  // LAIN's, and has no will in progress
  await grantAccess(t, victim, 'lain.agent');
  const lainAgent = await t.login('lain.agent');
  await ok(t.call('POST', '/api/hibah', { token: lainAgent, body: { user_id: victim.id, hibah_type: 9 } }), 201);
  [victimRow] = await db.select().from(users).where(eq(users.id, victim.id));
  partner = await t.login('partner');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Step 1: what DEMO's Partner learns by MyKad. */
const lookup = () => t.call('GET', `/api/user?ic_number=${victim.ic}`, { token: partner });
/**
 * The particulars a lookup without a grant must not carry. The account's id may be there: it is what a
 * request for access names (ADR 0101); with it, the next step must refuse.
 */
const particulars = () =>
  [victimRow.email, victimRow.username, victimRow.name, victimRow.mobile_number, victimRow.address].filter(
    (x): x is string => !!x,
  );
/** Step 2. */
const startWill = (userId: string) => t.call('POST', '/api/wasiat', { token: partner, body: { user_id: userId } });
/** Step 3. */
const changeEmail = (userId: string) =>
  t.call('PATCH', `/api/user/${userId}`, {
    token: partner,
    body: {
      name: victimRow.name,
      designation: 'mr',
      gender: 1,
      email: ATTACKER_MAIL,
      mobile_number: '0123456789',
      address: 'No. 3, Jalan Kenanga',
      postcode: '43000',
      city: 'Kajang',
      state: 'Selangor',
    },
  });
/**
 * Step 4: ask for a reset link to the attacker's address, then one to a control address (the Partner's own,
 * which exists): once the control mail arrived, a link to the attacker would have too.
 */
async function resetLinkToAttacker(): Promise<string | null> {
  const before = t.mails.length;
  await ok(t.call('POST', '/api/password/create', { body: { email: ATTACKER_MAIL } }));
  await ok(t.call('POST', '/api/password/create', { body: { email: 'partner@wasiat.local' } }));
  await expect.poll(() => t.mails.slice(before).some((m) => m.to.includes('partner@wasiat.local'))).toBe(true);
  const mail = t.mails.slice(before).find((m) => m.to.includes(ATTACKER_MAIL));
  return mail ? (/token=([A-Za-z0-9_-]+)/.exec(plain(mail.raw))?.[1] ?? null) : null;
}

describe('the four-step takeover of another organisation’s client (issue 16)', () => {
  it('ends refused: the MyKad lookup gives no particulars without a grant, and the will for the client is refused', async () => {
    const steps: string[] = [];
    const r = await lookup();
    const text = JSON.stringify(r.body ?? '');
    const leaked = particulars().filter((x) => text.includes(x));
    if (r.status < 400 && leaked.length) steps.push(`1 lookup by MyKad → ${r.status}, carries ${leaked.join(', ')}`);
    // what the attacker goes on with: the id the lookup gave, if any
    const id = text.includes(victimRow.id) ? victimRow.id : null;
    if (id) {
      const w = await startWill(id);
      if (w.status < 300) steps.push(`2 POST /api/wasiat {user_id} → ${w.status}`);
      else expect([403, 404], 'the chain ends at step 2 with a refusal').toContain(w.status);
      const p = await changeEmail(id);
      const [now] = await t.ctx.db.select().from(users).where(eq(users.id, id));
      if (now.email === ATTACKER_MAIL) steps.push(`3 PATCH /api/user/{id} e-mail → ${p.status}`);
      const token = await resetLinkToAttacker();
      if (token) {
        steps.push('4 reset link mailed to the attacker');
        const reset = await t.call('POST', '/api/password/reset', {
          body: { email: ATTACKER_MAIL, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
        });
        const login = await t.call('POST', '/api/login', {
          body: { username: victimRow.username, password: NEW_PASSWORD },
        });
        if (reset.status === 200 && login.status === 200) steps.push('5 logged in as the client');
      }
    }
    expect(steps, 'takeover steps that succeeded').toEqual([]);
  });

  it('each later step is refused on its own, with the id known from elsewhere', async () => {
    const w = await startWill(victimRow.id);
    expect([403, 404], `POST /api/wasiat → ${w.status} ${JSON.stringify(w.body)}`).toContain(w.status);
    expect(await t.ctx.db.select().from(wills).where(eq(wills.user_id, victimRow.id))).toEqual([]);
    const p = await changeEmail(victimRow.id);
    expect([403, 404], `PATCH /api/user/{id} → ${p.status}`).toContain(p.status);
    const [now] = await t.ctx.db.select().from(users).where(eq(users.id, victimRow.id));
    expect(now.email).toBe(victimRow.email);
    expect(await resetLinkToAttacker()).toBeNull();
    const login = await t.call('POST', '/api/login', {
      body: { username: victimRow.username, password: NEW_PASSWORD },
    });
    expect(login.status).not.toBe(200);
    // the client still logs in with their own password
    expect(await t.login(victimRow.username as string, 'Rahsia123')).toBeTruthy();
  });
});
