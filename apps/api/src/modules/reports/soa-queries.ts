/**
 * The SQL of the statement of account (issue 8, reference §2.13): the paid payments (`status = 'paid'`, never an
 * ATB mandate — its instalments are the money: payments `ledgerPaid`, ADR 0264 — by `paid_at`) of an
 * organisation's wills and hibahs (ADR 0063) as {@link SoaRow} lines with a running balance, and the opening,
 * period and closing balances — amounts in integer sen, times UTC. The page comes from the payments and their
 * payables, or from `report_payment_lines` (ADR 0063) when no filter beyond the organisation applies; the
 * balances from the roll-up (rollup.ts `rollupSoaTotals`) when it can give them.
 */
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hibahs, payments, wills } from '../../db/schema/index.ts';
import { ledgerPaid } from '../payments/index.ts';
import type { Range } from './filters.ts';
import { num, rows, toDate } from './sql-rows.ts';

/**
 * The organisation whose ledger payments of the other payable kinds (amendment, qurban, any kind registered
 * later — everything but 'Wasiat' and 'Hibah') a statement adds, read from `payments` alone by
 * `payments.organization_id` (the payable's organisation when paid; ADR 0241, 0248). `provider`: the provider
 * organisation, which also issues the receipts of payables without an organisation (qurban purchases).
 */
export interface LedgerOrg {
  id: string;
  provider: boolean;
}

/**
 * The paid payments (`status = 'paid'`) of the payable kinds other than wills and hibahs of `org`, with
 * `paid_at` in [start, end) when given (UTC instants): `id, paid_at, amount_sen, payable_type, payable_id`.
 */
const otherKindPays = (org: LedgerOrg, start: Date | null, end: Date | null) =>
  sql`SELECT o.id, o.paid_at, o.amount_sen, o.paymentable_type AS payable_type, o.paymentable_id AS payable_id
      FROM payments o WHERE o.paymentable_type NOT IN ('Wasiat', 'Hibah') AND ${ledgerPaid('o')}
        AND o.paid_at IS NOT NULL
        AND (o.organization_id = ${org.id} ${org.provider ? sql`OR o.organization_id IS NULL` : sql``})
        ${start ? sql`AND o.paid_at >= ${start.toISOString()}::timestamptz` : sql``}
        ${end ? sql`AND o.paid_at < ${end.toISOString()}::timestamptz` : sql``}`;

/** A transaction of a statement of account (a paid payment of any payable kind; ADR 0248); amounts in sen. */
export interface SoaRow {
  id: string;
  paid_at: Date;
  receipt_no: string | null;
  reference: string | null;
  payment_options_id: number;
  amount_sen: number;
  /** Balance after this transaction (opening + every earlier transaction of the period). */
  balance_sen: number;
  /**
   * What was paid for: 'Wasiat' (`wasiat_id`, `wasiat_no`), 'Hibah' (`hibah_id`, `hibah_number`; ADR 0063) or
   * another payable kind (`Amendment`, `Qurban`, …; `paymentable_id`, no number or name here; ADR 0248).
   */
  paymentable_type: string;
  paymentable_id: string;
  wasiat_id: string | null;
  wasiat_no: string | null;
  hibah_id: string | null;
  hibah_number: string | null;
  /** The testator of the will, or the grantor of the hibah (the payer of another kind: soa.ts). */
  testator_name: string | null;
  /** The record's number of any kind: `wasiat_no`, `hibah_number`, or another kind's own (soa.ts). */
  record_no: string | null;
}

/**
 * Statement of account of the wills matched by `willsWhere` and the hibahs matched by `hibahsWhere` (scope
 * + organisation + filters, no period): their paid payments (`status = 'paid'`) by `paid_at`. Opening = paid
 * before the period; the running balance is computed over the whole period before paging.
 */
export async function soaQuery(
  db: Db,
  willsWhere: SQL,
  hibahsWhere: SQL,
  range: Range,
  page: { limit: number; offset: number },
  /** The balances when the roll-up could give them (rollup.ts `rollupSoaTotals`), else computed here. */
  known: { opening: number; period_sum: number; n: number } | null = null,
  /**
   * The organisation whose every line the statement lists (no filter beyond it): the page is then read from
   * `report_payment_lines` (ADR 0063) — one index range — instead of the payments and their payables.
   */
  lineOrg: string | null = null,
  /** The organisation whose other payable kinds' payments are added (ADR 0248); null when filters exclude them. */
  ledgerOrg: LedgerOrg | null = null,
) {
  // The period as UTC instants on the raw column (the local boundaries of filters.ts at +08:00, the same
  // set of payments), so the (paid_at, id) index walks the period in payment order; a second,
  // redundant condition on the local time would only spoil the planner's row estimate.
  const inPeriod = and(
    range.start ? sql`${payments.paid_at} >= ${range.start.toISOString()}::timestamptz` : undefined,
    range.end ? sql`${payments.paid_at} < ${range.end.toISOString()}::timestamptz` : undefined,
  );
  const paidOk = sql`${ledgerPaid()} AND ${payments.paid_at} IS NOT NULL ${inPeriod ? sql`AND ${inPeriod}` : sql``}`;
  const cols = sql`${payments.id} AS id, ${payments.paid_at} AS paid_at, ${payments.amount_sen} AS amount_sen`;
  // Each payable's paid payments of the period, both in payment order (a merge of two index walks).
  const willPays = (extra: SQL) => sql`SELECT ${cols}, 'Wasiat' AS payable_type, ${wills.id} AS payable_id ${extra}
        FROM ${payments} JOIN ${wills} ON ${payments.paymentable_type} = 'Wasiat' AND ${payments.paymentable_id} = ${wills.id}
        WHERE ${willsWhere} AND ${paidOk}`;
  const hibahPays = (extra: SQL) => sql`SELECT ${cols}, 'Hibah' AS payable_type, ${hibahs.id} AS payable_id ${extra}
        FROM ${payments} JOIN ${hibahs} ON ${payments.paymentable_type} = 'Hibah' AND ${payments.paymentable_id} = ${hibahs.id}
        WHERE ${hibahsWhere} AND ${paidOk}`;
  let totals = known;
  if (!totals) {
    // Without the roll-up: the matching wills and hibahs first, then each one's paid payments through the
    // (paymentable_type, paymentable_id) index (LATERAL), never every payment of every organisation.
    const pKl = sql`(p.paid_at AT TIME ZONE 'Asia/Kuala_Lumpur')`;
    const pIn =
      and(
        range.localStart ? sql`${pKl} >= ${range.localStart}::timestamp` : undefined,
        range.localEnd ? sql`${pKl} < ${range.localEnd}::timestamp` : undefined,
      ) ?? sql`true`;
    const pBefore = range.localStart ? sql`${pKl} < ${range.localStart}::timestamp` : sql`false`;
    const lateral = (type: string, id: SQL) => sql`CROSS JOIN LATERAL (SELECT pp.amount_sen, pp.paid_at FROM payments pp
          WHERE pp.paymentable_type = ${type} AND pp.paymentable_id = ${id} AND ${ledgerPaid('pp')} AND pp.paid_at IS NOT NULL) AS p`;
    const [agg] = await rows<Record<string, unknown>>(
      db,
      sql`SELECT coalesce(sum(p.amount_sen) FILTER (WHERE ${pBefore}), 0)::bigint AS opening,
          coalesce(sum(p.amount_sen) FILTER (WHERE ${pIn}), 0)::bigint AS period_sum,
          count(*) FILTER (WHERE ${pIn})::int AS n
        FROM (SELECT p.amount_sen, p.paid_at FROM ${wills} ${lateral('Wasiat', sql`${wills.id}`)} WHERE ${willsWhere}
              UNION ALL
              SELECT p.amount_sen, p.paid_at FROM ${hibahs} ${lateral('Hibah', sql`${hibahs.id}`)} WHERE ${hibahsWhere}) p`,
    );
    totals = { opening: num(agg.opening), period_sum: num(agg.period_sum), n: num(agg.n) };
  }
  if (ledgerOrg) {
    // The other payable kinds straight from the ledger (ADR 0248): opening = paid before the period.
    const [o] = await rows<Record<string, unknown>>(
      db,
      sql`SELECT coalesce(sum(amount_sen) FILTER (WHERE ${range.start ? sql`paid_at < ${range.start.toISOString()}::timestamptz` : sql`false`}), 0)::bigint AS opening,
            coalesce(sum(amount_sen) FILTER (WHERE ${range.start ? sql`paid_at >= ${range.start.toISOString()}::timestamptz` : sql`true`}), 0)::bigint AS period_sum,
            count(*) FILTER (WHERE ${range.start ? sql`paid_at >= ${range.start.toISOString()}::timestamptz` : sql`true`})::int AS n
          FROM (${otherKindPays(ledgerOrg, null, range.end)}) x`,
    );
    totals = {
      opening: totals.opening + num(o.opening),
      period_sum: totals.period_sum + num(o.period_sum),
      n: totals.n + num(o.n),
    };
  }
  const others = ledgerOrg
    ? sql` UNION ALL SELECT *, NULL::text AS user_id FROM (${otherKindPays(ledgerOrg, range.start, range.end)}) o`
    : sql``;
  const opening = totals.opening;
  if (lineOrg !== null)
    return {
      ...soaBalances(opening, totals),
      transactions: await linesPage(db, lineOrg, range, page, opening, ledgerOrg),
    };
  // The page in payment order, and what the period's earlier pages added (for the running balance).
  const [before] =
    page.offset > 0
      ? await rows<{ s: string }>(
          db,
          sql`SELECT coalesce(sum(amount_sen), 0)::bigint AS s FROM (
                SELECT amount_sen FROM (SELECT *, NULL::text AS user_id FROM (${willPays(sql``)} UNION ALL ${hibahPays(sql``)}) wh ${others}) u
                ORDER BY paid_at, id LIMIT ${page.offset}) x`,
        )
      : [{ s: '0' }];
  const list = await rows<Record<string, unknown>>(
    db,
    sql`SELECT pg.*, (sum(pg.amount_sen) OVER (ORDER BY pg.paid_at, pg.id))::bigint AS running,
          pp.receipt_no, pp.reference, pp.payment_options_id,
          CASE WHEN pg.payable_type = 'Wasiat' THEN (SELECT w.wasiat_no FROM wills w WHERE w.id = pg.payable_id)
            WHEN pg.payable_type = 'Hibah' THEN (SELECT h.hibah_number FROM hibahs h WHERE h.id = pg.payable_id) END AS number,
          (SELECT t.name FROM users t WHERE t.id = pg.user_id) AS testator_name
        FROM (SELECT * FROM (${willPays(sql`, ${wills.user_id} AS user_id`)} UNION ALL ${hibahPays(sql`, ${hibahs.user_id} AS user_id`)} ${others}) u
              ORDER BY paid_at, id LIMIT ${page.limit} OFFSET ${page.offset}) pg
        JOIN payments pp ON pp.id = pg.id
        ORDER BY pg.paid_at, pg.id`,
  );
  return { ...soaBalances(opening, totals), transactions: toSoaRows(list, opening + num(before.s)) };
}

const soaBalances = (opening: number, totals: { period_sum: number; n: number }) => ({
  opening_balance_sen: opening,
  total_sen: totals.period_sum,
  closing_balance_sen: opening + totals.period_sum,
  count: totals.n,
});

/** Lines of a statement page (`running` = sum up to the line within the page) with balances after `base`. */
function toSoaRows(list: Record<string, unknown>[], base: number): SoaRow[] {
  return list.map((r) => {
    const isWill = r.payable_type === 'Wasiat';
    const isHibah = r.payable_type === 'Hibah';
    return {
      id: String(r.id),
      paid_at: toDate(r.paid_at) as Date,
      receipt_no: (r.receipt_no as string) ?? null,
      reference: (r.reference as string) ?? null,
      payment_options_id: num(r.payment_options_id),
      amount_sen: num(r.amount_sen),
      balance_sen: base + num(r.running),
      paymentable_type: String(r.payable_type),
      paymentable_id: String(r.payable_id),
      wasiat_id: isWill ? String(r.payable_id) : null,
      wasiat_no: isWill ? ((r.number as string) ?? null) : null,
      hibah_id: isHibah ? String(r.payable_id) : null,
      hibah_number: isHibah ? ((r.number as string) ?? null) : null,
      testator_name: (r.testator_name as string) ?? null,
      record_no: (r.number as string) ?? null,
    };
  });
}

/**
 * A page of an organisation's statement from `report_payment_lines` (ADR 0063): the lines of the period in
 * payment order through the index `(organization_id, paid_at, payment_id)`, the earlier pages' sum by an
 * index-only scan, then the page's receipts, numbers and names.
 */
async function linesPage(
  db: Db,
  organisationId: string,
  range: Range,
  page: { limit: number; offset: number },
  opening: number,
  ledgerOrg: LedgerOrg | null,
): Promise<SoaRow[]> {
  const inPeriod = sql`l.organization_id = ${organisationId}
    ${range.start ? sql`AND l.paid_at >= ${range.start.toISOString()}::timestamptz` : sql``}
    ${range.end ? sql`AND l.paid_at < ${range.end.toISOString()}::timestamptz` : sql``}`;
  // The lines of wills and hibahs, and the ledger's other payable kinds (ADR 0248), in payment order.
  const lines = sql`SELECT l.payment_id AS id, l.paid_at, l.amount_sen, l.paymentable_type AS payable_type,
        l.paymentable_id AS payable_id FROM report_payment_lines l WHERE ${inPeriod}
      ${ledgerOrg ? sql`UNION ALL ${otherKindPays(ledgerOrg, range.start, range.end)}` : sql``}`;
  const [before] =
    page.offset > 0
      ? await rows<{ s: string }>(
          db,
          sql`SELECT coalesce(sum(amount_sen), 0)::bigint AS s FROM (SELECT l.amount_sen FROM (${lines}) l
                ORDER BY l.paid_at, l.id LIMIT ${page.offset}) x`,
        )
      : [{ s: '0' }];
  const list = await rows<Record<string, unknown>>(
    db,
    sql`SELECT l.id, l.paid_at, l.amount_sen, l.payable_type, l.payable_id,
          (sum(l.amount_sen) OVER (ORDER BY l.paid_at, l.id))::bigint AS running,
          pp.receipt_no, pp.reference, pp.payment_options_id, coalesce(w.wasiat_no, h.hibah_number) AS number,
          (SELECT t.name FROM users t WHERE t.id = coalesce(w.user_id, h.user_id)) AS testator_name
        FROM (SELECT * FROM (${lines}) l ORDER BY l.paid_at, l.id LIMIT ${page.limit} OFFSET ${page.offset}) l
        JOIN payments pp ON pp.id = l.id
        LEFT JOIN wills w ON l.payable_type = 'Wasiat' AND w.id = l.payable_id
        LEFT JOIN hibahs h ON l.payable_type = 'Hibah' AND h.id = l.payable_id
        ORDER BY l.paid_at, l.id`,
  );
  return toSoaRows(list, opening + num(before.s));
}
