/**
 * The pg-boss job queue on PostgreSQL (issue 19 "a job due once runs once across N processes, retries with
 * backoff, failures end in a dead-letter record"; ADR 0110). Two runners (each its own pg-boss and pool, as
 * two processes have) on one fresh database created on postgres://postgres@127.0.0.1:5432 and dropped after.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../src/context.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { job_dead_letters } from '../../src/db/schema/index.ts';
import { cronOf, startQueue } from '../../src/platform/jobs/queue.ts';
import { type JobRunner, registerJob } from '../../src/platform/jobs/scheduler.ts';

const PG_SERVER = 'postgres://postgres@127.0.0.1:5432';
const dbName = `jobq_${randomBytes(5).toString('hex')}`;
const dbUrl = `${PG_SERVER}/${dbName}`;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

let database: Database;
let ctx: Ctx;
const runners: JobRunner[] = [];
/** What each runner logged: `logs[0]`, `logs[1]`. */
const logs: string[][] = [[], []];
/** When each attempt of `test.fails` started (ms). */
const failedAt: number[] = [];
let counted = 0;

beforeAll(async () => {
  await admin(`CREATE DATABASE ${dbName}`);
  database = await openDatabase({ url: dbUrl, max: 2 });
  ctx = { db: database.db } as Ctx;
  registerJob({
    name: 'test.count',
    everyMs: 3600_000,
    run: async () => {
      counted += 1;
      return { counted: 1 };
    },
  });
  registerJob({
    name: 'test.fails',
    everyMs: 3600_000,
    retry: { limit: 2, delaySeconds: 1 },
    run: async (_c, _now, data) => {
      if (data?.why !== 'test') throw new Error('the start run fails too');
      failedAt.push(Date.now());
      throw new Error(`broken on attempt ${failedAt.length}`);
    },
  });
  // Two "processes" start together: pg-boss creates its schema once under its advisory lock.
  runners.push(
    ...(await Promise.all(
      [0, 1].map((i) =>
        startQueue(ctx, (m) => logs[i].push(m), {
          connectionString: dbUrl,
          pollingIntervalSeconds: 0.5,
          runAtStart: true,
        }),
      ),
    )),
  );
});

afterAll(async () => {
  for (const r of runners) await r.stop(5000);
  await database?.close();
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

const ranLines = (id: string) => logs.flat().filter((l) => l.includes(`(${id.slice(0, 8)})`) && l.includes(' ran '));

describe('job queue (pg-boss on PostgreSQL)', () => {
  it('makes cron schedules of the intervals', () => {
    expect(cronOf(60_000)).toBe('* * * * *');
    expect(cronOf(15 * 60_000)).toBe('*/15 * * * *');
    expect(cronOf(3600_000)).toBe('0 */1 * * *');
    expect(cronOf(24 * 3600_000)).toBe('0 0 * * *');
    expect(() => cronOf(7 * 60_000)).toThrow('has no cron schedule');
  });

  it('runs each job due once exactly once across two runners, and the start run once for both', async () => {
    const ids = await Promise.all(
      Array.from({ length: 8 }, (_, i) => runners[i % 2].enqueue('test.count', { startAfterSeconds: 1 })),
    );
    await expect
      .poll(() => ids.filter((id) => ranLines(id).length > 0).length, { timeout: 30_000, interval: 200 })
      .toBe(8);
    for (const id of ids) expect(ranLines(id), id).toHaveLength(1);
    // Both runners sent a start run; the singleton key made it one job.
    const { rows } = await database.db.$client.query(
      `select count(*)::int as n from pgboss.job where name = 'test.count' and singleton_key = 'test.count:start'`,
    );
    expect(rows[0].n).toBe(1);
    await expect.poll(() => counted, { timeout: 15_000 }).toBe(9);
    console.log(
      `job queue: 8 jobs due once + 1 start run → ${counted} runs (runner 1: ${logs[0].filter((l) => l.includes('ran')).length}, runner 2: ${logs[1].filter((l) => l.includes('ran')).length})`,
    );
  });

  it('retries a failing job with backoff, then writes one dead-letter record and leaves the job failed', async () => {
    failedAt.length = 0;
    const id = await runners[0].enqueue('test.fails', { data: { why: 'test' } });
    await expect
      .poll(
        async () => (await database.db.select().from(job_dead_letters)).filter((r) => r.queue_job_id === id).length,
        { timeout: 60_000, interval: 250 },
      )
      .toBe(1);
    const [dead] = (await database.db.select().from(job_dead_letters)).filter((r) => r.queue_job_id === id);
    expect(dead).toMatchObject({ job_name: 'test.fails', attempts: 3, data: { why: 'test' } });
    expect(dead.error).toMatch(/^broken on attempt \d+$/);
    // The dead letter is written by the last attempt, before pg-boss marks the job failed: wait for that.
    await expect
      .poll(
        async () =>
          (await database.db.$client.query(`select state, retry_count from pgboss.job where id = $1`, [id])).rows[0],
        { timeout: 15_000, interval: 100 },
      )
      .toEqual({ state: 'failed', retry_count: 2 });
    // one line per attempt; the runners' logs are read one runner after the other, so not in time order
    expect(
      logs
        .flat()
        .filter((l) => l.includes(`; ${id.slice(0, 8)})`))
        .sort(),
    ).toEqual([
      `job test.fails failed (attempt 1 of 3; ${id.slice(0, 8)})`,
      `job test.fails failed (attempt 2 of 3; ${id.slice(0, 8)})`,
      `job test.fails failed (attempt 3 of 3; ${id.slice(0, 8)})`,
    ]);
    // Backoff: the 1st retry 1–2 s after the failure, the 2nd 2–4 s after (pg-boss adds jitter).
    expect(failedAt).toHaveLength(3);
    const gaps = [failedAt[1] - failedAt[0], failedAt[2] - failedAt[1]];
    console.log(`job queue: retries after ${gaps.join(' ms, ')} ms, then a dead letter`);
    expect(gaps[0]).toBeGreaterThanOrEqual(1000);
    expect(gaps[1]).toBeGreaterThanOrEqual(2000);
  });
});
