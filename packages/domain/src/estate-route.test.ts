/**
 * The right office (issue 40 item 7; ADR 0271): the three estates, with and without a will, and the
 * limits at their edges (RM 5,000,000 and RM 600,000 are "not exceeding": inclusive).
 */
import { describe, expect, it } from 'vitest';
import { estateRoute, SMALL_ESTATE_LIMIT_SEN, SUMMARY_LIMIT_SEN } from './estate-route.ts';

const RM = (n: number) => n * 100;
const intestate = (movable: number, immovable: number) =>
  estateRoute({ movable_sen: RM(movable), immovable_sen: RM(immovable), will: 'none', executor_named: false });
const codes = (r: ReturnType<typeof estateRoute>) => r.checklist.map((c) => c.code);

describe('estateRoute: the issue three estates, intestate', () => {
  it('RM 450,000 movable only → Amanah Raya summary administration (Act 532 s.17)', () => {
    const r = intestate(450_000, 0);
    expect(r.route).toBe('arb_summary');
    expect(r.total_sen).toBe(45_000_000);
    expect(r.reason.en).toContain('s.17(1)');
    expect(r.reason.ms).toContain('RM 450,000.00');
    expect(codes(r)).toEqual(expect.arrayContaining(['death_certificate', 'sijil_faraid', 'arb_form']));
    expect(codes(r)).not.toContain('land_titles');
  });
  it('RM 3 million with land → the small-estate unit by Form A (Act 98 s.3(2) as amended by A1643)', () => {
    const r = intestate(500_000, 2_500_000);
    expect(r.route).toBe('small_estate');
    expect(r.reason.en).toContain('A1643');
    expect(r.office.ms).toContain('Borang A');
    expect(codes(r)).toEqual(expect.arrayContaining(['land_titles', 'borang_a', 'valuation']));
  });
  it('RM 7 million → High Court letters of administration', () => {
    const r = intestate(2_000_000, 5_000_000);
    expect(r.route).toBe('high_court_administration');
    expect(r.reason.en).toContain('exceeds RM 5,000,000');
    expect(codes(r)).toContain('court_petition');
  });
});

describe('estateRoute: limits', () => {
  it('exactly RM 5,000,000 is a small estate; one sen more is not', () => {
    const at = estateRoute({
      movable_sen: 0,
      immovable_sen: SMALL_ESTATE_LIMIT_SEN,
      will: 'none',
      executor_named: false,
    });
    expect(at.route).toBe('small_estate');
    const over = estateRoute({
      movable_sen: 1,
      immovable_sen: SMALL_ESTATE_LIMIT_SEN,
      will: 'none',
      executor_named: false,
    });
    expect(over.route).toBe('high_court_administration');
  });
  it('exactly RM 600,000 movable is summary; one sen more goes to the small-estate unit', () => {
    expect(intestate(600_000, 0).route).toBe('arb_summary');
    const over = estateRoute({
      movable_sen: SUMMARY_LIMIT_SEN + 1,
      immovable_sen: 0,
      will: 'none',
      executor_named: false,
    });
    expect(over.route).toBe('small_estate');
  });
  it('any land, however little, takes a small estate out of Amanah Raya summary administration', () => {
    expect(intestate(100_000, 1).route).toBe('small_estate');
  });
  it('refuses negative or fractional sen', () => {
    expect(() => estateRoute({ movable_sen: -1, immovable_sen: 0, will: 'none', executor_named: false })).toThrow(
      RangeError,
    );
    expect(() => estateRoute({ movable_sen: 1.5, immovable_sen: 0, will: 'none', executor_named: false })).toThrow(
      RangeError,
    );
  });
});

describe('estateRoute: a will', () => {
  const islamic = (movable: number, immovable: number) =>
    estateRoute({ movable_sen: RM(movable), immovable_sen: RM(immovable), will: 'islamic', executor_named: true });
  it("a Muslim's wasiat naming a wasi: RM 450,000 movable → the small-estate unit (s.8B), not Amanah Raya (s.17(1)(b))", () => {
    const r = islamic(450_000, 0);
    expect(r.route).toBe('small_estate');
    expect(r.reason.en).toContain('s.8B');
    expect(r.reason.en).toContain('s.17(1)(b)');
    expect(codes(r)).toContain('will');
  });
  it("a Muslim's wasiat: RM 3 million with land → small estate; RM 7 million → probate", () => {
    expect(islamic(500_000, 2_500_000).route).toBe('small_estate');
    const big = islamic(2_000_000, 5_000_000);
    expect(big.route).toBe('high_court_probate');
    expect(big.reason.ms).toContain('geran probet');
  });
  it('a conventional will always goes to the High Court: probate with an executor, administration without', () => {
    const withExec = estateRoute({
      movable_sen: RM(450_000),
      immovable_sen: 0,
      will: 'conventional',
      executor_named: true,
    });
    expect(withExec.route).toBe('high_court_probate');
    expect(codes(withExec)).not.toContain('sijil_faraid');
    const without = estateRoute({
      movable_sen: RM(450_000),
      immovable_sen: 0,
      will: 'conventional',
      executor_named: false,
    });
    expect(without.route).toBe('high_court_administration');
    expect(without.reason.en).toContain('with the will annexed');
  });
  it('every item has both languages and a source', () => {
    for (const r of [intestate(450_000, 0), intestate(0, 3_000_000), islamic(2_000_000, 5_000_000)]) {
      for (const c of r.checklist) expect(c.ms && c.en && c.source).toBeTruthy();
    }
  });
});
