/**
 * Prepared statements of the wills module's hot read path and the SQL of a will's latest payment status
 * (ADR 0112, 0139). Reached through `queries.ts`.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Db, perDatabase } from '../../db/client.ts';
import { payments, report_org_totals, wills } from '../../db/schema/index.ts';
import { visibleWillByPlaceholders } from './policy.ts';

/**
 * Prepared statements of the hot read path (one set per database handle). Building a drizzle query costs
 * far more CPU than running it (bench/api.ts: ~3,000 vs ~22,000 queries/s), so `GET /api/wasiat/{id}`
 * uses these. The single-will scope is the same as `willScope` (policy.ts), passed as flags.
 */
function prepare(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  return {
    visibleWill: db.select().from(wills).where(visibleWillByPlaceholders()).prepare('wills_visible_will'),
    /**
     * The will list of a staff-side user over all organisations, unfiltered (ADR 0139): the page, each will
     * with its latest payment's status, and the total from the all-time roll-up (ADR 0112) as an uncorrelated
     * subquery (run once) — one statement.
     */
    listAny: db
      .select({
        will: wills,
        payment_status: latestPaymentStatus,
        total: sql<number>`(select coalesce(sum(${report_org_totals.n}), 0)::int from ${report_org_totals})`,
      })
      .from(wills)
      .where(isNull(wills.deleted_at))
      .orderBy(desc(wills.created_at), desc(wills.id))
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare('wills_list_any'),
    /** A client's own wills, unfiltered (ADR 0139): the page and the count over `wills_user_created_idx`. */
    listOwn: db
      .select({
        will: wills,
        payment_status: latestPaymentStatus,
        total: sql<number>`(select count(*)::int from ${wills} w2
          where w2.user_id = ${p('uid')} and w2.deleted_at is null)`,
      })
      .from(wills)
      .where(and(eq(wills.user_id, p('uid')), isNull(wills.deleted_at)))
      .orderBy(desc(wills.created_at), desc(wills.id))
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare('wills_list_own'),
    latestPayment: db
      .select()
      .from(payments)
      // The will's own payment, never an ATB instalment (ADR 0264).
      .where(
        and(eq(payments.paymentable_type, 'Wasiat'), eq(payments.paymentable_id, p('id')), isNull(payments.parent_id)),
      )
      .orderBy(desc(payments.created_at), desc(payments.updated_at))
      .limit(1)
      .prepare('wills_latest_payment'),
  };
}
/** The prepared statements of a database handle (made once per handle). */
export const prepared = perDatabase(prepare);

/**
 * The status of the latest payment of the will `"wills"."id"` (never an ATB instalment, ADR 0264), as a correlated
 * subquery (null when none).
 */
export const latestPaymentStatus = sql<string | null>`(select pm.status from ${payments} pm
  where pm.paymentable_type = 'Wasiat' and pm.paymentable_id = ${sql.raw('"wills"."id"')} and pm.parent_id is null
  order by pm.created_at desc, pm.updated_at desc limit 1)`;
