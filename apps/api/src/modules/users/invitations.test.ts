/**
 * Invitations to set a password (issue 38 items 5 and 8; ADR 0243), over HTTP on a real database: the staff
 * invitation mail names the organisation, the role in the recipient's language, the inviter and 7 days; the link
 * sets the password once; an expired link is refused with its reason and can ask for a new one; a resend
 * invalidates the previous link and is a 404 outside the caller's organisations; a client registered by an agent
 * gets a welcome mail with the same kind of link.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { organizations, password_resets, users } from '../../db/schema/index.ts';
import { mailTo } from '../amendments/hibah-test-fixtures.ts';
import { newMykad, ok } from '../wills/test-fixtures.ts';

let t: TestApp;
let staff: string;
let partner: string;
let agent: string;
let demo: { id: string; name: string };

beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
  partner = await t.login('partner');
  agent = await t.login('agent');
  [demo] = await t.ctx.db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.code, 'DEMO'));
});
afterAll(async () => {
  await t?.close();
});

const nameOf = async (username: string) =>
  (await t.ctx.db.select({ name: users.name }).from(users).where(eq(users.username, username)))[0].name;
/** The link's token in a decoded mail (and that the link is an invitation to /password/reset). */
const tokenIn = (mail: string) => {
  expect(mail).toMatch(/\/password\/reset\?token=[A-Za-z0-9_-]+&email=[^&\s]+&invitation=1/);
  return /token=([A-Za-z0-9_-]+)/.exec(mail)?.[1] as string;
};
/** The mail's body text on one line (soft line breaks of quoted-printable and wrapping removed). */
const flat = (mail: string) => mail.replace(/\s+/g, ' ');
const setPassword = (email: string, token: string, password = 'Rahsia123') =>
  t.call('POST', '/api/password/reset', { body: { email, token, password, password_confirmation: password } });

/** A new staff member of DEMO created by `token` in `lang` → its id, e-mail, username and invitation mail. */
async function invite(token: string, lang: 'ms' | 'en', role = 'Agent') {
  const ic = newMykad();
  const email = `jemputan.${ic}@example.com`;
  const before = t.mails.length;
  const r = await ok(
    t.call('POST', `/api/organization/${demo.id}/user`, {
      token,
      lang,
      body: { name: 'Hafiz bin Karim', ic_number: ic, email, role },
    }),
    201,
  );
  return { id: r.user.id as string, email, username: r.user.username as string, mail: await mailTo(t, email, before) };
}

describe('staff invitation mail', () => {
  it('names the organisation, the role in the recipient language, the inviter and 7 days; not the reset mail', async () => {
    const ms = await invite(partner, 'ms');
    const body = flat(ms.mail);
    expect(body).toContain(demo.name);
    expect(body).toContain(await nameOf('partner'));
    expect(body).toContain('sebagai Ejen');
    expect(body).toContain('sah selama 7 hari');
    expect(body).not.toMatch(/60 minit|Abaikan e-mel ini/);
    tokenIn(ms.mail);

    const en = await invite(staff, 'en', 'Partner');
    const text = flat(en.mail);
    expect(text).toContain(demo.name);
    expect(text).toContain(await nameOf('staff'));
    expect(text).toContain('as Partner administrator');
    expect(text).toContain('valid for 7 days');
    expect(text).not.toMatch(/60 minutes|did not ask for it/);
    const [row] = await t.ctx.db
      .select()
      .from(password_resets)
      .where(and(eq(password_resets.user_id, en.id), eq(password_resets.kind, 'invitation')));
    const days = (row.expires_at.getTime() - row.created_at.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(7);
  });

  it('sets the password through the link once; the used link is refused', async () => {
    const inv = await invite(partner, 'en');
    const token = tokenIn(inv.mail);
    await ok(setPassword(inv.email, token));
    expect(await t.login(inv.username, 'Rahsia123')).toBeTruthy();
    const again = await setPassword(inv.email, token, 'LainPula123');
    expect(again.status).toBe(422);
    expect(again.body.errors.token).toEqual([
      'This invitation has already been used to set a password. Log in, or reset your password if you have forgotten it.',
    ]);
    // once the password is set the invitation is not sent again
    const resend = await t.call('POST', `/api/user/${inv.id}/invitation`, { token: partner });
    expect(resend.status).toBe(409);
  });

  it('refuses an expired link with a clear message, and the link asks for a new one', async () => {
    const inv = await invite(partner, 'ms');
    const token = tokenIn(inv.mail);
    await t.ctx.db
      .update(password_resets)
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where(eq(password_resets.user_id, inv.id));
    const r = await t.call('POST', '/api/password/reset', {
      lang: 'ms',
      body: { email: inv.email, token, password: 'Rahsia123', password_confirmation: 'Rahsia123' },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.token[0]).toMatch(/^Jemputan ini telah tamat tempoh/);

    const before = t.mails.length;
    const renew = await ok(
      t.call('POST', '/api/password/invitation', { lang: 'ms', body: { email: inv.email, token } }),
    );
    expect(renew.message).toMatch(/jemputan baharu telah dihantar/);
    const fresh = tokenIn(await mailTo(t, inv.email, before));
    expect(fresh).not.toBe(token);
    expect((await setPassword(inv.email, token)).status).toBe(422);
    await ok(setPassword(inv.email, fresh));
    // a renewal for a link that is not expired sends nothing (the same answer)
    const count = t.mails.length;
    await ok(t.call('POST', '/api/password/invitation', { body: { email: inv.email, token: fresh } }));
    expect(t.mails.length).toBe(count);
  });
});

describe('resending an invitation', () => {
  it('a resend by the inviter or by provider staff invalidates the previous link, in the recipient language', async () => {
    const inv = await invite(partner, 'ms');
    const first = tokenIn(inv.mail);
    let before = t.mails.length;
    const r = await ok(t.call('POST', `/api/user/${inv.id}/invitation`, { token: partner, lang: 'en' }));
    expect(r.invitation).toEqual({ sent: true, days: 7 });
    const secondMail = await mailTo(t, inv.email, before);
    // the recipient's language, not the resender's
    expect(flat(secondMail)).toContain('sebagai Ejen');
    const second = tokenIn(secondMail);
    before = t.mails.length;
    await ok(t.call('POST', `/api/user/${inv.id}/invitation`, { token: staff }));
    const thirdMail = await mailTo(t, inv.email, before);
    expect(flat(thirdMail)).toContain(await nameOf('staff'));
    const third = tokenIn(thirdMail);

    for (const old of [first, second]) {
      const refused = await setPassword(inv.email, old);
      expect(refused.status).toBe(422);
      expect(refused.body.errors.token).toEqual([
        'This invitation was replaced by a newer one. Use the link in the latest e-mail.',
      ]);
    }
    await ok(setPassword(inv.email, third));
  });

  it("another organisation's user is a 404 (and one the caller neither invited nor manages)", async () => {
    const o = await ok(
      t.call('POST', '/api/organization', {
        token: staff,
        body: {
          type: 'private',
          is_partner: 1,
          name: 'Amanah Jemputan Sdn Bhd',
          code: 'JMP',
          registration_number: '202101034567',
          email: 'jmp@example.com',
          address: 'No. 2, Jalan Jemputan',
          postcode: '50450',
          city: 'Kuala Lumpur',
          state: 'W.P. Kuala Lumpur',
        },
      }),
      201,
    );
    const ic = newMykad();
    const other = await ok(
      t.call('POST', `/api/organization/${o.organization.id}/user`, {
        token: staff,
        body: { name: 'Rakan Lain', ic_number: ic, email: `lain.${ic}@example.com`, role: 'Partner' },
      }),
      201,
    );
    const before = t.mails.length;
    for (const token of [partner, agent]) {
      const r = await t.call('POST', `/api/user/${other.user.id}/invitation`, { token });
      expect(r.status).toBe(404);
    }
    // an agent may not resend a colleague's invitation they did not send
    const colleague = await invite(partner, 'en');
    expect((await t.call('POST', `/api/user/${colleague.id}/invitation`, { token: agent })).status).toBe(404);
    // a client holds neither permission
    const client = await t.login('client');
    expect((await t.call('POST', `/api/user/${other.user.id}/invitation`, { token: client })).status).toBe(403);
    expect(t.mails.slice(before).filter((m) => m.to.includes(`lain.${ic}@example.com`))).toHaveLength(0);
    // the control: the route exists and the provider's staff may resend it
    await ok(t.call('POST', `/api/user/${other.user.id}/invitation`, { token: staff }));
    await mailTo(t, `lain.${ic}@example.com`, before);
  });
});

describe('a client registered by an agent', () => {
  it('gets a welcome mail to set their password, from the agent, and the agent may resend it', async () => {
    const ic = newMykad();
    const email = `klien.${ic}@example.com`;
    const before = t.mails.length;
    const r = await ok(
      t.call('POST', '/api/user', {
        token: agent,
        lang: 'ms',
        body: { ic_number: ic, name: 'Salmah binti Omar', email },
      }),
      201,
    );
    const mail = await mailTo(t, email, before);
    const body = flat(mail);
    expect(body).toContain(await nameOf('agent'));
    expect(body).toContain(demo.name);
    expect(body).toContain('sebagai pelanggan');
    expect(body).toContain('sah selama 7 hari');
    const first = tokenIn(mail);

    const again = t.mails.length;
    await ok(t.call('POST', `/api/user/${r.user.id}/invitation`, { token: agent }));
    const fresh = tokenIn(await mailTo(t, email, again));
    expect((await setPassword(email, first)).status).toBe(422);
    await ok(setPassword(email, fresh));
    expect(await t.login(ic, 'Rahsia123')).toBeTruthy();
  });
});

describe('OpenAPI', () => {
  it('documents the resend and renewal routes', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/user/{id}/invitation', '/api/password/invitation']),
    );
    const renew = doc.paths['/api/password/invitation'].post.requestBody.content['application/json'].schema;
    expect(renew.required).toEqual(expect.arrayContaining(['email', 'token']));
  });
});
