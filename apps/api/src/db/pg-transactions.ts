/**
 * Transactions on a PostgreSQL pool that always hand their client back (issue 35 item 1: "a terminated connection
 * fails only the requests on it … and the process keeps serving"; ADR 0247).
 *
 * drizzle-orm 0.45's node-postgres `transaction()` runs `BEGIN` before its `try/finally`: when `BEGIN` fails — a
 * pooled connection whose server side was terminated while it sat idle, a statement timeout — the client is never
 * released and the pool loses a slot for the life of the process (upstream drizzle-team/drizzle-orm#6241 and
 * #6114, open). A few such failures and every query waits for a connection that never comes. And when `ROLLBACK`
 * itself fails, drizzle throws the rollback's error instead of the cause, and releases the client as healthy.
 *
 * {@link releasingTransactions} replaces the session's `transaction` with the same steps in the right order:
 * `BEGIN` inside the `try`; on failure `ROLLBACK` only when `BEGIN` succeeded; the caller gets the original error;
 * the client goes back with `release(err)` — so pg-pool destroys it — whenever `BEGIN` or `ROLLBACK` failed.
 * Nested transactions (savepoints) are drizzle's own and unchanged. Remove when drizzle fixes the lifecycle.
 */
import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type pg from 'pg';

interface SessionInternals {
  client: pg.Pool;
  dialect: ConstructorParameters<typeof NodePgTransaction>[0];
  schema: ConstructorParameters<typeof NodePgTransaction>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
  transaction: (fn: (tx: NodePgTransaction<any, any>) => Promise<unknown>, config?: unknown) => Promise<unknown>;
}

/**
 * Make `db.transaction` of a drizzle node-postgres database on `pool` release its client on every path.
 * @param db the value `drizzle(pool, …)` returned (its `session` is replaced in place).
 * @returns the same `db`.
 */
export function releasingTransactions<D>(db: D, pool: pg.Pool): D {
  const s = (db as unknown as { session: SessionInternals }).session;
  s.transaction = async (fn, config) => {
    const client = await pool.connect();
    const session = new NodePgSession(client as never, s.dialect, s.schema, s.options);
    const tx = new NodePgTransaction(s.dialect, session, s.schema);
    let began = false;
    let broken: Error | undefined;
    try {
      const settings = config
        ? sql` ${(tx as unknown as { getTransactionConfigSQL(c: unknown): ReturnType<typeof sql> }).getTransactionConfigSQL(config)}`
        : undefined;
      await tx.execute(sql`begin${settings}`);
      began = true;
      const result = await fn(tx);
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      if (!began) broken = error as Error;
      else {
        try {
          await tx.execute(sql`rollback`);
        } catch (rollbackError) {
          broken = rollbackError as Error;
        }
      }
      throw error;
    } finally {
      client.release(broken);
    }
  };
  return db;
}
