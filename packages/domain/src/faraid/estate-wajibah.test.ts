import { describe, expect, it } from 'vitest';
import { type DistributionInput, estateDistribution } from './estate-distribution.ts';
import { wasiatWajibah } from './wasiat-wajibah.ts';

// A man leaves a wife, his father, his mother and a son (the will's heirs); a son, Ahmad, died before him leaving
// a son, Amin. RM 240,000 remain after the claims.
const will = [
  { id: 'w', name: 'Aminah', relationship: 'wife', ic_number: '700101145512', can_consent: true },
  { id: 'f', name: 'Osman', relationship: 'father', ic_number: '400101145511', can_consent: true },
  { id: 'm', name: 'Zainab', relationship: 'mother', ic_number: '420101145512', can_consent: true },
  { id: 's', name: 'Ali', relationship: 'son', ic_number: '950101145511', can_consent: true },
];
// Born after the will: a daughter (added on the estate file).
const daughter = { id: 'd', name: 'Siti', relationship: 'son', ic_number: '240101145512', can_consent: false };
const predeceased = [
  {
    name: 'Ahmad',
    sex: 'male' as const,
    died_on: '2020-05-01',
    children: [{ name: 'Amin', sex: 'male' as const, ic_number: '100101145511' }],
  },
];
const input = (over: Partial<DistributionInput> = {}): DistributionInput => ({
  deceased: 'male',
  heirs: will,
  properties: [],
  bequests: [],
  extraAssets: [{ id: 'acct', value_sen: 24_000_000 }],
  funeral: 0,
  zakat: 0,
  debts: 0,
  consents: [],
  wajibah: { state: 'Selangor', predeceased },
  ...over,
});
const sumHeirs = (r: ReturnType<typeof estateDistribution>) => r.heirs.reduce((s, h) => s + h.total_sen, 0);

describe('estateDistribution: wasiat wajibah (Selangor s.27 as read; ADRs 0270, 0282)', () => {
  it('takes the predeceased son’s share (13/48) for his son, before faraid, as its own line', () => {
    // Ahmad deemed alive: wife 1/8, father 1/6, mother 1/6, two sons the residue 13/24 — 13/48 each, under one
    // third: 13/48 × RM 240,000 = RM 65,000 to Amin. Faraid divides RM 175,000.
    const r = estateDistribution(input());
    expect(r.wajibah?.provision?.state).toBe('Selangor');
    expect(r.wajibah?.source).toContain('Enakmen Wasiat Orang Islam (Selangor) 1999 s.27');
    expect(r.wajibah?.total_sen).toBe(6_500_000);
    expect(r.wajibah?.lines[0]).toMatchObject({ name: 'Ahmad', status: 'entitled', parent_share: '13/48' });
    expect(r.wajibah?.lines[0].grandchildren).toEqual([
      {
        name: 'Amin',
        sex: 'male',
        ic_number: '100101145511',
        entitled_sen: 6_500_000,
        given_sen: 0,
        due_sen: 6_500_000,
      },
    ]);
    expect(r.faraid_base_sen).toBe(17_500_000);
    // Wife 1/8 of RM 175,000.
    expect(r.heirs.find((h) => h.heir_id === 'w')?.total_sen).toBe(2_187_500);
    expect(sumHeirs(r) + r.baitulmal_sen + 6_500_000).toBe(24_000_000);
    // The same as the rule itself gives for these heirs.
    const rule = wasiatWajibah({
      deceased: 'male',
      heirs: { wife: 1, father: 1, mother: 1, son: 1 },
      predeceased: [{ sex: 'male', children: [{ sex: 'male' }] }],
      netEstateSen: 24_000_000,
      state: 'Selangor',
    });
    expect(rule.totalDueSen).toBe(r.wajibah?.total_sen);
  });

  it('follows the facts after the death: a daughter born since the will makes it 13/60 (RM 52,000)', () => {
    // Deemed alive with two sons and a daughter: the residue 13/24 as 2:2:1 — 13/60 for Ahmad.
    const r = estateDistribution(input({ heirs: [...will, daughter] }));
    expect(r.wajibah?.lines[0].parent_share).toBe('13/60');
    expect(r.wajibah?.total_sen).toBe(5_200_000);
    expect(sumHeirs(r) + r.baitulmal_sen + 5_200_000).toBe(24_000_000);
  });

  it('is cut to one third when the father has died before the deceased (17/48 > 1/3)', () => {
    const r = estateDistribution(input({ heirs: will.filter((h) => h.id !== 'f') }));
    expect(r.wajibah?.capped).toBe(true);
    expect(r.wajibah?.lines[0].parent_share).toBe('17/48');
    expect(r.wajibah?.total_sen).toBe(8_000_000);
  });

  it('completes what the will already gives the grandchild (s.27(1)): a wasiat am of 1/10 to Amin', () => {
    const r = estateDistribution(
      input({ bequests: [{ id: 'b1', beneficiary_name: 'Amin', ic_number: '100101145511', portion: '1/10' }] }),
    );
    const amin = r.wajibah?.lines[0].grandchildren[0];
    expect(amin).toMatchObject({ entitled_sen: 6_500_000, given_sen: 2_400_000, due_sen: 4_100_000 });
    expect(r.bequests[0].effective_sen).toBe(2_400_000);
    expect(r.faraid_base_sen).toBe(24_000_000 - 2_400_000 - 4_100_000);
  });

  it('is not taken where the governing state records none, nor for a daughter’s children in Selangor', () => {
    const johor = estateDistribution(input({ wajibah: { state: 'Johor', predeceased } }));
    expect(johor.wajibah).toMatchObject({ provision: null, total_sen: 0 });
    expect(johor.wajibah?.lines[0].status).toBe('no_provision');
    expect(johor.wajibah?.source).toContain('No wasiat wajibah recorded');
    expect(johor.faraid_base_sen).toBe(24_000_000);
    const hers = [{ ...predeceased[0], name: 'Aisyah', sex: 'female' as const }];
    expect(
      estateDistribution(input({ wajibah: { state: 'Selangor', predeceased: hers } })).wajibah?.lines[0].status,
    ).toBe('lineage');
    // Kelantan covers a daughter's children (ADR 0270).
    const kelantan = estateDistribution(input({ wajibah: { state: 'Kelantan', predeceased: hers } }));
    expect(kelantan.wajibah?.lines[0].status).toBe('entitled');
    expect(kelantan.wajibah?.total_sen).toBeGreaterThan(0);
  });

  it('lists a predeceased son’s children added on the file as heirs when no son survives (ADR 0294)', () => {
    // No son survives; Ahmad (died 2020) left Amin and Aisyah. They inherit by faraid (no wasiat wajibah): wife 1/8,
    // father 1/6 (a male descendant, Amin, is there), mother 1/6, and the residue 13/24 to the son's children 2:1 —
    // Amin 13/36, Aisyah 13/72. Of RM 240,000: RM 30,000, RM 40,000, RM 40,000, RM 86,666.67, RM 43,333.33 (the
    // sen left by rounding down goes to the largest remainder).
    const withoutSon = will.filter((h) => h.id !== 's');
    const both = [
      {
        name: 'Ahmad',
        sex: 'male' as const,
        died_on: '2020-05-01',
        children: [
          { name: 'Amin', sex: 'male' as const, ic_number: '100101145511' },
          { name: 'Aisyah', sex: 'female' as const, ic_number: '120101145512' },
        ],
      },
    ];
    const grandchildren = [
      { id: 'g1', name: 'Amin', relationship: 'sons_child', ic_number: '100101145511', can_consent: false },
      { id: 'g2', name: 'Aisyah', relationship: 'sons_child', ic_number: '120101145512', can_consent: false },
    ];
    const before = estateDistribution(input({ heirs: withoutSon, wajibah: { state: 'Selangor', predeceased: both } }));
    expect(before.wajibah?.lines[0].status).toBe('inherits');
    expect(before.heirs.map((h) => h.heir_id)).not.toContain('g1');
    const r = estateDistribution(
      input({ heirs: [...withoutSon, ...grandchildren], wajibah: { state: 'Selangor', predeceased: both } }),
    );
    // Still no wasiat wajibah, and the grandchildren are not counted twice in its reckoning.
    expect(r.wajibah?.lines[0].status).toBe('inherits');
    expect(r.wajibah?.total_sen).toBe(0);
    const total = (id: string) => r.heirs.find((h) => h.heir_id === id)?.total_sen;
    expect(total('w')).toBe(3_000_000);
    expect(total('f')).toBe(4_000_000);
    expect(total('m')).toBe(4_000_000);
    expect(total('g1')).toBe(8_666_667);
    expect(total('g2')).toBe(4_333_333);
    expect(sumHeirs(r) + r.baitulmal_sen).toBe(24_000_000);
  });

  it('is absent when the will records no predeceased child', () => {
    expect(estateDistribution(input({ wajibah: null })).wajibah).toBeNull();
  });
});
