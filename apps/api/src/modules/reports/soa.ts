/**
 * The statement of account of one organisation (issue 8, reference §2.13; ADR 0063): `{ report: 'soa', period,
 * organization: { id, name, code }, opening_balance_sen, total_sen, closing_balance_sen, transactions: { data:
 * [SoaRow], current_page, per_page, total, last_page } }` — the paid payments of its wills and hibahs, amounts
 * in integer sen, `paid_at` ISO 8601 UTC. Which organisation: policy.ts `statementOrganisation`; balances from
 * the roll-up when it can give them (rollup.ts), SQL in soa-queries.ts.
 */

import type { Db } from '../../db/client.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import type { AuthUser } from '../auth/guard.ts';
import type { ReportQuery } from './filters.ts';
import { hibahWhere } from './hibah.ts';
import { periodOut, reportRange } from './kinds.ts';
import { statementOrganisation } from './policy.ts';
import { rollupSoaTotals } from './rollup.ts';
import { soaQuery } from './soa-queries.ts';
import { willWhere } from './will-where.ts';

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
  const s = await soaQuery(
    db,
    willWhere(user, scoped, null),
    hibahWhere(user, scoped, null),
    range,
    { limit: p.per_page, offset: p.offset },
    known,
    // Without filters beyond the organisation (the roll-up could answer) the lines table lists the page.
    known ? org.id : null,
  );
  return {
    report: 'soa' as const,
    period: periodOut(range),
    organization: { id: org.id, name: org.name, code: org.code },
    opening_balance_sen: s.opening_balance_sen,
    total_sen: s.total_sen,
    closing_balance_sen: s.closing_balance_sen,
    transactions: toPage(
      s.transactions.map((t) => ({ ...t, paid_at: t.paid_at.toISOString() })),
      s.count,
      p,
    ),
  };
}
