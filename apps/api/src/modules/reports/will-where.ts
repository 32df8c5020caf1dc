/**
 * The wills a report counts, as SQL shared by every report family (DESIGN.md §9.2: SQL lives in the module's
 * queries): the caller's {@link reportScope} (policy.ts) + the filters + the period (filters.ts), the local
 * Kuala Lumpur time of a timestamp (the expression of the index `wills_created_kl_idx`), and a will's
 * collected amount in integer sen (`price_sen − discount_sen` once `payment_received_at` is set, else 0).
 * A hibah-only filter leaves no wills (filters.ts `subjects`, ADR 0063).
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type payments, wills } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { type Range, type ReportQuery, subjects } from './filters.ts';
import { reportScope } from './policy.ts';

/** The local-time expression of a will timestamp (literal zone, so it matches the expression index). */
export const klTime = (col: typeof wills.created_at | typeof wills.registered_at | typeof payments.paid_at) =>
  sql`(${col} AT TIME ZONE 'Asia/Kuala_Lumpur')`;

/** A will's collected amount in sen: `price_sen − discount_sen` once its payment is received, else 0. */
export const paidSen = sql`(CASE WHEN ${wills.payment_received_at} IS NOT NULL THEN coalesce(${wills.price_sen}, 0) - ${wills.discount_sen} ELSE 0 END)`;

/** Options of the will WHERE clause. */
export interface WillWhere {
  /** Which timestamp the period applies to (default created_at). */
  dateColumn?: 'created_at' | 'registered_at';
  /** Forced filters (approved report: status 2; financing: payment option 4). */
  status?: number;
  paymentOption?: number;
  /**
   * Bound the raw column by the period's UTC instants instead of its local time (the same set of rows:
   * Kuala Lumpur has kept UTC+8 without daylight saving since 1982), so a list ordered by `created_at`
   * walks the `(created_at, id)` index from the period's end instead of filtering every later will (ADR 0060).
   */
  utcBounds?: boolean;
}

/**
 * WHERE of the wills of a report: scope + filters + period. With `utcBounds` the period is compared on the
 * raw column only (the same rows, see {@link WillWhere.utcBounds}): a second, redundant condition on the local
 * time would spoil the planner's row estimate (it multiplies the two selectivities) and turn an index walk
 * into a bitmap scan of the whole period. No wills match a hibah-only filter (ADR 0063).
 */
export function willWhere(user: AuthUser, q: ReportQuery, range: Range | null, o: WillWhere = {}): SQL {
  const col = o.dateColumn === 'registered_at' ? wills.registered_at : wills.created_at;
  const status = o.status ?? q.status;
  const po = o.paymentOption ?? q.payment_options_id;
  const utc = !!o.utcBounds;
  return and(
    reportScope(user),
    subjects(q).wills ? undefined : sql`false`,
    !utc && range?.localStart ? sql`${klTime(col)} >= ${range.localStart}::timestamp` : undefined,
    !utc && range?.localEnd ? sql`${klTime(col)} < ${range.localEnd}::timestamp` : undefined,
    utc && range?.start ? sql`${col} >= ${range.start.toISOString()}::timestamptz` : undefined,
    utc && range?.end ? sql`${col} < ${range.end.toISOString()}::timestamptz` : undefined,
    q.organization_id ? eq(wills.organization_id, q.organization_id) : undefined,
    q.branch_id ? eq(wills.branch_id, q.branch_id) : undefined,
    q.agent_id ? eq(wills.agent_id, q.agent_id) : undefined,
    q.product ? eq(wills.plan, q.product) : undefined,
    po !== undefined ? eq(wills.payment_options_id, po) : undefined,
    status !== undefined ? eq(wills.status, status) : undefined,
  ) as SQL;
}
