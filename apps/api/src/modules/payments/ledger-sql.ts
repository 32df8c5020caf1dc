/**
 * The ledger's one rule (ADR 0248, ADR 0264): a row of `payments` is money received when it is `paid` and is not
 * an ATB mandate. An ATB mandate's money is its instalments (rows with `parent_id`, each `paid` as it reaches the
 * account, with its own receipt); the mandate itself turns `paid` with the last one and is never counted, so
 * each ringgit is counted once, on the day it was received. Every sum of money — the statement of account,
 * the dashboards' collections, the payer's history, and the roll-up triggers of migration 0044 — uses it.
 */
import { type SQL, sql } from 'drizzle-orm';
import { payments } from '../../db/schema/index.ts';

/**
 * The SQL condition "this payment is money received": on the `payments` table by its columns, or on a row
 * alias of it (`'p'`, a code constant, never user input).
 */
export function ledgerPaid(alias?: 'p' | 'o' | 'pp'): SQL {
  if (alias) return sql.raw(`${alias}.status = 'paid' AND NOT ${alias}.mandate`);
  return sql`${payments.status} = 'paid' AND NOT ${payments.mandate}`;
}
