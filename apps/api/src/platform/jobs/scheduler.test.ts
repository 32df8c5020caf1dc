/**
 * The job registry and the in-process timer (jobs/scheduler.ts, ADRs 0017, 0110): named jobs, a chosen
 * clock, no overlapping runs, retries with backoff, a dead-letter record after the last attempt.
 * The pg-boss queue is tested on PostgreSQL in apps/api/test/system/job-queue.test.ts and cluster.test.ts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { job_dead_letters } from '../../db/schema/index.ts';
import { runnerKind } from './runner.ts';
import { jobNames, registerJob, retryDelayMs, runJob, startTimer } from './scheduler.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('jobs', () => {
  it('runs a registered job with the clock the caller gives, and refuses an unknown name', async () => {
    const seen: Date[] = [];
    registerJob({
      name: 'test.clock',
      everyMs: 60_000,
      run: async (_ctx, now) => {
        seen.push(now);
        return { ran: 1 };
      },
    });
    expect(jobNames()).toContain('test.clock');
    const when = new Date('2026-12-01T00:00:00Z');
    expect(await runJob(t.ctx, 'test.clock', when)).toEqual({ ran: 1 });
    expect(seen).toEqual([when]);
    await expect(runJob(t.ctx, 'test.nope')).rejects.toThrow('No job named test.nope');
    expect(() => registerJob({ name: 'bad name', everyMs: 60_000, run: async () => ({}) })).toThrow('bad job name');
  });

  it('chooses the queue on PostgreSQL and the timer on PGlite or when JOB_RUNNER=timer', () => {
    const env = { ...t.ctx.env, DATABASE_URL: 'postgres://x/y', JOB_RUNNER: 'auto' as const };
    expect(runnerKind(env, 'postgres')).toBe('queue');
    expect(runnerKind({ ...env, JOB_RUNNER: 'timer' }, 'postgres')).toBe('timer');
    expect(runnerKind({ ...env, DATABASE_URL: undefined }, 'pglite')).toBe('timer');
  });

  it('backs off exponentially', () => {
    expect([1, 2, 3].map((n) => retryDelayMs({ limit: 3, delaySeconds: 30 }, n))).toEqual([30_000, 60_000, 120_000]);
  });

  it('timer: never overlaps a slow run, retries a failure, logs it, and stop() ends the timers', async () => {
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    registerJob({
      name: 'test.slow',
      everyMs: 10,
      retry: { limit: 1, delaySeconds: 0.05 },
      run: async () => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        runs += 1;
        await sleep(60);
        active -= 1;
        if (runs === 2) throw new Error('boom');
        return { runs };
      },
    });
    const logs: string[] = [];
    const timer = startTimer(t.ctx, (msg) => logs.push(msg), 0);
    // Three runs of 60 ms on a 10 ms timer (waited for, not timed: a loaded CI machine is slow); the second
    // fails and its retry is the third.
    await expect.poll(() => runs, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await timer.stop();
    const after = runs;
    await sleep(100);
    expect(maxActive).toBe(1);
    expect(logs).toContain('job test.slow failed (attempt 1 of 2)');
    expect(logs.some((l) => l.startsWith('job test.slow ran (timer-') && l.endsWith('{"runs":3}'))).toBe(true);
    expect(runs).toBe(after); // stop() waited for the run in flight; nothing started after
  });

  it('timer: a run failing every attempt ends in one dead-letter record; enqueue runs a job once', async () => {
    let attempts = 0;
    registerJob({
      name: 'test.always-fails',
      everyMs: 3600_000,
      retry: { limit: 2, delaySeconds: 0.02 },
      run: async () => {
        attempts += 1;
        throw new Error(`broken ${attempts}`);
      },
    });
    let once = 0;
    registerJob({
      name: 'test.once',
      everyMs: 3600_000,
      run: async (_c, _now, data) => {
        once += Number(data?.add ?? 0);
        return { once };
      },
    });
    const timer = startTimer(t.ctx, () => {}, 3600_000);
    await timer.enqueue('test.once', { data: { add: 5 } });
    const id = await timer.enqueue('test.always-fails', { startAfterSeconds: 0.01 });
    expect(id).toMatch(/^timer-\d+$/);
    await expect
      .poll(async () =>
        (await t.ctx.db.select().from(job_dead_letters)).filter((r) => r.job_name === 'test.always-fails'),
      )
      .toEqual([expect.objectContaining({ attempts: 3, error: 'broken 3', queue_job_id: null })]);
    expect(attempts).toBe(3);
    expect(once).toBe(5);
    await timer.stop();
    await expect(timer.enqueue('test.nope')).rejects.toThrow('No job named test.nope');
  });
});
