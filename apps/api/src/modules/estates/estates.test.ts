/**
 * The right office for a verified deceased's estate (issue 40 item 7; ADR 0271), over HTTP on a real database
 * (PGlite, or PostgreSQL with DATABASE_URL): the route from the registered will's property values; staff's values
 * over them (three estates: RM 450,000 movable only, RM 3 million with land, RM 7 million); the checklist ticked and
 * an upload readable as an attachment; the application and sijil faraid sheets are PDFs with the deceased's name;
 * the registering organisation's partner reads and ticks, another organisation's partner gets a 404, a client a
 * 403, a pending report a 404; every change is audited.
 */
import { execFileSync } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import {
  audit_events,
  heirs,
  immoveable_properties,
  moveable_properties,
  organizations,
} from '../../db/schema/index.ts';
import { personWithRegisteredWill, reportBody, unregisteredMykad, verifiedReporter } from '../deaths/test-fixtures.ts';
import { insertUser } from '../documents/fixtures.ts';
import { newMykad, ok, PNG_A } from '../wills/test-fixtures.ts';

const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, ' ');

let t: TestApp;
let staff: string;
let officer: string;
let partner: string;
let otherPartner: string;
let clientToken: string;
let reportId: string;
let pendingId: string;
let deceasedName: string;
const path = (p = 'estate-route') => `/api/death-report/${reportId}/${p}`;

beforeAll(async () => {
  t = await makeTestApp();
  [staff, officer, partner] = [await t.login('staff'), await t.login('officer'), await t.login('partner')];
  await t.ctx.db.insert(organizations).values({ type: 'private', name: 'Lain Pusaka Berhad', code: 'LAINEST' });
  await insertUser(t.ctx, { username: 'lain.partner.e', role: 'Partner', ic: newMykad(), orgCode: 'LAINEST' });
  otherPartner = await t.login('lain.partner.e');
  // The deceased: a registered Islamic will at the demo organisation, with an heir, a bank account of
  // RM 300,000 and a piece of land of RM 150,000 (the testator's values, ADR 0257).
  const person = await personWithRegisteredWill(t);
  deceasedName = `Klien ${person.ic}`;
  await t.ctx.db.insert(heirs).values({
    heirable_type: 'Wasiat',
    heirable_id: person.willId,
    name: 'Aminah binti Yusof',
    relationship: 'wife',
    ic_number: '800101145566',
  });
  await t.ctx.db.insert(moveable_properties).values({
    moveable_type: 'Wasiat',
    moveable_id: person.willId,
    property_type: 'bank',
    institution_name: 'Bank Rakyat',
    account_number: '1234567890',
    value_sen: 30_000_000,
  });
  await t.ctx.db.insert(immoveable_properties).values({
    immoveable_type: 'Wasiat',
    immoveable_id: person.willId,
    category: 'land',
    property_type: 'GRN',
    property_no: '12345',
    lot_number: '678',
    district: 'Petaling',
    state: 'Selangor',
    value_sen: 15_000_000,
  });
  const reporter = await verifiedReporter(t);
  clientToken = reporter.token;
  const rep = await ok(
    t.call('POST', '/api/death-report', { token: reporter.token, body: reportBody(person.ic) }),
    201,
  );
  reportId = rep.death_report.id;
  await ok(t.call('POST', `/api/death-report/${reportId}/verify`, { token: staff, body: {} }));
  await ok(t.call('POST', `/api/death-report/${reportId}/verify`, { token: officer, body: {} }));
  const pending = await ok(
    t.call('POST', '/api/death-report', {
      token: staff,
      body: reportBody(unregisteredMykad(), { relationship: 'staff' }),
    }),
    201,
  );
  pendingId = pending.death_report.id;
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('the route from the will', () => {
  it("takes the registered will's property values: RM 450,000 with land → the small-estate unit", async () => {
    const { estate } = await ok(t.call('GET', path(), { token: staff }));
    expect(estate.values).toMatchObject({
      movable_sen: 30_000_000,
      immovable_sen: 15_000_000,
      will: 'islamic',
      executor_named: true,
      source: 'will',
    });
    expect(estate.route).toBe('small_estate');
    expect(estate.total_sen).toBe(45_000_000);
    expect(estate.reason.en).toContain('A1643');
    expect(estate.deceased).toMatchObject({ name: deceasedName, certificate_no: 'BD 123456' });
    expect(estate.heirs).toEqual([expect.objectContaining({ name: 'Aminah binti Yusof', relationship: 'wife' })]);
    expect(estate.checklist.map((c: any) => c.code)).toEqual(expect.arrayContaining(['land_titles', 'borang_a']));
    expect(estate.can_edit_values).toBe(true);
  });
  it("the registering organisation's partner reads it; another's gets 404, a client 403, a pending report 404", async () => {
    const mine = await ok(t.call('GET', path(), { token: partner }));
    expect(mine.estate.route).toBe('small_estate');
    expect(mine.estate.can_edit_values).toBe(false);
    expect((await t.call('GET', path(), { token: otherPartner })).status).toBe(404);
    expect((await t.call('GET', path('estate-sheet'), { token: otherPartner })).status).toBe(404);
    expect((await t.call('GET', path(), { token: clientToken })).status).toBe(403);
    expect((await t.call('GET', `/api/death-report/${pendingId}/estate-route`, { token: staff })).status).toBe(404);
  });
});

describe("staff's values over the will's", () => {
  const put = (body: unknown, token = staff) => t.call('PUT', path('estate-values'), { token, body });
  it('routes the three estates of the issue, and audits each entry', async () => {
    // With the will's executor (the organisation): RM 450,000 movable only → the small-estate unit's summary order.
    let r = await ok(put({ movable_sen: 45_000_000, immovable_sen: 0 }));
    expect(r.estate.route).toBe('small_estate');
    expect(r.estate.reason.en).toContain('s.8B');
    // No executor acting: RM 450,000 movable only → Amanah Raya summary administration.
    r = await ok(put({ movable_sen: 45_000_000, immovable_sen: 0, executor_named: false }));
    expect(r.estate.route).toBe('arb_summary');
    expect(r.estate.values.source).toBe('staff');
    r = await ok(put({ movable_sen: 50_000_000, immovable_sen: 250_000_000 }));
    expect(r.estate.route).toBe('small_estate');
    r = await ok(put({ movable_sen: 200_000_000, immovable_sen: 500_000_000 }));
    expect(r.estate.route).toBe('high_court_probate');
    const events = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.action, 'estate.values'), eq(audit_events.entity_id, reportId)));
    expect(events).toHaveLength(4);
  });
  it('refuses a negative or fractional value (422 naming the field); a partner may not enter values (403)', async () => {
    const bad = await put({ movable_sen: -1, immovable_sen: 0 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['movable_sen']);
    expect((await put({ movable_sen: 1.5, immovable_sen: 0 })).status).toBe(422);
    expect((await put({ movable_sen: 1, immovable_sen: 0 }, partner)).status).toBe(403);
  });
});

describe('the checklist', () => {
  it('ticks an item of the route and refuses one not on it', async () => {
    await ok(put3());
    const r = await ok(
      t.call('POST', path('estate-checklist'), { token: partner, body: { item: 'death_certificate', done: true } }),
    );
    expect(r.estate.checklist.find((c: any) => c.code === 'death_certificate').done).toBe(true);
    const bad = await t.call('POST', path('estate-checklist'), {
      token: partner,
      body: { item: 'borang_a', done: true },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.item).toEqual(["This document is not on the checklist of the estate's route."]);
  });
  it('an upload ticks the item, replaces the earlier one, and is readable by who sees the estate only', async () => {
    const first = await ok(
      t.call('POST', path('estate-checklist/upload'), {
        token: partner,
        body: { item: 'mykad_deceased', file: PNG_A, filename: 'mykad.png' },
      }),
    );
    const again = await ok(
      t.call('POST', path('estate-checklist/upload'), {
        token: staff,
        body: { item: 'mykad_deceased', file: PNG_A, filename: 'mykad2.png' },
      }),
    );
    const item = again.estate.checklist.find((c: any) => c.code === 'mykad_deceased');
    expect(item.done).toBe(true);
    expect(item.attachment_id).not.toBe(
      first.estate.checklist.find((c: any) => c.code === 'mykad_deceased').attachment_id,
    );
    expect((await t.call('GET', item.file_url, { token: partner })).status).toBe(200);
    expect((await t.call('GET', item.file_url, { token: otherPartner })).status).toBe(404);
    const bad = await t.call('POST', path('estate-checklist/upload'), {
      token: partner,
      body: { item: 'mykad_deceased', file: 'data:text/plain;base64,aGVsbG8=' },
    });
    expect(bad.status).toBe(422);
    const events = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.action, 'estate.checklist_upload'), eq(audit_events.entity_id, reportId)));
    expect(events).toHaveLength(2);
  });
});

/** RM 7 million back to RM 450,000 movable with no executor acting (Amanah Raya). */
const put3 = () =>
  t.call('PUT', path('estate-values'), {
    token: staff,
    body: { movable_sen: 45_000_000, immovable_sen: 0, executor_named: false },
  });

describe('the sheets', () => {
  it("the application data sheet is a PDF with the deceased's name, the office and the values", async () => {
    const r = await t.call('GET', path('estate-sheet'), { token: partner });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/pdf');
    expect(r.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(r.raw);
    expect(text).toContain(deceasedName);
    expect(text).toContain('Amanah Raya');
    expect(text).toContain('RM 450,000.00');
    expect(text).toContain('BD 123456');
  });
  it("the sijil faraid sheet is a PDF with the deceased's name and the heirs from the will; audited", async () => {
    const r = await t.call('GET', path('faraid-sheet'), { token: staff });
    expect(r.status).toBe(200);
    const text = pdfText(r.raw);
    expect(text).toContain(deceasedName);
    expect(text).toContain('Aminah binti Yusof');
    expect(text).toContain('sijil faraid');
    const events = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.action, 'estate.sheet'), eq(audit_events.entity_id, reportId)));
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect((await t.call('GET', path('faraid-sheet'), { token: clientToken })).status).toBe(403);
  });
});
