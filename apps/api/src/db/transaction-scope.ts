/**
 * Which code runs inside a database transaction (issue 35 item 1; ADR 0220). `openDatabase` wraps the handle's
 * `transaction()` so that its callback runs in an AsyncLocalStorage scope; the file store asks
 * {@link assertOutsideTransaction} before each call, so a request that would wait on object storage while it
 * holds a transaction (and a pooled connection) is caught: in the test suites (vitest) it throws, so every API
 * test proves the rule for the paths it walks. Outside vitest the scope is not set up at all (its cost, below).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<true>();

/** Whether the caller runs inside a transaction opened through a wrapped handle. */
export const inTransaction = () => scope.getStore() === true;

/**
 * Make `db.transaction(cb)` run `cb` inside the transaction scope (every handle `openDatabase` returns) — under
 * vitest only: on Node 20 an AsyncLocalStorage, once entered, makes every promise of the process pay for the
 * context it carries (the hot read fell from 31.9% to 28.4% of a bare route in `bench/api.ts`), so a running
 * server leaves its transactions unwrapped and the rule is proved by the test suites, which walk every path.
 */
export function scopeTransactions<D extends { transaction: (...args: any[]) => any }>(db: D): D {
  if (!process.env.VITEST) return db;
  const original = db.transaction.bind(db);
  db.transaction = ((cb: (tx: unknown) => unknown, ...rest: unknown[]) =>
    original((tx: unknown) => scope.run(true, () => cb(tx)), ...rest)) as D['transaction'];
  return db;
}

/**
 * @throws Error when called inside a transaction (the scope exists under vitest only, see above).
 * @param what the call, for the message: `file store put`.
 */
export function assertOutsideTransaction(what: string): void {
  if (inTransaction()) throw new Error(`${what} inside a database transaction: store first, then record (ADR 0220)`);
}
