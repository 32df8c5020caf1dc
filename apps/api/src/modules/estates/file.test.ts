/**
 * The estate file (issue 40 item 4; ADR 0274), over HTTP on a real database (PGlite, or PostgreSQL with
 * DATABASE_URL): a registered will (wife, son, daughter, father; a bank account and land; a wasiat am of 1/10 to a
 * mosque), the deceased's asset map (the same bank account at a later estimate, a vehicle, an EPF nomination, a debt
 * and zakat), two hibahs (one complete, one not). The file counts the bank account once, adds the vehicle, leaves the
 * nomination and the complete hibah outside, deducts the funeral costs, zakat and debts, takes the bequest within one
 * third and divides the rest by faraid; the father marked as died before the deceased and a son born since the will
 * change the distribution; corrections are withdrawn; writes are audited; the registering organisation's partner
 * reads and writes, another organisation's partner gets a 404 and a client a 403.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import {
  assets,
  audit_events,
  bequests,
  heirs,
  hibah_asset_transactions,
  hibah_properties,
  hibah_receivers,
  hibahs,
  immoveable_properties,
  moveable_properties,
  organizations,
  will_predeceased_children,
  wills,
} from '../../db/schema/index.ts';
import { personWithRegisteredWill, reportBody, verifiedReporter } from '../deaths/test-fixtures.ts';
import { insertUser } from '../documents/fixtures.ts';
import { newMykad, ok } from '../wills/test-fixtures.ts';

let t: TestApp;
let staff: string;
let partner: string;
let otherPartner: string;
let clientToken: string;
let reportId: string;
let fatherId: string;
let willId: string;
const RM = (r: number) => r * 100;
const filePath = (p = '') => `/api/death-report/${reportId}/estate-file${p}`;
const heirTotal = (file: any, name: string) => file.distribution.heirs.find((h: any) => h.name === name)?.total_sen;

beforeAll(async () => {
  t = await makeTestApp();
  [staff, partner] = [await t.login('staff'), await t.login('partner')];
  const officer = await t.login('officer');
  await t.ctx.db.insert(organizations).values({ type: 'private', name: 'Lain Fail Berhad', code: 'LAINFILE' });
  await insertUser(t.ctx, { username: 'lain.partner.f', role: 'Partner', ic: newMykad(), orgCode: 'LAINFILE' });
  otherPartner = await t.login('lain.partner.f');
  const person = await personWithRegisteredWill(t); // a man (odd MyKad)
  willId = person.willId;
  const heir = (name: string, relationship: string, ic: string) => ({
    heirable_type: 'Wasiat',
    heirable_id: person.willId,
    name,
    relationship,
    ic_number: ic,
  });
  const rows = await t.ctx.db
    .insert(heirs)
    .values([
      heir('Aminah', 'wife', '800101145566'),
      heir('Ali', 'son', '950101145511'),
      heir('Siti', 'son', '970101145512'),
      heir('Yusof', 'father', '400101145511'),
    ])
    .returning();
  fatherId = rows[3].id;
  await t.ctx.db.insert(moveable_properties).values({
    moveable_type: 'Wasiat',
    moveable_id: person.willId,
    property_type: 'bank',
    institution_name: 'Bank Rakyat',
    account_number: '1234567890',
    value_sen: RM(300_000),
    value_estimated_on: '2024-01-01',
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
    value_sen: RM(150_000),
  });
  await t.ctx.db.insert(bequests).values({
    wasiat_id: person.willId,
    beneficiary_name: 'Masjid Al-Falah',
    relationship: 'other',
    purpose: 'Wakaf',
    portion: '1/10',
  });
  const entry = (kind: string, description: string, value: number, over: Record<string, unknown> = {}) => ({
    user_id: person.id,
    kind,
    description,
    value_sen: RM(value),
    value_estimated_on: '2026-06-01',
    ...over,
  });
  await t.ctx.db
    .insert(assets)
    .values([
      entry('bank_account', 'Akaun simpanan', 320_000, { institution: 'Bank Rakyat', reference: '1234-567890' }),
      entry('vehicle', 'Proton Saga', 30_000, { reference: 'WXY 1234' }),
      entry('epf_nomination', 'KWSP', 100_000, { nominee_name: 'Aminah', nominee_relationship: 'wife' }),
      entry('debt', 'Pinjaman peribadi', 10_000),
      entry('zakat', 'Zakat harta 2026', 2_000),
    ]);
  // A cash hibah trust: registered, the receiver signed, money credited (complete); a property hibah not signed.
  const [cash] = await t.ctx.db
    .insert(hibahs)
    .values({ hibah_type: 7, user_id: person.id, created_by: person.id, status: 5, hibah_number: 'H2026-000777' })
    .returning();
  await t.ctx.db
    .insert(hibah_receivers)
    .values({ hibah_id: cash.id, name: 'Siti', relationship: 'son', signed_at: new Date() });
  await t.ctx.db.insert(hibah_asset_transactions).values({
    hibah_id: cash.id,
    seq: 1,
    type: 'credit',
    amount_sen: RM(50_000),
    balance_before_sen: 0,
    balance_after_sen: RM(50_000),
  });
  const [house] = await t.ctx.db
    .insert(hibahs)
    .values({ hibah_type: 9, user_id: person.id, created_by: person.id, status: 4 })
    .returning();
  await t.ctx.db.insert(hibah_receivers).values({ hibah_id: house.id, name: 'Ali', relationship: 'son' });
  await t.ctx.db
    .insert(hibah_properties)
    .values({ hibah_id: house.id, kind: 'immoveable', property_type: 'GRN', value_sen: RM(400_000) });

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

describe('the estate file', () => {
  it('counts each asset once, leaves nominations and complete hibahs outside, and cites the rules', async () => {
    const { file } = await ok(t.call('GET', filePath(), { token: staff }));
    const counted = Object.fromEntries(file.asset_map.map((a: any) => [a.kind, a.counted]));
    expect(counted).toEqual({
      bank_account: 'in_will',
      vehicle: 'estate',
      epf_nomination: 'outside',
      debt: 'liability',
      zakat: 'liability',
    });
    // The bank account at the map's later estimate (RM 320,000), the land, the vehicle.
    expect(file.distribution.gross_sen).toBe(RM(500_000));
    expect(file.distribution.deductions.map((d: any) => [d.code, d.paid_sen])).toEqual([
      ['funeral', 0],
      ['executor_fee', 0],
      ['zakat', RM(2_000)],
      ['debts', RM(10_000)],
    ]);
    expect(file.distribution.executor_fee).toMatchObject({ fee_sen: RM(10_000), provider_percent: 100 });
    // Father 1/6, wife 1/8, son and daughter the rest (2:1), of RM 488,000 less the mosque's RM 48,800.
    const mosque = file.distribution.bequests[0];
    expect(mosque).toMatchObject({ ref: expect.stringMatching(/^bequest:/), effective_sen: RM(48_800), reason: null });
    expect(mosque.label).toContain('Wakaf');
    expect(mosque.source).toContain('s.26(1)');
    expect(file.distribution.faraid_base_sen).toBe(RM(439_200));
    expect(heirTotal(file, 'Yusof')).toBe(RM(73_200));
    expect(heirTotal(file, 'Aminah')).toBe(RM(54_900));
    expect(heirTotal(file, 'Ali')).toBe(RM(207_400));
    expect(heirTotal(file, 'Siti')).toBe(RM(103_700));
    const [cash, house] = file.hibahs;
    expect(cash).toMatchObject({ hibah_number: 'H2026-000777', complete: true, outside_estate: true, missing: [] });
    expect(house).toMatchObject({ complete: false, missing: ['registration', 'acceptance', 'delivery'] });
    expect(file.heirs.find((h: any) => h.name === 'Ali')).toMatchObject({ can_consent: true, origin: 'will' });
  });

  it('asks the heirs again: the father died before the deceased, a son was born since the will', async () => {
    const died = await ok(
      t.call('POST', filePath('/heirs'), {
        token: staff,
        body: { kind: 'died', heir_id: fatherId, event_date: '2025-06-01' },
      }),
      201,
    );
    expect(died.file.heirs.find((h: any) => h.name === 'Yusof').status).toBe('died_before');
    const born = await ok(
      t.call('POST', filePath('/heirs'), {
        token: partner,
        body: { kind: 'added', name: 'Umar', relationship: 'son', ic_number: '250301145513', event_date: '2025-03-01' },
      }),
      201,
    );
    const file = born.file;
    // Wife 1/8 of RM 439,200; the rest to two sons and a daughter (2:2:1).
    expect(heirTotal(file, 'Yusof')).toBeUndefined();
    expect(heirTotal(file, 'Aminah')).toBe(RM(54_900));
    expect(heirTotal(file, 'Ali')).toBe(RM(153_720));
    expect(heirTotal(file, 'Umar')).toBe(RM(153_720));
    expect(heirTotal(file, 'Siti')).toBe(RM(76_860));
    expect(file.heirs.find((h: any) => h.name === 'Umar')).toMatchObject({ origin: 'added', can_consent: false });
    const events = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.action, 'estate.heir_change'), eq(audit_events.entity_id, reportId)));
    expect(events).toHaveLength(2);

    // Withdrawn: the father is an heir again.
    const change = file.heirs.find((h: any) => h.name === 'Umar').change_id;
    const back = await ok(t.call('DELETE', `/api/estate-heir-change/${change}`, { token: staff }));
    expect(back.file.heirs.some((h: any) => h.name === 'Umar')).toBe(false);
    expect((await t.call('DELETE', `/api/estate-heir-change/${change}`, { token: staff })).status).toBe(404);
  });

  it('refuses a correction naming a field: not a will heir, already marked, no MyKad', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const r = await t.call('POST', filePath('/heirs'), { token: staff, body });
      expect(r.status).toBe(422);
      return Object.keys(r.body.errors);
    };
    expect(await bad({ kind: 'died', heir_id: 'no-such-heir', event_date: '2025-01-01' })).toEqual(['heir_id']);
    expect(await bad({ kind: 'died', heir_id: fatherId, event_date: '2025-01-01' })).toEqual(['heir_id']);
    expect(await bad({ kind: 'added', name: 'X', relationship: 'son', event_date: '2025-01-01' })).toEqual([
      'ic_number',
    ]);
    expect(await bad({ kind: 'died', heir_id: fatherId, event_date: '2999-01-01' })).toEqual(['event_date']);
  });

  it('enters the funeral costs and other debts, deducted before the bequests (audited)', async () => {
    const r = await ok(
      t.call('PUT', filePath('/claims'), {
        token: partner,
        body: { funeral_sen: RM(3_000), other_debts_sen: RM(5_000) },
      }),
    );
    expect(r.file.claims).toMatchObject({ funeral_sen: RM(3_000), other_debts_sen: RM(5_000), entered: true });
    expect(r.file.distribution.after_claims_sen).toBe(RM(480_000));
    expect(r.file.distribution.bequests[0].effective_sen).toBe(RM(48_000));
    const bad = await t.call('PUT', filePath('/claims'), {
      token: staff,
      body: { funeral_sen: -1, other_debts_sen: 0 },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['funeral_sen']);
    const [ev] = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.action, 'estate.claims'), eq(audit_events.entity_id, reportId)));
    expect(ev.after).toEqual({ funeral_sen: RM(3_000), other_debts_sen: RM(5_000) });
  });

  it("another organisation's partner gets a 404, a client a 403", async () => {
    expect((await t.call('GET', filePath(), { token: otherPartner })).status).toBe(404);
    const put = { token: otherPartner, body: { funeral_sen: 0, other_debts_sen: 0 } };
    expect((await t.call('PUT', filePath('/claims'), put)).status).toBe(404);
    expect((await t.call('GET', filePath(), { token: clientToken })).status).toBe(403);
  });

  it('takes the wasiat wajibah of a predeceased son (Selangor s.27) on the facts after the death, its own line', async () => {
    // The will records a son, Hamid, who died before the will, leaving a son, Harith; Selangor governs the will.
    await t.ctx.db.update(wills).set({ governing_state: 'Selangor' }).where(eq(wills.id, willId));
    await t.ctx.db.insert(will_predeceased_children).values({
      wasiat_id: willId,
      position: 0,
      name: 'Hamid',
      sex: 'male',
      died_on: '2019-02-01',
      children: [{ name: 'Harith', sex: 'male', ic_number: '100101145511' }],
    });
    const { file } = await ok(t.call('GET', filePath(), { token: partner }));
    const d = file.distribution;
    // After the claims RM 480,000 (the father died before the deceased: not an heir). Hamid deemed alive with the
    // wife (1/8), Ali and Siti: 7/20, over one third — cut to 1/3: RM 160,000 to Harith, before faraid.
    expect(d.after_claims_sen).toBe(RM(480_000));
    expect(d.wajibah).toMatchObject({ state: 'Selangor', capped: true, total_sen: RM(160_000) });
    expect(d.wajibah.source).toContain('s.27');
    expect(d.wajibah.lines[0]).toMatchObject({ name: 'Hamid', status: 'entitled', parent_share: '7/20', share: '1/3' });
    expect(d.wajibah.lines[0].grandchildren[0]).toMatchObject({ name: 'Harith', due_sen: RM(160_000) });
    // Faraid divides RM 480,000 − RM 48,000 (mosque) − RM 160,000 = RM 272,000: wife 1/8, Ali 7/12, Siti 7/24.
    expect(d.faraid_base_sen).toBe(RM(272_000));
    expect(heirTotal(file, 'Aminah')).toBe(RM(34_000));
    const heirsSum = d.heirs.reduce((s: number, h: any) => s + h.total_sen, 0);
    const others = d.bequests.filter((b: any) => !b.heir_id).reduce((s: number, b: any) => s + b.effective_sen, 0);
    expect(heirsSum + d.baitulmal_sen + others + d.wajibah.total_sen).toBe(d.after_claims_sen);
  });
  it("deducts the wife's declared harta sepencarian portion of the land before the bequests and faraid (ADR 0286)", async () => {
    // The will declares half of the RM 150,000 land Aminah's (agreed).
    await t.ctx.db
      .update(immoveable_properties)
      .set({ sepencarian_spouse_name: 'Aminah', sepencarian_bp: 5000, sepencarian_basis: 'agreed' })
      .where(eq(immoveable_properties.immoveable_id, willId));
    const { file } = await ok(t.call('GET', filePath(), { token: staff }));
    const d = file.distribution;
    const line = d.deductions.find((x: any) => x.code === 'harta_sepencarian');
    expect(line).toMatchObject({ asked_sen: RM(75_000), paid_sen: RM(75_000) });
    expect(line.source).toContain('s.122');
    // RM 480,000 after the other claims, less RM 75,000; the mosque's 1/10 and the wasiat wajibah's third follow.
    expect(d.after_claims_sen).toBe(RM(405_000));
    expect(d.bequests[0].effective_sen).toBe(RM(40_500));
    expect(d.wajibah.total_sen).toBe(RM(135_000));
    expect(d.faraid_base_sen).toBe(RM(229_500));
    const heirsSum = d.heirs.reduce((s: number, h: any) => s + h.total_sen, 0);
    const others = d.bequests.filter((b: any) => !b.heir_id).reduce((s: number, b: any) => s + b.effective_sen, 0);
    expect(heirsSum + d.baitulmal_sen + others + d.wajibah.total_sen).toBe(d.after_claims_sen);
  });
});
