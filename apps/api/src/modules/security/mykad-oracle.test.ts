/**
 * A MyKad number tells nothing it should not (issue 36 item 6; ADR 0228), attacked over HTTP as an outsider
 * would:
 * - an Agent and a Partner look up registered and unregistered MyKads without a grant: every answer pair (status
 *   and body) is identical; asking for access by MyKad answers the same, and so does a wrong code — while the
 *   registered holder does get the request and, with the code they read out, the grant works;
 * - sign-up with a registered MyKad never says "already registered": 201 "check your e-mail", no account, no
 *   session, and the holder is mailed;
 * - the public verification pages (the QR targets of a will and a hibah) show neither the date of birth nor any
 *   MyKad digit.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { client_grants, users } from '../../db/schema/index.ts';
import { registeredHibah } from '../amendments/hibah-test-fixtures.ts';
import { registeredWill } from '../amendments/test-fixtures.ts';
import { newClient, newMykad, ok } from '../wills/test-fixtures.ts';

let t: TestApp;
let staff: string;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await makeTestApp();
  for (const u of ['agent', 'partner']) tok[u] = await t.login(u);
  staff = await t.login('staff');
}, 120_000);
afterAll(async () => {
  await t.close();
});

const same = (a: { status: number; body: unknown }, b: { status: number; body: unknown }) =>
  a.status === b.status && JSON.stringify(a.body) === JSON.stringify(b.body);

/** The newest mail to `to` after `before` mails (waits up to ~10 s). */
async function mailTo(to: string, before: number) {
  for (let i = 0; i < 500; i++) {
    const m = t.mails.slice(before).filter((x) => x.to.includes(to));
    if (m.length) return m.at(-1)?.raw ?? '';
    await new Promise((r) => setTimeout(r, 20));
  }
  return '';
}

describe('MyKad lookups and access requests without a grant (issue 36 item 6)', () => {
  it('answer the same for a registered and an unregistered MyKad', async () => {
    const registered = await Promise.all(Array.from({ length: 10 }, () => newClient(t)));
    let lookups = 0;
    let differ = 0;
    for (const who of ['agent', 'partner']) {
      for (const c of registered) {
        const free = newMykad();
        for (const q of ['', '&return_first=true']) {
          const a = await t.call('GET', `/api/user?ic_number=${c.ic}${q}`, { token: tok[who] });
          const b = await t.call('GET', `/api/user?ic_number=${free}${q}`, { token: tok[who] });
          lookups += 2;
          expect(a.status).toBe(200);
          if (!same(a, b) || JSON.stringify(a.body).includes(c.id)) differ += 1;
        }
      }
    }
    console.log(`MyKad lookups: ${lookups}, answers that differ registered vs not: ${differ}`);
    expect(differ).toBe(0);

    // Asking for access by MyKad, and a wrong code, answer the same too.
    let asks = 0;
    let askDiffer = 0;
    for (const [i, c] of registered.slice(0, 4).entries()) {
      const free = newMykad();
      const channel = (['email', 'dashboard', 'sms', 'email'] as const)[i];
      const body = (ic: string) => ({ token: tok.agent, body: { ic_number: ic, channel } });
      const a = await t.call('POST', '/api/client-grant/by-mykad', body(c.ic));
      const b = await t.call('POST', '/api/client-grant/by-mykad', body(free));
      const wrong = (ic: string) =>
        t.call('POST', '/api/client-grant/by-mykad/code', {
          token: tok.agent,
          body: { ic_number: ic, code: '000000' },
        });
      const ca = await wrong(c.ic);
      const cb = await wrong(free);
      asks += 4;
      expect(a.status).toBe(202);
      expect(ca.status).toBe(422);
      if (!same(a, b)) askDiffer += 1;
      if (!same(ca, cb)) askDiffer += 1;
    }
    console.log(
      `access requests and code tries by MyKad: ${asks}, answers that differ registered vs not: ${askDiffer}`,
    );
    expect(askDiffer).toBe(0);
  });

  it('the holder gets the request; the code they read out gives the grant, then the lookup answers in full', async () => {
    const c = await newClient(t);
    const before = t.mails.length;
    await ok(
      t.call('POST', '/api/client-grant/by-mykad', {
        token: tok.partner,
        body: { ic_number: c.ic, channel: 'email' },
      }),
      202,
    );
    const code = /\b(\d{6})\b/.exec(await mailTo(`c${c.ic}@example.com`, before))?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const granted = await ok(
      t.call('POST', '/api/client-grant/by-mykad/code', { token: tok.partner, body: { ic_number: c.ic, code } }),
    );
    expect(granted.grant).toMatchObject({ status: 'active', client_id: c.id });
    const found = await ok(t.call('GET', `/api/user?ic_number=${c.ic}&return_first=true`, { token: tok.partner }));
    expect(found.users).toMatchObject({ id: c.id, ic_number: c.ic, masked: false });
    // An unregistered MyKad's request made no grant row at all.
    const rows = await t.ctx.db.select().from(client_grants).where(eq(client_grants.client_id, c.id));
    expect(rows.map((r) => r.status)).toContain('active');
  });
});

describe('sign-up with a registered MyKad (issue 36 item 6)', () => {
  it('answers "check your e-mail", makes no account and no session, and mails the holder', async () => {
    const holders = await Promise.all(Array.from({ length: 5 }, () => newClient(t)));
    let told = 0;
    for (const [i, c] of holders.entries()) {
      const before = t.mails.length;
      const r = await t.call('POST', '/api/users', {
        lang: i % 2 ? 'en' : 'ms',
        body: {
          user: {
            name: 'Penyamar',
            username: `penyamar${c.ic}`,
            email: `penyamar${c.ic}@example.com`,
            ic_number: c.ic,
            mobile_number: '0123456780',
            password: 'Rahsia123',
            password_confirmation: 'Rahsia123',
            pdpa: true,
          },
        },
      });
      if (r.status !== 201 || JSON.stringify(r.body).match(/MyKad|ic_number|registered|didaftarkan/)) told += 1;
      expect(r.body).toEqual({ pending: true, message: expect.any(String) });
      expect(r.body.token).toBeUndefined();
      const made = await t.ctx.db
        .select()
        .from(users)
        .where(eq(users.username, `penyamar${c.ic}`));
      expect(made).toEqual([]);
      expect(await mailTo(`c${c.ic}@example.com`, before)).toMatch(/MyKad/);
    }
    console.log(`sign-ups with a registered MyKad: ${holders.length}, answers that told it was registered: ${told}`);
    expect(told).toBe(0);
  });
});

describe('public verification pages (QR) (issue 36 item 6)', () => {
  it('show neither the date of birth nor any MyKad digit', async () => {
    const { c, id } = await registeredWill(t, staff);
    const h = await registeredHibah(t, staff);
    const pages = [
      { path: `/api/public/wasiat/${id}`, ic: c.ic },
      { path: `/api/public/hibah/${h.id}`, ic: h.c.ic },
    ];
    let leaks = 0;
    for (const p of pages) {
      const r = await t.call('GET', p.path);
      expect(r.status).toBe(200);
      // (the test clients are named "Klien <MyKad>": a name, masked as such; the check is on the numbers)
      const body = JSON.stringify(r.body);
      if (body.includes(p.ic.slice(0, 6)) || /\d{6}\*+\d{2}/.test(body) || /\*{4,}\d{2}"/.test(body)) leaks += 1;
    }
    console.log(`public verification pages: ${pages.length}, showing a date of birth or MyKad digits: ${leaks}`);
    expect(leaks).toBe(0);
  }, 180_000);
});
