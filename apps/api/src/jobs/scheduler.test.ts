/** The job scheduler (jobs/scheduler.ts, ADR 0017): named jobs, a chosen clock, no overlapping runs. */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/harness.ts';
import { jobNames, registerJob, runJob, startJobs } from './scheduler.ts';

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
  });

  it('starts timers that never overlap a slow run, logs failures, and stop() ends them', async () => {
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    registerJob({
      name: 'test.slow',
      everyMs: 10,
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
    const stop = startJobs(t.ctx, (msg) => logs.push(msg), 0);
    // Three runs of 60 ms on a 10 ms timer (waited for, not timed: a loaded CI machine is slow); the second fails.
    await expect.poll(() => runs, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    stop();
    const after = runs;
    await sleep(100);
    expect(maxActive).toBe(1);
    expect(logs).toContain('job test.slow failed');
    expect(runs - after).toBeLessThanOrEqual(1); // at most the run already in flight finishes
  });
});
