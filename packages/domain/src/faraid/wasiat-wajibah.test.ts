/**
 * Wasiat wajibah (ADR 0270) against worked examples from published sources. Each example names where it comes
 * from; the amounts are the source's shares times a unit of sen (the sources work in shares, not ringgit).
 */
import { describe, expect, it } from 'vitest';
import {
  bequestIsTo,
  enactmentFor,
  formatShares,
  type PredeceasedChild,
  predeceasedChildrenSchema,
  WAJIBAH_PROVISIONS,
  wajibahOfWill,
  wajibahProvisionFor,
  wasiatWajibah,
} from '../index.ts';

const son = (name: string, children: PredeceasedChild['children']): PredeceasedChild => ({
  name,
  sex: 'male',
  children,
});
const daughter = (name: string, children: PredeceasedChild['children']): PredeceasedChild => ({
  name,
  sex: 'female',
  children,
});

describe('worked examples', () => {
  it('father, mother, three sons and the daughter of a predeceased son: 15, 15, 20 each, 18 of 108', () => {
    // Source: al-Maktaba al-Shamela, book 384 p. 7524 (shamela.ws/book/384/7524; read as Wahbah al-Zuhayli,
    // al-Fiqh al-Islami wa-Adillatuh, on inheritance): the son deemed alive takes 1 of 6 as wasiat wajibah; the
    // remaining 5 go to the heirs as a new problem; corrected to 108 shares: father 15, mother 15, each son 20,
    // the son's daughter 18.
    const r = wasiatWajibah({
      deceased: 'male',
      heirs: { father: 1, mother: 1, son: 3 },
      predeceased: [son('Ahmad', [{ name: 'Aisyah', sex: 'female' }])],
      netEstateSen: 108_00,
      state: 'Selangor',
    });
    expect(r.lines[0]).toMatchObject({ status: 'entitled', parentShare: '1/6', share: '1/6', dueSen: 18_00 });
    expect(r.capped).toBe(false);
    expect(r.faraidEstateSen).toBe(90_00);
    expect(r.amounts).toEqual({ son: 60_00, father: 15_00, mother: 15_00 });
  });

  it('two sons and three predeceased sons with children: the lines cut to one third; 60, 60, 20, 8, 8, 4, 10, 5, 5 of 180', () => {
    // Source: al-Maktaba al-Shamela, book 7455 p. 224 (shamela.ws/book/7455/224), a fara'id text's worked example
    // of wasiat wajibah: the three predeceased sons' lines would take 3/5, more than one third, so they take one
    // third, equally among the three sons, each son's part among his children a male twice a female; corrected
    // to 180: each living son 60; Khalid's son 20; Bakr's two sons 8 each and his daughter 4; 'Umar's son 10 and
    // his two daughters 5 each.
    const r = wasiatWajibah({
      deceased: 'male',
      heirs: { son: 2 },
      predeceased: [
        son('Khalid', [{ sex: 'male' }]),
        son('Bakr', [{ sex: 'male' }, { sex: 'male' }, { sex: 'female' }]),
        son('Umar', [{ sex: 'male' }, { sex: 'female' }, { sex: 'female' }]),
      ],
      netEstateSen: 180_00,
      state: 'Selangor',
    });
    expect(r.capped).toBe(true);
    expect(r.lines.map((l) => [l.parentShare, l.share])).toEqual([
      ['1/5', '1/9'],
      ['1/5', '1/9'],
      ['1/5', '1/9'],
    ]);
    expect(r.lines.map((l) => l.grandchildren.map((g) => g.dueSen))).toEqual([
      [20_00],
      [8_00, 8_00, 4_00],
      [10_00, 5_00, 5_00],
    ]);
    expect(r.totalDueSen).toBe(r.capSen);
    expect(r.amounts).toEqual({ son: 120_00 });
  });

  it("a son and a predeceased son's son: the grandson's half is cut to one third", () => {
    // Source: shamela.ws/book/7455/224, "practical examples where the grandchildren's share exceeds one third",
    // example 1: the problem is of 3; the son 2, the grandson 1 by wasiat wajibah (his father's half is more
    // than one third).
    const r = wasiatWajibah({
      deceased: 'male',
      heirs: { son: 1 },
      predeceased: [son('Ali', [{ sex: 'male' }])],
      netEstateSen: 300_000_00,
      state: 'Melaka',
    });
    expect(r.lines[0]).toMatchObject({ parentShare: '1/2', share: '1/3', dueSen: 100_000_00 });
    expect(r.amounts).toEqual({ son: 200_000_00 });
  });
});

describe('who qualifies (s.27 as read; Kelantan 2009 (2)(a), (c), (e))', () => {
  const base = { deceased: 'male' as const, heirs: { wife: 1, son: 1, daughter: 1 }, netEstateSen: 24_000_00 };

  it('applies only in states whose recorded wasiat enactment provides it (governing-law.ts)', () => {
    for (const p of WAJIBAH_PROVISIONS) expect(enactmentFor(p.state), p.state).not.toBeNull();
    expect(WAJIBAH_PROVISIONS.map((p) => p.state).sort()).toEqual([
      'Kelantan',
      'Melaka',
      'Negeri Sembilan',
      'Selangor',
    ]);
  });

  it('a state whose law provides none: nothing, and faraid divides the whole', () => {
    expect(wajibahProvisionFor('Johor')).toBeNull();
    const r = wasiatWajibah({ ...base, predeceased: [son('Ali', [{ sex: 'male' }])], state: 'Johor' });
    expect(r.lines[0]).toMatchObject({ status: 'no_provision', dueSen: 0 });
    expect(r.faraidEstateSen).toBe(24_000_00);
    expect(formatShares(r.faraid.shares)).toEqual({ wife: '1/8', son: '7/12', daughter: '7/24' });
  });

  it("Selangor covers a son's children only; Kelantan a daughter's too", () => {
    const kids = [{ sex: 'male' as const }, { sex: 'female' as const }];
    const sel = wasiatWajibah({ ...base, predeceased: [daughter('Siti', kids)], state: 'Selangor' });
    expect(sel.lines[0].status).toBe('lineage');
    expect(sel.totalDueSen).toBe(0);
    const kel = wasiatWajibah({ ...base, predeceased: [daughter('Siti', kids)], state: 'Kelantan' });
    // Wife 1/8; the rest 7/8 among a son and two daughters deemed alive (2:1:1): a daughter 7/32.
    expect(kel.lines[0]).toMatchObject({ status: 'entitled', parentShare: '7/32' });
    // 7/32 of RM24,000 = RM5,250: her son 3,500, her daughter 1,750.
    expect(kel.lines[0].grandchildren.map((g) => g.dueSen)).toEqual([3_500_00, 1_750_00]);
    expect(kel.faraidEstateSen).toBe(18_750_00);
  });

  it("a predeceased son's children who inherit (no son survives) take by faraid, not wasiat wajibah", () => {
    const r = wasiatWajibah({
      deceased: 'male',
      heirs: { wife: 1, daughter: 1 },
      predeceased: [son('Ali', [{ sex: 'male' }])],
      netEstateSen: 8_000_00,
      state: 'Selangor',
    });
    expect(r.lines[0].status).toBe('inherits');
    expect(r.totalDueSen).toBe(0);
    expect(formatShares(r.faraid.shares)).toEqual({ wife: '1/8', daughter: '1/2', sons_son: '3/8' });
    expect(r.amounts).toEqual({ wife: 1_000_00, daughter: 4_000_00, sons_son: 3_000_00 });
  });

  it('a bequest in the will to a grandchild counts; a lesser one is completed', () => {
    // One son and a predeceased son with one son: the line's 1/3 of RM30,000 is RM10,000.
    const input = {
      deceased: 'male' as const,
      heirs: { son: 1 },
      netEstateSen: 30_000_00,
      state: 'Negeri Sembilan',
      otherBequestsSen: 0,
    };
    const less = wasiatWajibah({ ...input, predeceased: [son('Ali', [{ sex: 'male', givenSen: 4_000_00 }])] });
    expect(less.lines[0].grandchildren[0]).toMatchObject({
      entitledSen: 10_000_00,
      givenSen: 4_000_00,
      dueSen: 6_000_00,
    });
    const full = wasiatWajibah({ ...input, predeceased: [son('Ali', [{ sex: 'male', givenSen: 12_000_00 }])] });
    expect(full.lines[0].dueSen).toBe(0);
  });

  it("the will's other bequests come off before faraid; a line without children takes nothing", () => {
    const r = wasiatWajibah({
      deceased: 'female',
      heirs: { husband: 1, son: 1 },
      predeceased: [son('Ali', []), son('Abu', [{ sex: 'female' }])],
      netEstateSen: 12_000_00,
      otherBequestsSen: 1_000_00,
      state: 'Selangor',
    });
    expect(r.lines[0].status).toBe('no_children');
    // Husband 1/4; two sons deemed alive share 3/4: 3/8 each, cut to 1/3.
    expect(r.lines[1]).toMatchObject({ parentShare: '3/8', share: '1/3', dueSen: 4_000_00 });
    expect(r.faraidEstateSen).toBe(7_000_00);
    expect(r.amounts).toEqual({ husband: 1_750_00, son: 5_250_00 });
  });

  it('refuses a negative estate', () => {
    expect(() => wasiatWajibah({ ...base, predeceased: [], netEstateSen: -1, state: 'Selangor' })).toThrow(RangeError);
  });
});

describe('a will read into the rule (wajibahOfWill)', () => {
  const args = {
    deceased: 'male' as const,
    heirs: { father: 1, mother: 1, son: 3 },
    predeceased: [
      {
        name: 'Ahmad',
        sex: 'male' as const,
        died_on: '2020-05-01',
        children: [{ name: 'Aisyah binti Ahmad', sex: 'female' as const }],
      },
    ],
    netEstateSen: 108_000_00,
    state: 'Selangor',
  };

  it("counts the will's bequest to a grandchild (matched by name) and completes it; all bequests come off", () => {
    const r = wajibahOfWill({
      ...args,
      bequests: [
        { name: '  aisyah  BINTI ahmad ', portion: '5%' },
        { name: 'Masjid Al-Falah', portion: '1/10' },
      ],
      bequestsSen: 16_200_00,
    });
    // Her 1/6 (RM18,000) less the 5% (RM5,400) the will gives her.
    expect(r?.lines[0].grandchildren[0]).toMatchObject({
      entitledSen: 18_000_00,
      givenSen: 5_400_00,
      dueSen: 12_600_00,
    });
    expect(r?.faraidEstateSen).toBe(108_000_00 - 12_600_00 - 16_200_00);
  });

  it('matches by MyKad when both have one, and is null while the estate or the sex is unknown', () => {
    expect(
      bequestIsTo(
        { name: 'Aisyah', ic_number: '100101140002', portion: '1%' },
        { name: 'Aisyah', ic_number: '100101140004' },
      ),
    ).toBe(false);
    expect(
      bequestIsTo(
        { name: 'Other', ic_number: '100101140002', portion: '1%' },
        { name: 'Aisyah', ic_number: '100101140002' },
      ),
    ).toBe(true);
    expect(wajibahOfWill({ ...args, bequests: [], bequestsSen: null, netEstateSen: null })).toBeNull();
    expect(wajibahOfWill({ ...args, deceased: null, bequests: [], bequestsSen: 0 })).toBeNull();
  });

  it('the body refuses a date of death after today and a bad sex, naming the field', () => {
    const r = predeceasedChildrenSchema.safeParse({
      children: [{ name: 'Ahmad', sex: 'x', died_on: '2999-01-01', children: [{ name: 'Aisyah', sex: 'female' }] }],
    });
    expect(r.success).toBe(false);
    const issues = r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['children.0.sex', 'validation.choose'],
        ['children.0.died_on', 'wajibah.date_future'],
      ]),
    );
    expect(predeceasedChildrenSchema.safeParse({ children: [{ ...args.predeceased[0] }] }).success).toBe(true);
  });
});
