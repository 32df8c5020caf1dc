/**
 * "Tell us once" (issue 40 item 8; ADR 0273), over HTTP on a real database (PGlite, or PostgreSQL with
 * DATABASE_URL): an organisation's list of institutions kept by its partner (another organisation's partner gets a
 * 404) and by staff; one notice of a verified death per institution, through the deaths outbox, in Malay and
 * English, with the full MyKad and the asset-map entries the institution holds; a second notice to the same
 * institution refused (422) unless resent; a reply recorded with its scan; every step audited.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { assets, audit_events, estate_notices, mail_outbox, organizations } from '../../db/schema/index.ts';
import { personWithRegisteredWill, reportBody, verifiedReporter } from '../deaths/test-fixtures.ts';
import { insertUser } from '../documents/fixtures.ts';
import { newMykad, ok, PNG_A } from '../wills/test-fixtures.ts';

let t: TestApp;
let staff: string;
let partner: string;
let otherPartner: string;
let clientToken: string;
let demoId: string;
let lainId: string;
let reportId: string;
let deceasedIc: string;
let ticked: string;
const list = (org: string) => `/api/organization/${org}/notice-recipient`;
const notices = () => `/api/death-report/${reportId}/estate-notice`;
const audits = async (action: string) => t.ctx.db.select().from(audit_events).where(eq(audit_events.action, action));

beforeAll(async () => {
  t = await makeTestApp();
  const officer = await t.login('officer');
  [staff, partner] = [await t.login('staff'), await t.login('partner')];
  const [lain] = await t.ctx.db
    .insert(organizations)
    .values({ type: 'private', name: 'Lain Notis Berhad', code: 'LAINNOT' })
    .returning();
  lainId = lain.id;
  [{ id: demoId }] = await t.ctx.db.select().from(organizations).where(eq(organizations.code, 'DEMO'));
  await insertUser(t.ctx, { username: 'lain.partner.n', role: 'Partner', ic: newMykad(), orgCode: 'LAINNOT' });
  otherPartner = await t.login('lain.partner.n');
  // The deceased: a registered will at the demo organisation, and an asset map with two entries at Bank Rakyat
  // (one spelt differently), one at Takaful Ikhlas and a removed one at Bank Rakyat.
  const person = await personWithRegisteredWill(t);
  deceasedIc = person.ic;
  const entry = (kind: string, description: string, institution: string | null, reference: string | null) => ({
    user_id: person.id,
    kind,
    description,
    institution,
    reference,
    value_sen: 100_000,
    value_estimated_on: '2026-01-15',
  });
  const rows = await t.ctx.db
    .insert(assets)
    .values([
      entry('bank_account', 'Akaun simpanan', 'Bank Rakyat', '1234567890'),
      entry('investment', 'Simpanan tetap', ' bank rakyat ', 'FD-77'),
      entry('takaful_nomination', 'Pelan takaful keluarga', 'Takaful Ikhlas', 'TK-1'),
      entry('vehicle', 'Kereta Myvi', null, 'WXY 1234'),
    ])
    .returning();
  ticked = rows[3].id;
  await t.ctx.db
    .insert(assets)
    .values({ ...entry('bank_account', 'Akaun ditutup', 'Bank Rakyat', '999'), deleted_at: new Date() });
  const reporter = await verifiedReporter(t);
  clientToken = reporter.token;
  const rep = await ok(
    t.call('POST', '/api/death-report', { token: reporter.token, body: reportBody(person.ic) }),
    201,
  );
  reportId = rep.death_report.id;
  await ok(t.call('POST', `/api/death-report/${reportId}/verify`, { token: staff, body: {} }));
  await ok(t.call('POST', `/api/death-report/${reportId}/verify`, { token: officer, body: {} }));
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const bank = { name: 'Bank Rakyat', kind: 'bank', email: 'pusaka@bankrakyat.test', phone: '03-5526 9000' };
let bankId: string;
let takafulId: string;

describe("an organisation's institutions to notify", () => {
  it('the partner adds, edits and lists their own; staff any; audited', async () => {
    const a = await ok(t.call('POST', list(demoId), { token: partner, body: bank }), 201);
    bankId = a.notice_recipient.id;
    expect(a.notice_recipient).toMatchObject({ ...bank, organization_id: demoId });
    const b = await ok(
      t.call('POST', list(demoId), {
        token: staff,
        body: { name: 'Takaful Ikhlas', kind: 'takaful', email: 'claims@ikhlas.test' },
      }),
      201,
    );
    takafulId = b.notice_recipient.id;
    const c = await ok(
      t.call('POST', list(demoId), {
        token: partner,
        body: { name: 'Koperasi Lama', kind: 'cooperative', email: 'x@koop.test' },
      }),
      201,
    );
    const edited = await ok(
      t.call('PATCH', `/api/notice-recipient/${c.notice_recipient.id}`, {
        token: partner,
        body: { name: 'Koperasi Baru', kind: 'cooperative', email: 'y@koop.test' },
      }),
    );
    expect(edited.notice_recipient).toMatchObject({ name: 'Koperasi Baru', email: 'y@koop.test', phone: null });
    await ok(t.call('DELETE', `/api/notice-recipient/${c.notice_recipient.id}`, { token: staff }));
    const listed = await ok(t.call('GET', list(demoId), { token: partner }));
    expect(listed.notice_recipients.map((r: any) => r.name)).toEqual(['Bank Rakyat', 'Takaful Ikhlas']);
    expect(await audits('notice_recipient.create')).toHaveLength(3);
    expect(await audits('notice_recipient.update')).toHaveLength(1);
    expect(await audits('notice_recipient.delete')).toHaveLength(1);
  });
  it("another organisation's partner gets 404; a client 403; bad input 422 naming the field", async () => {
    expect((await t.call('GET', list(demoId), { token: otherPartner })).status).toBe(404);
    expect((await t.call('POST', list(demoId), { token: otherPartner, body: bank })).status).toBe(404);
    expect((await t.call('PATCH', `/api/notice-recipient/${bankId}`, { token: otherPartner, body: bank })).status).toBe(
      404,
    );
    expect((await t.call('DELETE', `/api/notice-recipient/${bankId}`, { token: otherPartner })).status).toBe(404);
    expect((await t.call('GET', list(lainId), { token: otherPartner })).status).toBe(200);
    expect((await t.call('GET', list(demoId), { token: clientToken })).status).toBe(403);
    const bad = await t.call('POST', list(demoId), { token: partner, body: { ...bank, kind: 'casino', email: 'no' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'kind']);
    expect(bad.body.errors.kind).toEqual(['Choose the kind of institution.']);
  });
});

describe('one notice of the death', () => {
  it('the estate page offers the registering organisation’s list and the asset map; not to another org', async () => {
    const r = await ok(t.call('GET', notices(), { token: partner }));
    expect(r.recipients.map((x: any) => x.id).sort()).toEqual([bankId, takafulId].sort());
    expect(r.assets).toHaveLength(4);
    expect(r.notices).toEqual([]);
    expect((await t.call('GET', notices(), { token: otherPartner })).status).toBe(404);
    expect((await t.call('GET', notices(), { token: clientToken })).status).toBe(403);
  });
  it('sends one mail per institution through the deaths outbox with the entries it holds; audited', async () => {
    const r = await ok(
      t.call('POST', notices(), {
        token: partner,
        body: { recipient_ids: [bankId, takafulId], asset_ids: [ticked], contact: 'Rosli, 012-3456789' },
      }),
      201,
    );
    expect(r.message).toBe('The notice has been sent.');
    expect(r.notices).toHaveLength(2);
    const toBank = r.notices.find((n: any) => n.recipient_id === bankId);
    expect(toBank.listed.map((l: any) => [l.description, l.by])).toEqual([
      ['Akaun simpanan', 'match'],
      ['Simpanan tetap', 'match'],
      ['Kereta Myvi', 'ticked'],
    ]);
    expect(toBank.reference).toMatch(/^EN-[0-9A-F]{10}$/);
    const mails = await t.ctx.db
      .select()
      .from(mail_outbox)
      .where(and(eq(mail_outbox.subject_ref, reportId), eq(mail_outbox.kind, 'estate_notice')));
    expect(mails).toHaveLength(2);
    const m = mails.find((x) => x.to_email === bank.email);
    expect(m?.sent_at).not.toBeNull();
    expect(m?.subject).toContain('Notis kematian');
    expect(m?.subject).toContain('Notice of death');
    expect(m?.body).toContain(deceasedIc);
    expect(m?.body).toContain('BD 123456');
    expect(m?.body).toContain('Akaun simpanan (1234567890)');
    expect(m?.body).toContain('FD-77');
    expect(m?.body).toContain('Kereta Myvi (WXY 1234)');
    expect(m?.body).not.toContain('Akaun ditutup');
    expect(m?.body).not.toContain('Pelan takaful');
    expect(m?.body).toContain('Rosli, 012-3456789');
    expect(m?.body).toContain(toBank.reference);
    expect(m?.body?.indexOf('Kepada Bank Rakyat')).toBeLessThan(m?.body?.indexOf('To Bank Rakyat') ?? 0);
    expect(t.mails.some((x) => x.to.includes(bank.email))).toBe(true);
    const [row] = await t.ctx.db.select().from(estate_notices).where(eq(estate_notices.id, toBank.id));
    expect(row.death_mail_id).toBe(m?.id);
    expect(await audits('estate.notice')).toHaveLength(2);
  });
  it('refuses a second notice to the same institution (422) unless resent explicitly', async () => {
    const again = await t.call('POST', notices(), { token: staff, body: { recipient_ids: [bankId] } });
    expect(again.status).toBe(422);
    expect(Object.keys(again.body.errors)).toEqual(['recipient_ids']);
    const resent = await ok(
      t.call('POST', notices(), { token: staff, body: { recipient_ids: [bankId], resend: true } }),
      201,
    );
    expect(resent.notices).toHaveLength(3);
    expect(resent.notices.filter((n: any) => n.resend)).toHaveLength(1);
  });
  it("refuses another organisation's institution (404) and an entry not on the map (422)", async () => {
    const theirs = await ok(
      t.call('POST', list(lainId), { token: otherPartner, body: { ...bank, email: 'lain@bank.test' } }),
      201,
    );
    const r = await t.call('POST', notices(), {
      token: partner,
      body: { recipient_ids: [theirs.notice_recipient.id], resend: true },
    });
    expect(r.status).toBe(404);
    const bad = await t.call('POST', notices(), {
      token: partner,
      body: { recipient_ids: [bankId], resend: true, asset_ids: ['no-such-entry'] },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['asset_ids']);
  });
});

describe('replies', () => {
  it('records a reply with its scan, readable by who sees the estate only; audited', async () => {
    const { notices: list0 } = await ok(t.call('GET', notices(), { token: staff }));
    const n = list0[0];
    const r = await ok(
      t.call('POST', `/api/estate-notice/${n.id}/reply`, {
        token: partner,
        body: { text: 'Akaun dibekukan; baki RM 1,000.', received_on: '2026-12-05', scan: PNG_A, filename: 'b.png' },
      }),
      201,
    );
    const reply = r.notices.find((x: any) => x.id === n.id).replies[0];
    expect(reply).toMatchObject({ text: 'Akaun dibekukan; baki RM 1,000.', received_on: '2026-12-05' });
    expect((await t.call('GET', reply.file_url, { token: staff })).status).toBe(200);
    expect((await t.call('GET', reply.file_url, { token: otherPartner })).status).toBe(404);
    const noScan = await ok(
      t.call('POST', `/api/estate-notice/${n.id}/reply`, {
        token: staff,
        body: { text: 'Dokumen lanjut diminta.', received_on: '2026-12-06' },
      }),
      201,
    );
    expect(noScan.notices.find((x: any) => x.id === n.id).replies).toHaveLength(2);
    const future = await t.call('POST', `/api/estate-notice/${n.id}/reply`, {
      token: staff,
      body: { text: 'x', received_on: '2999-01-01' },
    });
    expect(future.status).toBe(422);
    expect(Object.keys(future.body.errors)).toEqual(['received_on']);
    expect(
      (
        await t.call('POST', `/api/estate-notice/${n.id}/reply`, {
          token: otherPartner,
          body: { text: 'x', received_on: '2026-12-05' },
        })
      ).status,
    ).toBe(404);
    expect(await audits('estate.notice_reply')).toHaveLength(2);
  });
});
