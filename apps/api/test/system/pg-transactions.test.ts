/**
 * Transactions hand their pool client back on every path (issue 35 item 1; ADR 0247; db/pg-transactions.ts), on
 * the machine's PostgreSQL, with a pool of ONE connection so that a single lost client stops everything:
 * - a `BEGIN` that fails (drizzle 0.45 runs it outside its try/finally and never releases the client);
 * - a connection terminated inside a transaction (the statement and the `ROLLBACK` both fail): the caller gets
 *   the statement's error, the dead client is destroyed, and the next query gets a fresh connection.
 * Each case is also run on drizzle's own `transaction` to show the fault the wrapper removes.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { releasingTransactions } from '../../src/db/pg-transactions.ts';

const URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pools: pg.Pool[] = [];

/** A drizzle database on a one-connection pool that fails a checkout after 1.5 s. */
function oneConnection(fixed: boolean) {
  const pool = new pg.Pool({ connectionString: URL, max: 1, connectionTimeoutMillis: 1500 });
  pool.on('error', () => undefined);
  pool.on('connect', (c) => c.on('error', () => undefined));
  pools.push(pool);
  const db = drizzle(pool);
  return { pool, db: fixed ? releasingTransactions(db, pool) : db };
}

/** Whether a plain query still gets a connection. */
const serves = (db: ReturnType<typeof drizzle>) =>
  db.execute(sql`select 1 as one`).then(
    () => true,
    () => false,
  );

afterAll(async () => {
  for (const p of pools) await Promise.race([p.end(), new Promise((r) => setTimeout(r, 2000))]);
});

describe('a transaction on a pool of one connection', () => {
  it('whose BEGIN fails leaves the pool serving', async () => {
    const seen: string[] = [];
    for (const fixed of [false, true]) {
      const { db, pool } = oneConnection(fixed);
      const begin = await db
        .transaction(async () => 'ran', { isolationLevel: 'not a level' as never })
        .then(
          () => 'committed',
          (e: Error) => String((e as { cause?: Error }).cause?.message ?? e.message),
        );
      const after = await serves(db);
      seen.push(
        `${fixed ? 'releasing' : 'drizzle'}: BEGIN → ${begin.slice(0, 40)}; then ${after ? 'serves' : 'no connection'}; checked out ${pool.totalCount - pool.idleCount}`,
      );
      expect(begin).toMatch(/syntax error/);
      if (fixed) expect(after).toBe(true);
      else expect(after).toBe(false);
    }
    console.log(`pg transactions:\n  ${seen.join('\n  ')}`);
  });

  it('whose connection is terminated fails with the cause and the next query gets a new connection', async () => {
    const { db } = oneConnection(true);
    const killer = new pg.Client({ connectionString: URL });
    await killer.connect();
    let pid = 0;
    const outcome = await db
      .transaction(async (tx) => {
        pid = ((await tx.execute(sql`select pg_backend_pid() as pid`)).rows[0] as { pid: number }).pid;
        await killer.query('select pg_terminate_backend($1)', [pid]);
        await tx.execute(sql`select 1`);
        return 'committed';
      })
      .then(
        (v) => v,
        (e: Error) => String((e as { cause?: Error }).cause?.message ?? e.message),
      );
    await killer.end();
    const next = (await db.execute(sql`select pg_backend_pid() as pid`)).rows[0] as { pid: number };
    console.log(
      `pg transactions: terminated inside → "${outcome.slice(0, 60)}"; next query on backend ${next.pid} (was ${pid})`,
    );
    expect(outcome).not.toBe('committed');
    expect(outcome).not.toMatch(/rollback/i);
    expect(next.pid).not.toBe(pid);
  });
});
