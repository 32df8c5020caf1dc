/**
 * `GET /api/ez-qurban/report/monthly?year=YYYY&season_id&format=json|xlsx|csv` (spec §2
 * /ezqurban/report/monthly; issue 10 "exportable"). Calendar months in Asia/Kuala_Lumpur. Per month:
 * paid purchases and their shares and amount (by `verified_at`, when the payment settled), fund transfers
 * (by `fund_transferred_at`), and the balance at the month's end (collected − transferred since the
 * start, so it carries over from earlier years). Money in integer sen; the export shows ringgit.
 */
import { formatPeriodKey, type Language, translate } from '@wasiat/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ExportSheet } from '../../platform/http/export.ts';
import { monthsOf } from '../tekun/index.ts';

export interface QurbanMonth {
  month: string;
  transactions: number;
  shares: number;
  collected_sen: number;
  transferred_sen: number;
  balance_sen: number;
}

async function rows<T>(db: Db, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}
const kl = (col: SQL) => sql`to_char(${col} AT TIME ZONE 'Asia/Kuala_Lumpur', 'YYYY-MM')`;

/** The report: `{ report: { year, season_id, months: QurbanMonth[], totals, opening_balance_sen } }`. */
export async function qurbanMonthly(db: Db, year: number, seasonId?: string) {
  const season = seasonId ? sql`and season_id = ${seasonId}` : sql``;
  const paid = await rows<{ m: string; n: number; sh: number; s: string }>(
    db,
    sql`select ${kl(sql`verified_at`)} as m, count(*)::int as n, sum(shares)::int as sh, sum(amount_sen)::bigint as s
        from qurban_transactions where status = 1 and verified_at is not null ${season}
          and ${kl(sql`verified_at`)} <= ${`${year}-12`} group by 1`,
  );
  const out = await rows<{ m: string; s: string }>(
    db,
    sql`select ${kl(sql`fund_transferred_at`)} as m, sum(amount_sen)::bigint as s
        from qurban_fund_transfers where true ${season} and ${kl(sql`fund_transferred_at`)} <= ${`${year}-12`} group by 1`,
  );
  const first = `${year}-01`;
  const before = (list: { m: string; s: string }[]) =>
    list.filter((r) => r.m < first).reduce((t, r) => t + Number(r.s), 0);
  const opening = before(paid) - before(out);
  let balance = opening;
  const months: QurbanMonth[] = monthsOf(year).map((month) => {
    const p = paid.find((r) => r.m === month);
    const collected = Number(p?.s ?? 0);
    const transferred = Number(out.find((r) => r.m === month)?.s ?? 0);
    balance += collected - transferred;
    return {
      month,
      transactions: Number(p?.n ?? 0),
      shares: Number(p?.sh ?? 0),
      collected_sen: collected,
      transferred_sen: transferred,
      balance_sen: balance,
    };
  });
  const totals = months.reduce(
    (t, m) => ({
      transactions: t.transactions + m.transactions,
      shares: t.shares + m.shares,
      collected_sen: t.collected_sen + m.collected_sen,
      transferred_sen: t.transferred_sen + m.transferred_sen,
    }),
    { transactions: 0, shares: 0, collected_sen: 0, transferred_sen: 0 },
  );
  return {
    report: {
      year,
      season_id: seasonId ?? null,
      opening_balance_sen: opening,
      months,
      totals,
      closing_balance_sen: balance,
    },
  };
}

/** The report as an export sheet (ringgit, 2 decimals). */
export function qurbanSheet(report: Awaited<ReturnType<typeof qurbanMonthly>>['report'], lang: Language): ExportSheet {
  const t = (k: string) => translate(`programmes.report.${k}`, lang);
  return {
    title: `${t('qurban_title')} ${report.year}`,
    lang,
    headings: [t('month'), t('transactions'), t('shares'), t('collected'), t('transferred'), t('balance')],
    rows: [
      report.months.map((m) => [
        formatPeriodKey(m.month, lang),
        m.transactions,
        m.shares,
        m.collected_sen / 100,
        m.transferred_sen / 100,
        m.balance_sen / 100,
      ]),
    ],
    numFmts: { 4: '#,##0.00', 5: '#,##0.00', 6: '#,##0.00' },
  };
}
