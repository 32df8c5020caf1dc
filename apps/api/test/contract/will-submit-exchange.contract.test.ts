/**
 * Contract suite, the 2021 client's will submission without the submit code (issue 39; ADR 0279): in a 2021-contract
 * session (ADR 0135) `PATCH wasiat/{id} { status: 1 }` without a verified code is refused, the refusal the client
 * shows (`Object.values(errors)[0][0]`) says a link went to the testator's e-mail, the testator gets one mail with
 * the link to this platform's part G, a second "Hantar" within 10 minutes sends no second mail, and the link's page
 * then submits with the testator's own code. Outside a 2021 session nothing is mailed and the refusal is ours.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_events, otp_codes, wills } from '../../src/db/schema/index.ts';
import { type Client, newClient, readyWill } from '../../src/modules/wills/test-fixtures.ts';
import { makeTestApp, type TestApp } from '../harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A 2021-contract session (the 2021 login always sends `role`; ADR 0135). */
async function session(c: Client) {
  const r = await t.call('POST', '/api/login', {
    body: { username: `c${c.ic}`, password: 'Rahsia123', role: 'Client' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.token as string;
}

const mailsTo = (c: Client, from: number) => t.mails.slice(from).filter((m) => m.to.includes(`c${c.ic}@example.com`));
const settle = () => new Promise((r) => setTimeout(r, 150));
const links = async (id: string) =>
  t.ctx.db
    .select()
    .from(audit_events)
    .where(and(eq(audit_events.action, 'will.submit_link'), eq(audit_events.entity_id, id)));

describe("the 2021 client's will submission without a code", () => {
  it('is refused with a message about the mailed link, the testator is mailed once, and finishes with their own code', async () => {
    const c = await newClient(t);
    const id = await readyWill(t, c);
    // The fixture's verified code is spent elsewhere: this session never asked for one.
    await t.ctx.db.update(otp_codes).set({ used_at: new Date() }).where(eq(otp_codes.wasiat_id, id));
    const token = await session(c);
    const before = t.mails.length;
    const r = await t.call('PATCH', `/api/wasiat/${id}`, { token, lang: 'ms', body: { status: 1 } });
    expect(r.status).toBe(422);
    const shown = Object.values(r.body.errors as Record<string, string[]>)[0][0];
    expect(shown).toMatch(/^Kod OTP: aplikasi ini tidak meminta kod penghantaran/);
    expect(shown).toContain('c***@example.com');
    expect(r.body.message).toBe(shown);
    await settle();
    const mails = mailsTo(c, before);
    expect(mails).toHaveLength(1);
    // quoted-printable: soft line breaks and `=3D` undone
    expect(mails[0].raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(`/wasiat/part-g?wasiat_id=${id}`);
    expect(await links(id)).toHaveLength(1);

    // Pressed again: the same refusal, no second mail.
    const again = await t.call('PATCH', `/api/wasiat/${id}`, { token, lang: 'ms', body: { status: 1 } });
    expect(again.status).toBe(422);
    await settle();
    expect(mailsTo(c, before)).toHaveLength(1);
    expect(await links(id)).toHaveLength(1);

    // The link's page (this platform's part G, the testator's own session): the code to their e-mail, then submit.
    const from = t.mails.length;
    const req = await t.call('POST', '/api/otp/request', {
      token: c.token,
      body: { purpose: 'will-submit', wasiat_id: id },
    });
    expect(req.status).toBe(200);
    await settle();
    const code = /\b(\d{6})\b/.exec(mailsTo(c, from).at(-1)?.raw ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(
      (
        await t.call('POST', '/api/otp/verify', {
          token: c.token,
          body: { code, purpose: 'will-submit', wasiat_id: id },
        })
      ).status,
    ).toBe(200);
    const done = await t.call('PATCH', `/api/wasiat/${id}`, { token: c.token, body: { status: 1 } });
    expect(done.status).toBe(200);
    const [w] = await t.ctx.db.select().from(wills).where(eq(wills.id, id));
    expect(w.status).toBe(1);
  });

  it('outside a 2021 session the refusal is ours and nothing is mailed', async () => {
    const c = await newClient(t);
    const id = await readyWill(t, c);
    await t.ctx.db.update(otp_codes).set({ used_at: new Date() }).where(eq(otp_codes.wasiat_id, id));
    const before = t.mails.length;
    const r = await t.call('PATCH', `/api/wasiat/${id}`, { token: c.token, lang: 'en', body: { status: 1 } });
    expect(r.status).toBe(422);
    expect(r.body.errors.otp[0]).toBe('Please verify the OTP code sent to you before submitting.');
    await settle();
    expect(mailsTo(c, before)).toHaveLength(0);
    expect(await links(id)).toHaveLength(0);
  });
});
