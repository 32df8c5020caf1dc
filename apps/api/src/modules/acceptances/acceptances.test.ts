/**
 * The people a will names accept their role (issue 41 item 3; ADR 0276), over HTTP on a real database (PGlite, or
 * PostgreSQL with DATABASE_URL) and the test SMTP server: staff register a will naming two guardians and the
 * organisation as executor; each guardian with an e-mail gets a signed link, the organisation a notice; a tampered
 * link is 403, a wrong code 422; one guardian accepts, the other declines with a reason and the testator is mailed
 * and sees it; the organisation's partner accepts the executorship in the app; another organisation's partner gets
 * 404s; staff send a link again; an amendment that changes a guardian's children asks them again.
 */
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import {
  amendment_witnesses,
  amendments,
  audit_events,
  caretakers,
  client_grants,
  mail_outbox,
  organizations,
  role_acceptances,
  users,
  wills,
} from '../../db/schema/index.ts';
import { loadWillContent } from '../amendments/content.ts';
import { decodeMail } from '../amendments/hibah-test-fixtures.ts';
import { insertUser, insertWill } from '../documents/fixtures.ts';
import { recordSignature } from '../wills/signature-facts.ts';
import { newMykad, ok } from '../wills/test-fixtures.ts';

let t: TestApp;
let staff: string;
let officer: string;
let partner: string;
let client: string;
let otherPartner: string;
let willId: string;
const ORG_EMAIL = 'amanah@demo-accept.example';
const FATIMAH = { ic: '800202145522', email: 'fatimah@accept.example' };
const ZAINAB = { ic: '820303145544', email: 'zainab@accept.example' };

const rowsOf = (id: string) =>
  t.ctx.db
    .select()
    .from(role_acceptances)
    .where(and(eq(role_acceptances.wasiat_id, id), ne(role_acceptances.state, 'superseded')));
const guardian = async (ic: string) => (await rowsOf(willId)).find((r) => r.person_id_number === ic)!;

/** The text of the last mail to `email` (decoded), waiting for it to arrive. */
async function lastMailTo(email: string, count = 1) {
  await expect.poll(() => t.mails.filter((m) => m.to.includes(email)).length, { timeout: 10_000 }).toBe(count);
  return decodeMail(t.mails.filter((m) => m.to.includes(email)).at(-1)!.raw);
}

/** The first mail to `email` whose text contains `needle`, waiting for it to arrive. */
async function mailWith(email: string, needle: string) {
  const find = () =>
    t.mails
      .filter((m) => m.to.includes(email))
      .map((m) => decodeMail(m.raw))
      .find((x) => x.includes(needle));
  await expect.poll(() => !!find(), { timeout: 10_000 }).toBe(true);
  return find() as string;
}

/** The query (expires and signature) of the link in `text` for request `id`. */
const queryOf = (text: string, id: string) => new RegExp(`/penerimaan/${id}\\?(\\S+)`).exec(text)?.[1] ?? '';

/** Ask a code for a request and read it from the mail that arrives. */
async function codeFor(id: string, q: string, email: string) {
  const before = t.mails.filter((m) => m.to.includes(email)).length;
  await ok(t.call('POST', `/api/public/acceptance/${id}/code?${q}`, { body: {} }));
  const text = await lastMailTo(email, before + 1);
  return /\b(\d{6})\b/.exec(text)?.[1] ?? '';
}

beforeAll(async () => {
  t = await makeTestApp();
  [staff, officer, partner, client] = [
    await t.login('staff'),
    await t.login('officer'),
    await t.login('partner'),
    await t.login('client'),
  ];
  await t.ctx.db.insert(organizations).values({ type: 'private', name: 'Lain Amanah Berhad', code: 'LAINACC' });
  await insertUser(t.ctx, { username: 'lain.partner.a', role: 'Partner', ic: newMykad(), orgCode: 'LAINACC' });
  otherPartner = await t.login('lain.partner.a');
  await t.ctx.db
    .update(organizations)
    .set({ email: ORG_EMAIL, registration_number: '202001012345' })
    .where(eq(organizations.code, 'DEMO'));
  // A submitted will (status 1, paid) naming Fatimah (its fixture's guardian) and Zainab as guardians.
  ({ willId } = await insertWill(t.ctx, { status: 1 }));
  await t.ctx.db.update(wills).set({ wasiat_no: null }).where(eq(wills.id, willId));
  await t.ctx.db.update(caretakers).set({ email: FATIMAH.email }).where(eq(caretakers.caretakerable_id, willId));
  await t.ctx.db.insert(caretakers).values({
    caretakerable_type: 'Wasiat',
    caretakerable_id: willId,
    name: 'Zainab binti Omar',
    ic_number: ZAINAB.ic,
    relationship: 'relative',
    email: ZAINAB.email,
    wards: 'Ali bin Hassan',
  });
  // The testator signs the will as it now stands (the guardians are part of what they sign).
  const [w] = await t.ctx.db.select().from(wills).where(eq(wills.id, willId));
  const [owner] = await t.ctx.db.select().from(users).where(eq(users.id, w.user_id));
  await recordSignature(
    t.ctx.db,
    { user: { id: owner.id } as never },
    {
      willId,
      role: 'testator',
      signerName: owner.name,
      attachmentId: w.signature_id as string,
    },
  );
  // Staff register it: the requests are made in that transaction and mailed after commit.
  await ok(t.call('PATCH', `/api/wasiat/${willId}`, { token: staff, body: { status: 2 } }));
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('asking on registration', () => {
  it('asks the executor and each guardian, mails each guardian a link and the organisation a notice', async () => {
    const rows = await rowsOf(willId);
    expect(rows.map((r) => `${r.role}|${r.person_name}|${r.state}`).sort()).toEqual([
      'executor|Syarikat Demo Amanah Sdn Bhd|pending',
      'guardian|Fatimah binti Omar|pending',
      'guardian|Zainab binti Omar|pending',
    ]);
    const f = await guardian(FATIMAH.ic);
    const text = await lastMailTo(FATIMAH.email);
    expect(text).toContain('Ali bin Hassan');
    expect(queryOf(text, f.id)).toMatch(/^expires=\d+&signature=/);
    expect(await lastMailTo(ORG_EMAIL)).toContain('/pelantikan-wasi');
    const asked = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.action, 'acceptance.ask'), eq(audit_events.entity_id, f.id)));
    expect(asked).toHaveLength(1);
  });
});

describe('a guardian through the link', () => {
  it('refuses a tampered link (403) and a wrong code (422 on code), then records the acceptance', async () => {
    const f = await guardian(FATIMAH.ic);
    const q = queryOf(await lastMailTo(FATIMAH.email), f.id);
    const tampered = q.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await t.call('GET', `/api/public/acceptance/${f.id}?${tampered}`)).status).toBe(403);
    // An expired link (signed for the same path, its time gone) is refused alike.
    const expired = t.ctx.signer.sign(`/api/public/acceptance/${f.id}`, -60).split('?')[1];
    expect((await t.call('GET', `/api/public/acceptance/${f.id}?${expired}`)).status).toBe(403);
    const view = (await ok(t.call('GET', `/api/public/acceptance/${f.id}?${q}`))).acceptance;
    expect(view).toMatchObject({ role: 'guardian', person_name: 'Fatimah binti Omar', wards: 'Ali bin Hassan' });
    expect(view.email).toBe('f***@accept.example');
    // Nothing else of the will: no heir, no property, no identity number.
    expect(JSON.stringify(view)).not.toContain('Hassan bin Omar');
    expect(JSON.stringify(view)).not.toContain(FATIMAH.ic);
    const code = await codeFor(f.id, q, FATIMAH.email);
    const wrong = await t.call('POST', `/api/public/acceptance/${f.id}/decide?${q}`, {
      body: { code: code === '000000' ? '111111' : '000000', decision: 'accept' },
      lang: 'en',
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(['code']);
    const noChoice = await t.call('POST', `/api/public/acceptance/${f.id}/decide?${q}`, {
      body: { code },
      lang: 'en',
    });
    expect(noChoice.status).toBe(422);
    expect(noChoice.body.errors.decision).toEqual(['Choose whether you accept or decline.']);
    const done = await ok(
      t.call('POST', `/api/public/acceptance/${f.id}/decide?${q}`, { body: { code, decision: 'accept' } }),
    );
    expect(done.acceptance.state).toBe('accepted');
    expect((await guardian(FATIMAH.ic)).state).toBe('accepted');
    const again = await t.call('POST', `/api/public/acceptance/${f.id}/code?${q}`, { body: {} });
    expect(again.status).toBe(422);
    expect(again.body.errors.decision).toBeDefined();
  });

  it('a decline is recorded with its reason; the testator is mailed and sees it on the will', async () => {
    const z = await guardian(ZAINAB.ic);
    const q = queryOf(await lastMailTo(ZAINAB.email), z.id);
    const code = await codeFor(z.id, q, ZAINAB.email);
    await ok(
      t.call('POST', `/api/public/acceptance/${z.id}/decide?${q}`, {
        body: { code, decision: 'decline', reason: 'Saya tinggal di luar negara' },
      }),
    );
    const [owner] = await t.ctx.db.select().from(users).where(eq(users.username, 'client'));
    const mail = await mailWith(owner.email as string, 'Zainab binti Omar');
    expect(mail).toContain('Saya tinggal di luar negara');
    const seen = await ok(t.call('GET', `/api/wasiat/${willId}/acceptances`, { token: client }));
    expect(seen.needs_replacement).toBe(true);
    expect(seen.acceptances.find((a: { person_name: string }) => a.person_name === 'Zainab binti Omar')).toMatchObject({
      state: 'declined',
      reason: 'Saya tinggal di luar negara',
    });
    expect(JSON.stringify(seen)).not.toContain(ZAINAB.ic);
    const declined = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.action, 'acceptance.decline'), eq(audit_events.entity_id, z.id)));
    expect(declined).toHaveLength(1);
  });
});

describe('the executor and the organisations', () => {
  it("the organisation's partner accepts the executorship in the app; another organisation's partner gets 404", async () => {
    const ex = (await rowsOf(willId)).find((r) => r.role === 'executor')!;
    const path = `/api/wasiat/${willId}/acceptances/${ex.id}`;
    expect((await t.call('GET', `/api/wasiat/${willId}/acceptances`, { token: otherPartner })).status).toBe(404);
    expect((await t.call('POST', `${path}/decide`, { token: otherPartner, body: { decision: 'accept' } })).status).toBe(
      404,
    );
    expect((await t.call('POST', `${path}/resend`, { token: otherPartner, body: {} })).status).toBe(404);
    // The testator cannot answer for the executor (403 by the permission table).
    expect((await t.call('POST', `${path}/decide`, { token: client, body: { decision: 'accept' } })).status).toBe(403);
    // A guardian's request is not the partner's to answer.
    const f = await guardian(FATIMAH.ic);
    expect(
      (
        await t.call('POST', `/api/wasiat/${willId}/acceptances/${f.id}/decide`, {
          token: partner,
          body: { decision: 'accept' },
        })
      ).status,
    ).toBe(404);
    // The executor's request has no public link.
    const signed = t.ctx.signer.sign(`/api/public/acceptance/${ex.id}`, 600).split('?')[1];
    expect((await t.call('GET', `/api/public/acceptance/${ex.id}?${signed}`)).status).toBe(404);
    const done = await ok(t.call('POST', `${path}/decide`, { token: partner, body: { decision: 'accept' } }));
    expect(done.acceptance.state).toBe('accepted');
    const [row] = await t.ctx.db.select().from(role_acceptances).where(eq(role_acceptances.id, ex.id));
    expect(row.decided_by).not.toBeNull();
  });

  it('a partner who may not see the will (no grant of the testator) answers on the executorships list; others see none', async () => {
    // A second registered will of the same organisation, the testator having granted it nothing (ADR 0101).
    const { willId: other } = await insertWill(t.ctx, {
      status: 1,
      wasiatNo: 'W2026-760001',
      receiptNo: 'R2026-760001',
    });
    const [w] = await t.ctx.db.select().from(wills).where(eq(wills.id, other));
    await t.ctx.db.delete(client_grants).where(eq(client_grants.client_id, w.user_id));
    await recordSignature(
      t.ctx.db,
      { user: { id: w.user_id } as never },
      { willId: other, role: 'testator', signerName: 'Pewasiat', attachmentId: w.signature_id as string },
    );
    await ok(t.call('PATCH', `/api/wasiat/${other}`, { token: staff, body: { status: 2 } }));
    expect((await t.call('GET', `/api/wasiat/${other}`, { token: partner })).status).toBe(404);
    const ex = (await rowsOf(other)).find((r) => r.role === 'executor')!;
    const list = await ok(t.call('GET', '/api/executorships', { token: partner }));
    const mine = list.executorships.find((e: { id: string }) => e.id === ex.id);
    expect(mine).toMatchObject({ wasiat_id: other, state: 'pending', organisation: expect.any(String) });
    expect(Object.keys(mine).sort()).toEqual(
      [
        'asked_at',
        'decided_at',
        'id',
        'organisation',
        'reason',
        'state',
        'testator_name',
        'wasiat_id',
        'wasiat_no',
      ].sort(),
    );
    // Another organisation's partner sees none of it and cannot answer; a client may not ask the list.
    const theirs = await ok(t.call('GET', '/api/executorships', { token: otherPartner }));
    expect(theirs.executorships.map((e: { id: string }) => e.id)).not.toContain(ex.id);
    const path = `/api/wasiat/${other}/acceptances/${ex.id}/decide`;
    expect((await t.call('POST', path, { token: otherPartner, body: { decision: 'accept' } })).status).toBe(404);
    expect((await t.call('GET', '/api/executorships', { token: client })).status).toBe(403);
    const done = await ok(
      t.call('POST', path, { token: partner, body: { decision: 'decline', reason: 'Tiada kapasiti' } }),
    );
    expect(done.acceptance).toMatchObject({ state: 'declined', reason: 'Tiada kapasiti' });
    // The organisation's mails link to the executorships page, not to the will it may not open.
    const toOrg = t.mails.filter((m) => m.to.includes(ORG_EMAIL)).map((m) => decodeMail(m.raw));
    expect(toOrg.some((body) => body.includes('/pelantikan-wasi'))).toBe(true);
  });

  it('an answered request cannot be sent again (422 on state)', async () => {
    const f = await guardian(FATIMAH.ic);
    const r = await t.call('POST', `/api/wasiat/${willId}/acceptances/${f.id}/resend`, { token: staff, body: {} });
    expect(r.status).toBe(422);
    expect(r.body.errors.state).toBeDefined();
  });
});

describe('an amendment that changes a guardian', () => {
  it("asks that guardian again; the others' answers stay", async () => {
    const content = await loadWillContent(t.ctx.db, willId);
    // The amendment gives Fatimah a second child to care for and replaces Zainab (who declined) with Khadijah.
    const draft = {
      ...content,
      caretakers: [
        ...content.caretakers
          .filter((c) => c.ic_number === FATIMAH.ic)
          .map((c) => ({ ...c, wards: 'Ali bin Hassan, Aminah binti Hassan' })),
        {
          name: 'Khadijah binti Omar',
          ic_number: '850505145566',
          relationship: 'relative',
          email: 'khadijah@accept.example',
          wards: 'Aminah binti Hassan',
          address: 'No. 1, Jalan Mawar',
          postcode: '43000',
          city: 'Kajang',
          state: 'Selangor',
        },
      ],
    };
    const [w] = await t.ctx.db.select().from(wills).where(eq(wills.id, willId));
    const [a] = await t.ctx.db
      .insert(amendments)
      .values({
        amendmentable_type: 'Wasiat',
        amendmentable_id: willId,
        user_id: w.user_id,
        organization_id: w.organization_id,
        reference_no: 'P2026-700001',
        status: 4,
        draft,
      })
      .returning();
    for (const n of [1, 2]) {
      await t.ctx.db.insert(amendment_witnesses).values({
        amendment_id: a.id,
        name: `Saksi ${n}`,
        ic_number: newMykad(),
        email: `saksi${n}@accept.example`,
        confirmed_at: new Date(),
      });
    }
    await ok(t.call('PATCH', `/api/amendment/${a.id}`, { token: officer, body: { status: 2 } }));
    const rows = await rowsOf(willId);
    expect(rows.map((r) => `${r.role}|${r.person_name}|${r.state}`).sort()).toEqual([
      'executor|Syarikat Demo Amanah Sdn Bhd|accepted',
      'guardian|Fatimah binti Omar|pending',
      'guardian|Khadijah binti Omar|pending',
    ]);
    const superseded = await t.ctx.db
      .select()
      .from(role_acceptances)
      .where(and(eq(role_acceptances.wasiat_id, willId), eq(role_acceptances.state, 'superseded')));
    expect(superseded.map((r) => r.person_name).sort()).toEqual(['Fatimah binti Omar', 'Zainab binti Omar']);
    expect(await lastMailTo(FATIMAH.email, 3)).toContain('Aminah binti Hassan');
    expect(await lastMailTo('khadijah@accept.example')).toContain('/penerimaan/');
    // The superseded request's old link is gone (410).
    const old = superseded.find((r) => r.person_name === 'Fatimah binti Omar')!;
    const signed = t.ctx.signer.sign(`/api/public/acceptance/${old.id}`, 600).split('?')[1];
    expect((await t.call('GET', `/api/public/acceptance/${old.id}?${signed}`)).status).toBe(410);
    const seen = await ok(t.call('GET', `/api/wasiat/${willId}/acceptances`, { token: client }));
    expect(seen.needs_replacement).toBe(false);
    const unsent = await t.ctx.db.select().from(mail_outbox).where(eq(mail_outbox.to_email, 'khadijah@accept.example'));
    expect(unsent.every((m) => m.sent_at)).toBe(true);
    // Staff send Khadijah's link again: a second mail with a new link; audited.
    const k = rows.find((r) => r.person_name === 'Khadijah binti Omar')!;
    await ok(t.call('POST', `/api/wasiat/${willId}/acceptances/${k.id}/resend`, { token: staff, body: {} }));
    expect(queryOf(await lastMailTo('khadijah@accept.example', 2), k.id)).toMatch(/^expires=\d+&signature=/);
    const resent = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.action, 'acceptance.resend'), eq(audit_events.entity_id, k.id)));
    expect(resent).toHaveLength(1);
  });
});
