/**
 * The ONE place where the ezQurban module decides who sees what (DESIGN.md §9.3; reference §2.15 "Staff
 * only" lists). Roles with `qurban:read` (Staff, Officer, Accountant, Admin) see every transaction; any
 * other user (a participant) sees only the purchases they made (`user_id = me`). A transaction outside
 * that scope is a 404.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { qurban_transactions } from '../../db/schema/index.ts';
import { type AuthUser, userCan } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/http/errors.ts';

/** WHERE on `qurban_transactions` the user may see. */
export function transactionScope(user: AuthUser): SQL {
  if (userCan(user, 'qurban:read')) return sql`true`;
  return eq(qurban_transactions.user_id, user.id);
}

/** A transaction the user may see. @throws 404 otherwise. */
export async function loadVisibleTransaction(db: Db, user: AuthUser, id: string) {
  const [t] = await db
    .select()
    .from(qurban_transactions)
    .where(and(eq(qurban_transactions.id, id), transactionScope(user)));
  if (!t) throw notFound();
  return t;
}
