/**
 * The statement of account of one organisation (issue 8, reference §2.13; ADR 0063): `{ report: 'soa', period,
 * organization: { id, name, code }, opening_balance_sen, total_sen, closing_balance_sen, transactions: { data:
 * [SoaRow], current_page, per_page, total, last_page } }` — the paid payments of every payable kind (wills and
 * hibahs by their record's organisation, ADR 0063; amendments, qurban and any other kind from the ledger by
 * `payments.organization_id`, ADR 0248), amounts
 * in integer sen, `paid_at` ISO 8601 UTC. Which organisation: policy.ts `statementOrganisation`; balances from
 * the roll-up when it can give them (rollup.ts), SQL in soa-queries.ts.
 */

import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import { payableKey, payersOfPayments } from '../payments/index.ts';
import type { ReportQuery } from './filters.ts';
import { hibahWhere } from './hibah.ts';
import { periodOut, reportRange } from './kinds.ts';
import { statementOrganisation } from './policy.ts';
import { rollupSoaTotals, soaFiltered } from './rollup.ts';
import { soaQuery } from './soa-queries.ts';
import { willWhere } from './will-where.ts';

/**
 * The lines of other payable kinds (amendment, qurban, …; ADR 0248) named by their kind: the number as `record_no`
 * and the payer as `testator_name` (payments `payersOfPayments`, one batch per kind). Wills and hibahs are named by
 * the SQL.
 */
async function named<
  T extends {
    paymentable_type: string;
    paymentable_id: string;
    record_no: string | null;
    testator_name: string | null;
  },
>(db: Db, rows: T[]): Promise<T[]> {
  const others = rows.filter((t) => t.paymentable_type !== 'Wasiat' && t.paymentable_type !== 'Hibah');
  const payers = await payersOfPayments(db, others);
  return rows.map((t) => {
    if (t.paymentable_type === 'Wasiat' || t.paymentable_type === 'Hibah') return t;
    const info = payers.get(payableKey(t.paymentable_type, t.paymentable_id));
    return { ...t, record_no: info?.item ?? null, testator_name: info?.name || null };
  });
}

/**
 * The statement of account of one organisation: the paid payments of its wills and hibahs (ADR 0063) in the
 * period, with the opening balance (everything paid before), a running balance and the closing balance (sen).
 * Filters narrow the wills and hibahs as in the other reports (a will-only filter leaves no hibah, and the
 * other way round).
 * @throws 404 for an organisation the caller may not see; 422 when staff name none.
 */
export async function soaReport(db: Db, user: AuthUser, q: ReportQuery) {
  const org = await statementOrganisation(db, user, q.organization_id);
  const range = reportRange('soa', q);
  const scoped = { ...q, organization_id: org.id };
  const p = pageParams(q);
  const known = await rollupSoaTotals(db, org.id, q, range);
  // Every other payable kind's payments come from the ledger (ADR 0248), unless a filter names a property of
  // wills or hibahs only (branch, agent, product, mode, status, hibah product/status): those leave them out.
  const filtered = soaFiltered(q);
  const s = await soaQuery(
    db,
    willWhere(user, scoped, null),
    hibahWhere(user, scoped, null),
    range,
    { limit: p.per_page, offset: p.offset },
    known,
    // Without filters beyond the organisation (the roll-up could answer) the lines table lists the page.
    known ? org.id : null,
    filtered ? null : { id: org.id, provider: org.code === 'PROVIDER' },
  );
  return {
    report: 'soa' as const,
    period: periodOut(range),
    organization: { id: org.id, name: org.name, code: org.code },
    opening_balance_sen: s.opening_balance_sen,
    total_sen: s.total_sen,
    closing_balance_sen: s.closing_balance_sen,
    transactions: toPage(
      await named(
        db,
        s.transactions.map((t) => ({ ...t, paid_at: t.paid_at.toISOString() })),
      ),
      s.count,
      p,
    ),
  };
}
