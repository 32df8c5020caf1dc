/**
 * Issue 36 item 7 (ADR 0226), attacked over HTTP as an outsider would:
 * - a Partner asks for password links (`POST /user/{id}/change-password`) for people who are not active members
 *   of their organisation: a client whose request to join is still pending, a staff member they made who is not
 *   yet approved, a member whose access was made inactive, a client of another organisation. Only active members
 *   and clients in scope get a link; nobody else gets a mail.
 * - `POST /logout` with `Content-Type: application/json` and no body ends the session (the next call is 401).
 * - no code stands in a mail's subject (lock screens show subjects): every subject of the message catalogue is
 *   rendered with a known code, and real code mails (the will OTP, an organisation's access request) are read
 *   from the SMTP server.
 * Each part prints its attempts and successes.
 */
import { MESSAGES } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { user_accesses, users } from '../../db/schema/index.ts';
import { type Client, grantAccess, newClient, newMykad, ok, orgAndBranch } from '../wills/test-fixtures.ts';

let t: TestApp;
let partner: string;
let demo: { organization_id: string; branch_id: string };

beforeAll(async () => {
  t = await makeTestApp();
  partner = await t.login('partner');
  demo = await orgAndBranch(t, 'DEMO');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const emailOf = async (id: string) =>
  (await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email as string;

/** Mails to `to` that arrived after `before` mails, waiting up to `ms` for one. */
async function mailsTo(to: string, before: number, ms = 1500) {
  const got = () => t.mails.slice(before).filter((m) => m.to.includes(to));
  for (let i = 0; i < ms / 20 && !got().length; i++) await new Promise((r) => setTimeout(r, 20));
  return got();
}

/** RFC 2047 words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) of a header decoded. */
const decodeWords = (s: string) =>
  s.replace(/=\?[^?]+\?([BQbq])\?([^?]*)\?=\s*/g, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );

/** A raw mail's decoded subject and (quoted-printable decoded) body. */
function readMail(raw: string) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeWords(/^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '');
  const body = rest
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return { subject, body };
}

describe('password links only to active members of the organisation', () => {
  it("a partner cannot mail a reset link to anyone who is not an active member or a client in the partner's scope", async () => {
    const attempts: { who: string; id: string; allowed: boolean }[] = [];
    // A client who asked to join the partner's organisation: pending.
    const joiner = await newClient(t);
    await ok(
      t.call('POST', '/api/user/', {
        token: joiner.token,
        body: { organization_id: demo.organization_id, role: 'Agent' },
      }),
      201,
    );
    attempts.push({ who: 'client with a pending join request', id: joiner.id, allowed: false });
    // A staff member the partner made (pending: a partner cannot approve their own staff).
    const ic = newMykad();
    const made = await ok(
      t.call('POST', `/api/organization/${demo.organization_id}/user`, {
        token: partner,
        body: {
          name: 'Staf Belum Lulus',
          username: `s${ic}`,
          email: `s${ic}@example.com`,
          ic_number: ic,
          mobile_number: '0123456789',
          role: 'Agent',
          branch_id: demo.branch_id,
        },
      }),
      201,
    );
    const pendingStaff = made.user.id as string;
    const [acc] = await t.ctx.db
      .select({ status: user_accesses.status })
      .from(user_accesses)
      .where(eq(user_accesses.user_id, pendingStaff));
    if (acc.status === 0) attempts.push({ who: 'staff awaiting approval', id: pendingStaff, allowed: false });
    // A member whose access was made inactive.
    const inactive = await newClient(t);
    await t.ctx.db.insert(user_accesses).values({
      user_id: inactive.id,
      organization_id: demo.organization_id,
      branch_id: demo.branch_id,
      role: 'Agent',
      status: 2,
    });
    attempts.push({ who: 'member with an inactive access', id: inactive.id, allowed: false });
    // A client with no tie to the organisation, and one who joined another organisation.
    const stranger = await newClient(t);
    attempts.push({ who: 'client of nobody', id: stranger.id, allowed: false });
    const provider = await orgAndBranch(t, 'PROVIDER');
    const other = await newClient(t);
    await t.ctx.db
      .insert(user_accesses)
      .values({ user_id: other.id, organization_id: provider.organization_id, role: 'Staff', status: 1 });
    attempts.push({ who: 'active member of another organisation', id: other.id, allowed: false });
    // Controls: an active member of the demo organisation and a client the organisation holds a grant for.
    const agentId = (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'agent')))[0].id;
    const [agentAccess] = await t.ctx.db
      .select({ status: user_accesses.status })
      .from(user_accesses)
      .where(and(eq(user_accesses.user_id, agentId), eq(user_accesses.organization_id, demo.organization_id)));
    expect(agentAccess.status).toBe(1);
    attempts.push({ who: 'active member (control)', id: agentId, allowed: true });
    const granted: Client = await newClient(t);
    await grantAccess(t, granted, 'partner');
    attempts.push({ who: 'client with an active grant (control)', id: granted.id, allowed: true });

    let successes = 0;
    const wrong: string[] = [];
    for (const a of attempts) {
      const to = await emailOf(a.id);
      const before = t.mails.length;
      const r = await t.call('POST', `/api/user/${a.id}/change-password`, {
        token: partner,
        body: { password: 'Baharu123' },
      });
      const mails = await mailsTo(to, before, a.allowed ? 3000 : 600);
      const sent = r.status === 200 && mails.length > 0;
      if (!a.allowed && (sent || r.status === 200)) successes++;
      if (sent !== a.allowed || (!a.allowed && r.status !== 404))
        wrong.push(`${a.who}: ${r.status}, mails ${mails.length}`);
    }
    const refused = attempts.filter((a) => !a.allowed).length;
    console.log(
      `partner reset links: ${refused} attempts at non-members, ${successes} successes; ` +
        `${attempts.length - refused} controls`,
    );
    expect(wrong).toEqual([]);
    expect(successes).toBe(0);
  }, 120_000);
});

describe('logout with an empty JSON body', () => {
  it('ends the session: 2xx, and the token is refused afterwards', async () => {
    const variants = ['application/json', 'application/json; charset=utf-8'];
    let revoked = 0;
    for (const type of variants) {
      const c = await newClient(t);
      expect((await t.call('GET', '/api/authenticate', { token: c.token })).status).toBe(200);
      const out = await t.call('POST', '/api/logout', { token: c.token, headers: { 'Content-Type': type } });
      const after = await t.call('GET', '/api/authenticate', { token: c.token });
      if (out.status >= 200 && out.status < 300 && after.status === 401) revoked++;
      expect(out.status, `${type}: ${JSON.stringify(out.body)}`).toBeLessThan(300);
      expect(after.status).toBe(401);
    }
    console.log(`logout with an empty JSON body: ${variants.length} attempts, ${revoked} sessions ended`);
    // A route that needs a body still refuses an empty one, naming no crash: 422.
    const login = await t.call('POST', '/api/login', { headers: { 'Content-Type': 'application/json' } });
    expect(login.status).toBe(422);
    // Fastify's own JSON parser still refuses prototype pollution.
    const polluted = await fetch(`${t.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{"__proto__":{"x":1},"username":"a","password":"b"}',
    });
    expect(polluted.status).toBe(422);
  }, 60_000);
});

describe('no code in a mail subject', () => {
  const KNOWN = '482913';
  const CODE_NAME = /code|otp|pin|token|password|secret|tac/i;

  it('every subject of the message catalogue, rendered with a known code, does not show it', () => {
    const subjects: { key: string; lang: string; template: string }[] = [];
    const walk = (node: unknown, path: string[], lang: string) => {
      if (typeof node === 'string') {
        if (/subject$/i.test(path.at(-1) ?? '')) subjects.push({ key: path.join('.'), lang, template: node });
      } else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) walk(v, [...path, k], lang);
      }
    };
    for (const [lang, tree] of Object.entries(MESSAGES)) walk(tree, [], lang);
    const leaks: string[] = [];
    for (const s of subjects) {
      const rendered = s.template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, n: string) => (CODE_NAME.test(n) ? KNOWN : 'X'));
      if (rendered.includes(KNOWN)) leaks.push(`${s.lang} ${s.key}: ${s.template}`);
    }
    console.log(`mail subjects: ${subjects.length} templates rendered with a code, ${leaks.length} show it`);
    expect(subjects.length).toBeGreaterThan(20);
    expect(leaks).toEqual([]);
  });

  it('real code mails (will OTP, access request) carry the code in the body only', async () => {
    const c = await newClient(t);
    const to = `c${c.ic}@example.com`;
    const w = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
    const triggers: [string, () => Promise<unknown>][] = [
      [
        'will OTP',
        () =>
          ok(
            t.call('POST', '/api/otp/request', {
              token: c.token,
              lang: 'ms',
              body: { purpose: 'will-submit', wasiat_id: w.id },
            }),
          ),
      ],
      [
        'will OTP (en)',
        () =>
          ok(
            t.call('POST', '/api/otp/request', {
              token: c.token,
              lang: 'en',
              body: { purpose: 'will-submit', wasiat_id: w.id },
            }),
          ),
      ],
      [
        'access request code',
        async () =>
          ok(
            t.call('POST', '/api/client-grant', {
              token: await t.login('agent'),
              body: { user_id: c.id, channel: 'email' },
            }),
            201,
          ),
      ],
    ];
    let leaked = 0;
    const seen: string[] = [];
    for (const [label, fire] of triggers) {
      const before = t.mails.length;
      await fire();
      const [m] = await mailsTo(to, before, 5000);
      expect(m, `${label}: a mail`).toBeDefined();
      const { subject, body } = readMail(m.raw);
      const code = /\b(\d{6})\b/.exec(body)?.[1];
      expect(code, `${label}: the code is in the body`).toMatch(/^\d{6}$/);
      if (subject.includes(code as string)) leaked++;
      seen.push(`${label}: "${subject}"`);
    }
    console.log(`code mails: ${triggers.length} sent, ${leaked} with the code in the subject (${seen.join('; ')})`);
    expect(leaked).toBe(0);
  }, 60_000);
});
