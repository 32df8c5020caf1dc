/**
 * Count the SQL statements an app sends to its database (the statement budgets of the hot routes,
 * apps/api/test/statement-budget.test.ts; issue 18; ADR 0112). It wraps the `query` method of the database
 * handle's driver client — a `pg.Pool` on PostgreSQL, the `PGlite` instance otherwise — which is where drizzle
 * sends every statement outside a transaction (the hot read routes run none). Call `stop()` when done.
 */
import type { Db } from '../src/db/client.ts';

/** A running count: `count` statements so far, `texts` their SQL (first 200 characters each). */
export interface StatementCounter {
  readonly count: number;
  readonly texts: string[];
  /** Start again from zero. */
  reset(): void;
  /** Put the driver's `query` back. */
  stop(): void;
}

/** Start counting the statements sent through `db` (see the module comment). */
export function countStatements(db: Db): StatementCounter {
  const client = db.$client as { query: (...args: unknown[]) => unknown };
  const original = client.query;
  const texts: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    texts.push((typeof q === 'string' ? q : (q?.text ?? '?')).slice(0, 200));
    return original.apply(this, args);
  };
  return {
    get count() {
      return texts.length;
    },
    texts,
    reset() {
      texts.length = 0;
    },
    stop() {
      client.query = original;
    },
  };
}
