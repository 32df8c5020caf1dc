/**
 * `GET /api/tekun/report/monthly?year=YYYY&format=json|xlsx|csv` (spec §2 /tekun/report/monthly; issue 10
 * "counts and amounts per month, exportable"). Months are calendar months in Asia/Kuala_Lumpur: every
 * timestamp is compared as `col AT TIME ZONE 'Asia/Kuala_Lumpur'` (reports module convention). Per month:
 * rows uploaded, accepted, refused (by upload time); certificates verified, rejected (by decision time);
 * wills registered under the programme (by will creation) and the amount paid for them in sen
 * (`price_sen − discount_sen` of wills whose payment was received that month). Scoped to the visible
 * programmes (policy.ts).
 */
import { formatPeriodKey, type Language, translate } from '@wasiat/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import type { ExportSheet } from '../../platform/http/export.ts';
import { visibleProgrammeIds } from './policy.ts';

export interface TekunMonth {
  month: string;
  rows: number;
  accepted: number;
  refused: number;
  verified: number;
  rejected: number;
  wills: number;
  amount_sen: number;
}

async function rows<T>(db: Db, q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}
const kl = (col: ReturnType<typeof sql>) => sql`to_char(${col} AT TIME ZONE 'Asia/Kuala_Lumpur', 'YYYY-MM')`;

/** The twelve months of `year`, 'YYYY-MM'. */
export const monthsOf = (year: number) =>
  Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);

/** The report: `{ report: { year, months: TekunMonth[], totals } }`. */
export async function tekunMonthly(db: Db, user: AuthUser, year: number) {
  const scope = visibleProgrammeIds(user);
  const y = String(year);
  const uploads = await rows<{ m: string; rows: number; acc: number; ref: number }>(
    db,
    sql`select ${kl(sql`created_at`)} as m, sum(total_rows)::int as rows, sum(accepted_count)::int as acc, sum(refused_count)::int as ref
        from certificate_uploads where programme_id in ${scope} and ${kl(sql`created_at`)} like ${`${y}-%`} group by 1`,
  );
  const decisions = await rows<{ m: string; v: number; r: number }>(
    db,
    sql`select ${kl(sql`verified_at`)} as m, count(*) filter (where status = 'verified')::int as v, count(*) filter (where status = 'rejected')::int as r
        from certificates where programme_id in ${scope} and verified_at is not null and ${kl(sql`verified_at`)} like ${`${y}-%`} group by 1`,
  );
  const registered = await rows<{ m: string; n: number }>(
    db,
    sql`select ${kl(sql`w.created_at`)} as m, count(*)::int as n from certificates c join wills w on w.id = c.will_id
        where c.programme_id in ${scope} and w.deleted_at is null and ${kl(sql`w.created_at`)} like ${`${y}-%`} group by 1`,
  );
  const paid = await rows<{ m: string; s: number }>(
    db,
    sql`select ${kl(sql`w.payment_received_at`)} as m, sum(coalesce(w.price_sen, 0) - w.discount_sen)::bigint as s
        from certificates c join wills w on w.id = c.will_id
        where c.programme_id in ${scope} and w.deleted_at is null and w.payment_received_at is not null
          and ${kl(sql`w.payment_received_at`)} like ${`${y}-%`} group by 1`,
  );
  const months: TekunMonth[] = monthsOf(year).map((month) => {
    const u = uploads.find((r) => r.m === month);
    const d = decisions.find((r) => r.m === month);
    return {
      month,
      rows: Number(u?.rows ?? 0),
      accepted: Number(u?.acc ?? 0),
      refused: Number(u?.ref ?? 0),
      verified: Number(d?.v ?? 0),
      rejected: Number(d?.r ?? 0),
      wills: Number(registered.find((r) => r.m === month)?.n ?? 0),
      amount_sen: Number(paid.find((r) => r.m === month)?.s ?? 0),
    };
  });
  const totals = months.reduce(
    (t, m) => {
      for (const k of Object.keys(t) as (keyof typeof t)[]) t[k] += m[k];
      return t;
    },
    { rows: 0, accepted: 0, refused: 0, verified: 0, rejected: 0, wills: 0, amount_sen: 0 },
  );
  return { report: { year, months, totals } };
}

/** The report as an export sheet (amounts in ringgit with 2 decimals). */
export function tekunSheet(report: Awaited<ReturnType<typeof tekunMonthly>>['report'], lang: Language): ExportSheet {
  const t = (k: string) => translate(`programmes.report.${k}`, lang);
  return {
    title: `${t('tekun_title')} ${report.year}`,
    lang,
    headings: [
      t('month'),
      t('rows'),
      t('accepted'),
      t('refused'),
      t('verified'),
      t('rejected'),
      t('wills'),
      t('amount'),
    ],
    rows: [
      report.months.map((m) => [
        formatPeriodKey(m.month, lang),
        m.rows,
        m.accepted,
        m.refused,
        m.verified,
        m.rejected,
        m.wills,
        m.amount_sen / 100,
      ]),
    ],
    numFmts: { 8: '#,##0.00' },
  };
}
