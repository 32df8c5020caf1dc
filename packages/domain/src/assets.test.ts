import { describe, expect, it } from 'vitest';
import {
  ASSET_KINDS,
  ASSET_MSG,
  assetReviewDue,
  assetSchema,
  assetTotals,
  nextAssetReview,
  willPropertyOf,
} from './assets.ts';

describe('asset map totals (issue 40 item 6; ADR 0269)', () => {
  it('adds assets to the estate, debts and zakat to the liabilities, nominations apart', () => {
    const t = assetTotals([
      { kind: 'bank_account', value_sen: 1_500_000 },
      { kind: 'property', value_sen: 45_000_000 },
      { kind: 'vehicle', value_sen: 3_000_000 },
      { kind: 'investment', value_sen: 250_050 },
      { kind: 'debt', value_sen: 12_000_000 },
      { kind: 'zakat', value_sen: 80_000 },
      { kind: 'epf_nomination', value_sen: 20_000_000 },
      { kind: 'takaful_nomination', value_sen: 10_000_000 },
      { kind: 'tabung_haji_nomination', value_sen: 500_000 },
    ]);
    expect(t).toEqual({
      gross_estate_sen: 49_750_050,
      liabilities_sen: 12_080_000,
      net_estate_sen: 37_670_050,
      nominated_sen: 30_500_000,
    });
  });
  it('is zero for an empty map and negative when debts exceed the assets', () => {
    expect(assetTotals([])).toEqual({ gross_estate_sen: 0, liabilities_sen: 0, net_estate_sen: 0, nominated_sen: 0 });
    expect(assetTotals([{ kind: 'debt', value_sen: 100 }]).net_estate_sen).toBe(-100);
  });
  it('every nomination kind stays out of the gross estate', () => {
    for (const k of ASSET_KINDS.filter((x) => x.group === 'nomination')) {
      expect(assetTotals([{ kind: k.code, value_sen: 7 }])).toMatchObject({ gross_estate_sen: 0, nominated_sen: 7 });
    }
  });
});

describe('which entries may become a will property', () => {
  it('maps assets to the will property kinds', () => {
    expect(willPropertyOf('bank_account')).toEqual({ target: { kind: 'moveable', property_type: 'bank' } });
    expect(willPropertyOf('vehicle')).toEqual({ target: { kind: 'moveable', property_type: 'vehicle' } });
    expect(willPropertyOf('property')).toEqual({ target: { kind: 'immoveable' } });
  });
  it('refuses nominations and liabilities with their reason', () => {
    expect(willPropertyOf('epf_nomination')).toEqual({ refusal: ASSET_MSG.nominationNotProperty });
    expect(willPropertyOf('insurance_nomination')).toEqual({ refusal: ASSET_MSG.nominationNotProperty });
    expect(willPropertyOf('zakat')).toEqual({ refusal: ASSET_MSG.liabilityNotProperty });
  });
});

describe('the entry body', () => {
  const base = { description: 'Simpanan', value_sen: '150000', value_estimated_on: '2026-01-15' };
  it('requires a nominee for a nomination and refuses one elsewhere', () => {
    const n = assetSchema.safeParse({ ...base, kind: 'epf_nomination' });
    expect(n.success).toBe(false);
    expect(n.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['nominee_name', ASSET_MSG.nomineeRequired],
      ['nominee_relationship', ASSET_MSG.nomineeRequired],
    ]);
    const b = assetSchema.safeParse({ ...base, kind: 'bank_account', nominee_name: 'Ali' });
    expect(b.error?.issues[0]).toMatchObject({ path: ['nominee_name'], message: ASSET_MSG.nomineeNotAllowed });
    const ok = assetSchema.parse({
      ...base,
      kind: 'asnb_nomination',
      nominee_name: 'Aminah',
      nominee_relationship: 'Isteri',
    });
    expect(ok.value_sen).toBe(150_000);
  });
  it('requires an integer value and the date of the estimate, not in the future', () => {
    const r = assetSchema.safeParse({ kind: 'vehicle', description: 'Kereta', value_sen: '12.50' });
    expect(r.error?.issues.map((i) => i.path[0]).sort()).toEqual(['value_estimated_on', 'value_sen']);
    const future = assetSchema.safeParse({ ...base, kind: 'vehicle', value_estimated_on: '2999-01-01' });
    expect(future.error?.issues[0].path).toEqual(['value_estimated_on']);
  });
});

describe('yearly review', () => {
  const changed = new Date('2025-03-10T04:00:00Z'); // 10 Mar 2025 in Kuala Lumpur
  it('is due on each anniversary of the last change, within the catch-up window', () => {
    expect(assetReviewDue(changed, new Date('2026-03-09T12:00:00Z'))).toBeNull();
    expect(assetReviewDue(changed, new Date('2026-03-10T01:00:00Z'))).toEqual({
      occasion: '2026-03-10',
      dueOn: '2026-03-10',
    });
    expect(assetReviewDue(changed, new Date('2027-03-15T01:00:00Z'))?.dueOn).toBe('2027-03-10');
    expect(assetReviewDue(changed, new Date('2026-06-01T01:00:00Z'))).toBeNull();
  });
  it('names the next review date', () => {
    expect(nextAssetReview(changed, new Date('2025-12-01T00:00:00Z'))).toBe('2026-03-10');
    expect(nextAssetReview(changed, new Date('2026-04-01T00:00:00Z'))).toBe('2027-03-10');
  });
});
