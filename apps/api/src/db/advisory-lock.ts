/**
 * PostgreSQL session advisory locks (issue 19 "migrations run under a PostgreSQL advisory lock so N processes
 * may start together"; ADRs 0110, 0111): one connection of its own holds `pg_advisory_lock(key)` while `fn`
 * runs, so start-up steps that must not interleave (migrations, the job queues' creation) run one process at
 * a time; the others wait, then find the work done.
 */
import pg from 'pg';

/** Lock keys (64-bit integers; one per start-up step). */
export const LOCKS = {
  migrations: 7_319_411_001n,
  jobQueues: 7_319_411_002n,
  seed: 7_319_411_003n,
} as const;

/**
 * Run `fn` while holding the session advisory lock `key` on the database of `url` (waiting for it).
 * The lock is released, and the connection closed, whatever `fn` does. @throws what `fn` or pg throws.
 */
export async function withAdvisoryLock<T>(url: string, key: bigint, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'wasiat-start' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key.toString()]);
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key.toString()]);
    }
  } finally {
    await client.end();
  }
}
