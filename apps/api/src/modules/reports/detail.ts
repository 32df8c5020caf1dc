/**
 * The detailed lists (detailed | approved-monthly | financing; issue 8, reference §2.13): their WHERE, sort and
 * totals, the JSON answer `{ report, period, rows: { data: [DetailRow], current_page, per_page, total,
 * last_page }, totals: { count, paid, price_sen, discount_sen, paid_sen } }` (money in integer sen, times
 * ISO 8601 UTC), and the batched reading of a whole list for the exports (keyset where it can; ADR 0060).
 * SQL in detail-queries.ts.
 */
import { and, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { wills } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import { type DetailRow, detailRows, detailTotals, KEYSET_SORTS } from './detail-queries.ts';
import type { Range, ReportQuery } from './filters.ts';
import { type DetailKind, periodOut, reportRange } from './kinds.ts';
import { rollupTotals } from './rollup.ts';
import { willWhere } from './will-where.ts';

/** WHERE of a detailed list: approved = status 2 by registration time; financing = payment option 4. */
export function detailWhere(user: AuthUser, kind: DetailKind, q: ReportQuery, range: Range): SQL {
  // Approved: every will of status 2 has its approval time (wills/transitions.ts sets both at once); saying
  // so lets the all-time list start at the newest approval in the index instead of stepping over the
  // index entries of the wills never approved (NULL, last in the index = first in a backward walk).
  if (kind === 'approved-monthly')
    return and(
      willWhere(user, q, range, { status: 2, dateColumn: 'registered_at', utcBounds: true }),
      isNotNull(wills.registered_at),
    ) as SQL;
  if (kind === 'financing') return willWhere(user, q, range, { paymentOption: 4, utcBounds: true });
  return willWhere(user, q, range, { utcBounds: true });
}

/** Totals of a detailed list: from the roll-ups when they can answer (ADR 0060), else the raw rows. */
export async function listTotals(db: Db, user: AuthUser, kind: DetailKind, q: ReportQuery, range: Range, where: SQL) {
  // The approved list runs on the approval time, which the roll-ups do not have — except over all time,
  // where it is every approved will (status 2, each with its approval time: see detailWhere).
  const forced = kind === 'financing' ? { paymentOption: 4 } : kind === 'approved-monthly' ? { status: 2 } : {};
  const fromRollup = kind === 'approved-monthly' && range.start ? null : await rollupTotals(db, user, q, range, forced);
  return fromRollup ?? detailTotals(db, where);
}

/**
 * Sort of a detailed list: as asked, else newest first — by approval time for the approved report (its
 * period is on the approval time, so that column is never null there and the index serves the order).
 */
export function detailSort(kind: DetailKind, q: ReportQuery) {
  const approved = kind === 'approved-monthly';
  return {
    sort: q.sort ?? (approved ? 'registered_at' : 'created_at'),
    order: q.order,
    notNull: approved ? ['registered_at'] : [],
  };
}

const serializeDetail = (r: DetailRow) => ({
  ...r,
  created_at: r.created_at.toISOString(),
  registered_at: r.registered_at?.toISOString() ?? null,
  payment_received_at: r.payment_received_at?.toISOString() ?? null,
});

/** A detailed list (paginated, sortable) with totals over the whole period. */
export async function detailReport(db: Db, user: AuthUser, kind: DetailKind, q: ReportQuery) {
  const range = reportRange(kind, q);
  const where = detailWhere(user, kind, q, range);
  const p = pageParams(q);
  const [list, totals] = await Promise.all([
    detailRows(db, where, { ...detailSort(kind, q), limit: p.per_page, offset: p.offset }),
    listTotals(db, user, kind, q, range, where),
  ]);
  return { report: kind, period: periodOut(range), rows: toPage(list.map(serializeDetail), totals.count, p), totals };
}

const EXPORT_BATCH = 5000;

/**
 * The lines of a detailed list in batches of `size` ({@link EXPORT_BATCH}), each read while the previous one is
 * written. The usual sorts (newest first by creation or, in the approved report, approval time) continue each
 * batch after the previous one's last line (keyset: one index range per batch); other sorts skip with OFFSET.
 */
export async function* detailBatches(
  db: Db,
  where: SQL,
  sort: ReturnType<typeof detailSort>,
  max = Number.POSITIVE_INFINITY,
  size = EXPORT_BATCH,
) {
  const key =
    KEYSET_SORTS[sort.sort] && (sort.sort === 'created_at' || sort.notNull.includes(sort.sort)) ? sort.sort : null;
  const fetch = (offset: number, after?: { value: Date; id: string }) =>
    detailRows(db, where, { ...sort, limit: Math.min(size, max - offset), offset, after });
  let offset = 0;
  let next: Promise<DetailRow[]> | null = fetch(0);
  while (next) {
    const list: DetailRow[] = await next;
    if (list.length === 0) return;
    offset += size;
    const last = list[list.length - 1];
    const value = key === 'registered_at' ? last.registered_at : key === 'created_at' ? last.created_at : null;
    // The next batch is read while this one is written (the database and the writer overlap).
    next = list.length < size || offset >= max ? null : fetch(offset, value ? { value, id: last.id } : undefined);
    yield list;
  }
}
