/**
 * The calculator's model: the form's heir counts → the domain engine (pure, so the preview is instant
 * and needs no request; the same engine answers POST /api/faraid) → rows for the table and the chart.
 */
import {
  allocateSen,
  BAITULMAL,
  calculateFaraid,
  checkHeirs,
  type FaraidPolicy,
  type FaraidStep,
  type Fraction,
  formatFraction,
  fractionToPercent,
  HEIR_CLASS,
  HEIR_KEYS,
  type HeirClass,
  type HeirCounts,
  type HeirKey,
  type Sex,
} from '@wasiat/domain';

export interface FaraidRow {
  key: string;
  share: string;
  percent: string;
  /** Share of the whole in basis points (1/10,000), for the bar width. */
  basisPoints: number;
  amount?: number;
  perHead?: number;
  count: number;
}

export interface FaraidView {
  rows: FaraidRow[];
  steps: FaraidStep[];
  errors: Record<string, string>;
}

/** The heir keys a form offers for a deceased of this sex, grouped by class. */
export function heirGroups(deceased: Sex): [HeirClass, HeirKey[]][] {
  const groups = new Map<HeirClass, HeirKey[]>();
  for (const k of HEIR_KEYS) {
    if ((k === 'husband' && deceased === 'male') || (k === 'wife' && deceased === 'female')) continue;
    const c = HEIR_CLASS[k];
    groups.set(c, [...(groups.get(c) ?? []), k]);
  }
  return [...groups];
}

export function computeView(
  deceased: Sex,
  counts: HeirCounts,
  policy: FaraidPolicy,
  estate: number | null,
): FaraidView {
  const errors: Record<string, string> = {};
  for (const p of checkHeirs(deceased, counts)) errors[p.field] = p.message;
  if (Object.keys(errors).length) return { rows: [], steps: [], errors };
  const heirs: HeirCounts = {};
  for (const [k, v] of Object.entries(counts)) if (v) heirs[k as HeirKey] = v;
  const r = calculateFaraid({ deceased, heirs, policy });
  const entries = Object.entries(r.shares) as [string, Fraction][];
  if (r.reserved) entries.push(['reserved', r.reserved]);
  const amounts = estate !== null ? allocateSen(estate, entries) : null;
  const rows = entries.map(([key, f]) => {
    const count = key === BAITULMAL || key === 'reserved' ? 1 : (heirs[key as HeirKey] ?? 1);
    const amount = amounts?.[key];
    return {
      key,
      share: formatFraction(f),
      percent: fractionToPercent(f),
      basisPoints: Number((f.num * 10_000n) / f.den),
      amount,
      perHead: amount !== undefined && count > 1 ? Math.floor(amount / count) : undefined,
      count,
    };
  });
  return { rows, steps: r.steps, errors };
}
