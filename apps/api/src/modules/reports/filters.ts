import { klToday } from '@wasiat/domain';
/**
 * Report filters (issue 8; reference §2.13): a period (`period` or its alias `date`: YYYY-MM or YYYY) or
 * `period=all` (all time), or a date range (`start_date`, `end_date`, YYYY-MM-DD, both inclusive), and `organization_id`,
 * `branch_id`, `agent_id`, `product` (the will plan: basic | comprehensive), `payment_options_id`, `status` (will
 * status), `hibah_type` and `hibah_status` (ADR 0063: a will-only filter — `product`, `status` — leaves no
 * hibahs in the figures, a hibah-only one — `hibah_type`, `hibah_status` — no wills; see {@link subjects}).
 * Exports with `format=xlsx|csv|pdf`; the detailed lists page with `limit`/`page` and sort with
 * `sort`/`order`.
 *
 * Periods are calendar periods in Asia/Kuala_Lumpur (DESIGN.md §7): they are resolved here to LOCAL
 * timestamps `[start, end)` that the SQL compares with `created_at AT TIME ZONE 'Asia/Kuala_Lumpur'`,
 * so a will created at 00:30 local time on the 1st belongs to that month. Answers carry the same
 * boundaries as UTC instants (Malaysia has kept UTC+8 without daylight saving since 1982).
 */
import { z } from 'zod';
import { fieldError } from '../../platform/http/errors.ts';
import { optionalQuery, pageQuery } from '../../platform/http/pagination.ts';

export const KL_TZ = 'Asia/Kuala_Lumpur';
const KL_OFFSET = '+08:00';

const ymd = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const period = /^(\d{4}(-(0[1-9]|1[0-2]))?|all)$/;

export const reportQuerySchema = z.object({
  period: optionalQuery(z.string().regex(period, 'validation.invalid')),
  date: optionalQuery(z.string().regex(period, 'validation.invalid')),
  start_date: optionalQuery(z.string().regex(ymd, 'validation.invalid')),
  end_date: optionalQuery(z.string().regex(ymd, 'validation.invalid')),
  organization_id: optionalQuery(z.string().max(64)),
  branch_id: optionalQuery(z.string().max(64)),
  agent_id: optionalQuery(z.string().max(64)),
  product: optionalQuery(z.enum(['basic', 'comprehensive'])),
  payment_options_id: optionalQuery(z.coerce.number().int().min(1).max(9)),
  status: optionalQuery(z.coerce.number().int().min(0).max(3)),
  /** Hibah product (domain HIBAH_TYPES) and hibah status (-1…5); ADR 0063. */
  hibah_type: optionalQuery(z.coerce.number().int().min(1).max(14)),
  hibah_status: optionalQuery(z.coerce.number().int().min(-1).max(5)),
  format: optionalQuery(z.enum(['json', 'xlsx', 'csv', 'pdf'])),
  sort: optionalQuery(z.string().max(32)),
  order: optionalQuery(z.enum(['asc', 'desc'])),
  ...pageQuery,
});
export type ReportQuery = z.output<typeof reportQuerySchema>;

/** A resolved period: local boundaries for SQL, UTC instants for answers; null bounds = all time. */
export interface Range {
  /** Local (Kuala Lumpur) 'YYYY-MM-DD 00:00:00', inclusive, or null. */
  localStart: string | null;
  /** Local 'YYYY-MM-DD 00:00:00', exclusive, or null. */
  localEnd: string | null;
  start: Date | null;
  end: Date | null;
  /** The period asked for ('2026-11', '2026', '2026-11-01..2026-11-07' or 'all'). */
  label: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The local day after 'YYYY-MM-DD'. */
function nextDay(d: string): string {
  const t = new Date(`${d}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString().slice(0, 10);
}
const toRange = (s: string, e: string, label: string): Range => ({
  localStart: `${s} 00:00:00`,
  localEnd: `${e} 00:00:00`,
  start: new Date(`${s}T00:00:00${KL_OFFSET}`),
  end: new Date(`${e}T00:00:00${KL_OFFSET}`),
  label,
});

export { klToday };

/**
 * Resolve the period of a query. `fallback` applies when neither a period nor a range is given:
 * 'today' (daily), 'month' / 'year' (the current local month / year) or 'all'.
 * @throws 422 `validation.invalid` on `end_date` when it is before `start_date`.
 */
export function resolveRange(q: ReportQuery, fallback: 'today' | 'month' | 'year' | 'all', now = new Date()): Range {
  const p = q.period ?? q.date;
  if (p === 'all') return { localStart: null, localEnd: null, start: null, end: null, label: 'all' };
  if (p) {
    if (p.length === 4) return toRange(`${p}-01-01`, `${Number(p) + 1}-01-01`, p);
    const [y, m] = p.split('-').map(Number);
    const e = m === 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1)}-01`;
    return toRange(`${p}-01`, e, p);
  }
  if (q.start_date || q.end_date) {
    const s = (q.start_date ?? q.end_date) as string;
    const e = (q.end_date ?? q.start_date) as string;
    if (e < s) throw fieldError('end_date', 'validation.invalid');
    return toRange(s, nextDay(e), `${s}..${e}`);
  }
  const today = klToday(now);
  if (fallback === 'today') return toRange(today, nextDay(today), `${today}..${today}`);
  if (fallback === 'month') return resolveRange({ ...q, period: today.slice(0, 7) }, 'all');
  if (fallback === 'year') return resolveRange({ ...q, period: today.slice(0, 4) }, 'all');
  return { localStart: null, localEnd: null, start: null, end: null, label: 'all' };
}

/**
 * Which records a query is about (ADR 0063): the will plan (`product`) and the will `status` are properties of
 * wills only, so with either no hibah matches; `hibah_type` and `hibah_status` likewise leave no will.
 */
export function subjects(q: ReportQuery): { wills: boolean; hibahs: boolean } {
  return {
    wills: q.hibah_type === undefined && q.hibah_status === undefined,
    hibahs: q.product === undefined && q.status === undefined,
  };
}
