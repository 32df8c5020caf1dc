/**
 * Scheduled jobs (issue 4/5 "14-day window … by a scheduled job … idempotent and survives a restart";
 * issue 7 receipt e-mail retries; ADR 0017).
 *
 * A module registers a job with {@link registerJob} when it registers its routes. The server process runs
 * every job once shortly after start and then every `everyMs` (no overlapping runs of the same job);
 * `JOBS=0` turns the timer off (e.g. in API tests, which call {@link runJob} with a chosen clock).
 *
 * A job must be idempotent and keep all its state in the database: it selects what is due at `now`,
 * changes it with conditional updates (`… WHERE status = … RETURNING`) and records what it sent (e.g. a
 * unique row per reminder), so a second run — or a run after a restart or a crash — does nothing twice.
 */
import type { Ctx } from '../context.ts';

/** What one run did, for logs and tests: counts per outcome, e.g. `{ expired: 2, reminded: 5 }`. */
export type JobResult = Record<string, number>;

export interface Job {
  /** Unique name, e.g. `amendments.expiry`. */
  name: string;
  /** Interval between runs in milliseconds. */
  everyMs: number;
  /** Do what is due at `now`. Must be idempotent (see the module comment). */
  run(ctx: Ctx, now: Date): Promise<JobResult>;
}

const jobs = new Map<string, Job>();

/** Register a job (idempotent: the latest registration for a name wins). */
export function registerJob(job: Job) {
  jobs.set(job.name, job);
}

/** The registered jobs' names. */
export const jobNames = () => [...jobs.keys()];

/**
 * Run one registered job now (tests pass their own clock).
 * @throws Error when no job of that name is registered.
 */
export async function runJob(ctx: Ctx, name: string, now = new Date()): Promise<JobResult> {
  const job = jobs.get(name);
  if (!job) throw new Error(`No job named ${name}`);
  return job.run(ctx, now);
}

/**
 * Start the timers of every registered job (server process only). Each job runs after `initialDelayMs`
 * and then every `everyMs`; a run still in progress makes the next tick skip. Errors are logged, never
 * thrown. @returns a function that stops the timers.
 */
export function startJobs(ctx: Ctx, log: (msg: string, err?: unknown) => void, initialDelayMs = 5_000): () => void {
  const timers: NodeJS.Timeout[] = [];
  for (const job of jobs.values()) {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        const result = await job.run(ctx, new Date());
        if (Object.values(result).some((n) => n > 0)) log(`job ${job.name}: ${JSON.stringify(result)}`);
      } catch (err) {
        log(`job ${job.name} failed`, err);
      } finally {
        running = false;
      }
    };
    timers.push(setTimeout(tick, initialDelayMs).unref());
    timers.push(setInterval(tick, job.everyMs).unref());
  }
  return () => {
    for (const t of timers) clearTimeout(t);
  };
}
