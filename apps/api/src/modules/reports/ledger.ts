/**
 * The ledger of money (ADR 0248): sums read from `payments` alone — every paid payment (`status = 'paid'`, never
 * an ATB mandate, whose instalments are the money: payments `ledgerPaid`, ADR 0264)
 * of every payable kind (will, amendment, hibah, one-cent trust, qurban, and any kind registered later) —
 * so a new payable kind is counted by construction. Organisation of a payment: `payments.organization_id`
 * (the payable's organisation when it was paid, ADR 0241); payables without one (qurban purchases) belong to
 * the provider organisation, which issues their receipts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../auth/index.ts';
import { ledgerPaid } from '../payments/index.ts';
import type { Range } from './filters.ts';
import { rollupScope } from './policy.ts';
import { num, rows } from './sql-rows.ts';

/**
 * Collections of the caller's scope in integer sen: `all` (all time) and `month` (paid within `month`, UTC
 * instants of the Kuala Lumpur month). Staff-side roles (will:read:any): every payment; a Partner: the
 * payments of their organisations (plus, for the provider organisation, those without one). Null for a
 * role whose scope is not organisations (Agent, Client).
 */
export async function ledgerCollections(
  db: Db,
  user: AuthUser,
  month: Range,
): Promise<{ all: number; month: number } | null> {
  const scope = rollupScope(user);
  if (scope === null) return null;
  const where =
    scope === 'all'
      ? sql`true`
      : sql`(p.organization_id IN ${scope.organisations} OR (p.organization_id IS NULL AND EXISTS (
          SELECT 1 FROM organizations o WHERE o.code = 'PROVIDER' AND o.id IN ${scope.organisations})))`;
  const inMonth = sql`${month.start ? sql`p.paid_at >= ${month.start.toISOString()}::timestamptz` : sql`true`}
    AND ${month.end ? sql`p.paid_at < ${month.end.toISOString()}::timestamptz` : sql`true`}`;
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT coalesce(sum(p.amount_sen), 0)::bigint AS all_sen,
          coalesce(sum(p.amount_sen) FILTER (WHERE ${inMonth}), 0)::bigint AS month_sen
        FROM payments p WHERE ${ledgerPaid('p')} AND p.paid_at IS NOT NULL AND ${where}`,
  );
  return { all: num(r.all_sen), month: num(r.month_sen) };
}
