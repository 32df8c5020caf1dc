/**
 * Which code runs inside a database transaction (issue 35 item 1; ADR 0220). `openDatabase` wraps the handle's
 * `transaction()` so that its callback runs in an AsyncLocalStorage scope; the file store asks
 * {@link assertOutsideTransaction} before each call, so a request that would wait on object storage while it
 * holds a transaction (and a pooled connection) is caught: in the test suites (vitest) it throws, so every API
 * test proves the rule for the paths it walks; elsewhere it logs once per place.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<true>();

/** Whether the caller runs inside a transaction opened through a wrapped handle. */
export const inTransaction = () => scope.getStore() === true;

/** Make `db.transaction(cb)` run `cb` inside the transaction scope (every handle `openDatabase` returns). */
export function scopeTransactions<D extends { transaction: (...args: any[]) => any }>(db: D): D {
  const original = db.transaction.bind(db);
  db.transaction = ((cb: (tx: unknown) => unknown, ...rest: unknown[]) =>
    original((tx: unknown) => scope.run(true, () => cb(tx)), ...rest)) as D['transaction'];
  return db;
}

const warned = new Set<string>();

/**
 * @throws Error under vitest when called inside a transaction (elsewhere: one warning per `what`).
 * @param what the call, for the message: `file store put`.
 */
export function assertOutsideTransaction(what: string): void {
  if (!inTransaction()) return;
  const message = `${what} inside a database transaction: store first, then record (ADR 0220)`;
  if (process.env.VITEST) throw new Error(message);
  if (!warned.has(what)) {
    warned.add(what);
    console.warn(message);
  }
}
