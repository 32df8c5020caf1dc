/**
 * Scheduled jobs: the registry and the in-process timer (issue 4/5 "14-day window … by a scheduled job …
 * idempotent and survives a restart"; issue 7 receipt e-mail retries; issue 19; ADRs 0017, 0110).
 *
 * Registering a job is one call, made by a module when it registers its routes:
 *
 *     registerJob({ name: 'wills.review-reminders', everyMs: 24 * 3600_000, run: sendReviewReminders });
 *
 * Where the runs happen is chosen in ONE place, jobs/runner.ts: on PostgreSQL every registered job is a
 * pg-boss queue with a cron schedule (jobs/queue.ts: one run per due time across every process, retries with
 * backoff, a dead-letter record after the last failed attempt); on the embedded PGlite it is the timer below
 * (one process owns a PGlite folder). The job's own code is the same for both. `JOBS=0` turns both off (API
 * tests call {@link runJob} with a chosen clock).
 *
 * A job must be idempotent and keep all its state in the database: it selects what is due at `now`,
 * changes it with conditional updates (`… WHERE status = … RETURNING`) and records what it sent (e.g. a
 * unique row per reminder), so a second run — or a run after a restart or a crash — does nothing twice.
 */
import type { Ctx } from '../../context.ts';
import { job_dead_letters } from '../../db/schema/index.ts';

/** What one run did, for logs and tests: counts per outcome, e.g. `{ expired: 2, reminded: 5 }`. */
export type JobResult = Record<string, number>;

/** Retries of a failed run: `limit` more attempts, the n-th after `delaySeconds × 2^(n−1)` (backoff). */
export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
}

/** Default retries: 3 more attempts after 30 s, 60 s, 120 s. */
export const DEFAULT_RETRY: RetryPolicy = { limit: 3, delaySeconds: 30 };

export interface Job {
  /** Unique name, e.g. `amendments.expiry` (letters, digits, `.`, `-`, `_`). */
  name: string;
  /**
   * Interval between runs in milliseconds. On the queue it becomes a cron schedule, so it must be a whole
   * number of minutes dividing an hour, or of hours dividing a day (1, 5, 15 min; 1, 6, 24 h …).
   */
  everyMs: number;
  /** Retries of a failed run (default {@link DEFAULT_RETRY}). */
  retry?: RetryPolicy;
  /** Do what is due at `now`. Must be idempotent (see the module comment). `data`: what it was sent with. */
  run(ctx: Ctx, now: Date, data?: Record<string, unknown>): Promise<JobResult>;
}

const jobs = new Map<string, Job>();

/** Register a job (idempotent: the latest registration for a name wins). @throws Error on a bad name. */
export function registerJob(job: Job) {
  if (!/^[A-Za-z0-9._-]+$/.test(job.name)) throw new Error(`bad job name ${job.name}`);
  jobs.set(job.name, job);
}

/** The registered jobs' names. */
export const jobNames = () => [...jobs.keys()];

/** The registered jobs. */
export const registeredJobs = () => [...jobs.values()];

/** The registered job of that name. @throws Error when none is. */
export function jobNamed(name: string): Job {
  const job = jobs.get(name);
  if (!job) throw new Error(`No job named ${name}`);
  return job;
}

/**
 * Run one registered job now (tests pass their own clock).
 * @throws Error when no job of that name is registered; whatever the job throws.
 */
export async function runJob(ctx: Ctx, name: string, now = new Date()): Promise<JobResult> {
  return jobNamed(name).run(ctx, now);
}

/** Delay before retry `n` (1-based) in milliseconds: `delaySeconds × 2^(n−1)`. */
export const retryDelayMs = (policy: RetryPolicy, n: number) => policy.delaySeconds * 1000 * 2 ** (n - 1);

/** The message kept of an error: its message only (no stack), 2,000 characters at most. */
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

/** Record a run that failed its last attempt (ADR 0110): a row of `job_dead_letters`, listed to staff. */
export async function recordDeadLetter(
  ctx: Ctx,
  f: { job: string; attempts: number; error: unknown; queueJobId?: string; data?: Record<string, unknown> },
) {
  await ctx.db.insert(job_dead_letters).values({
    job_name: f.job,
    attempts: f.attempts,
    error: errorText(f.error),
    queue_job_id: f.queueJobId ?? null,
    data: f.data ?? {},
  });
}

/** A started runner (timer or queue): see jobs/runner.ts. */
export interface JobRunner {
  kind: 'timer' | 'queue';
  /**
   * Run job `name` once, `startAfterSeconds` from now (default at once), with `data`. Queue: one run across
   * every process; @returns the queue's job id (timer: a local id).
   */
  enqueue(name: string, opts?: { startAfterSeconds?: number; data?: Record<string, unknown> }): Promise<string>;
  /** Stop starting runs and wait (up to `timeoutMs`) for the runs in progress. */
  stop(timeoutMs?: number): Promise<void>;
}

export type JobLog = (msg: string, err?: unknown) => void;

/**
 * The in-process timer (PGlite; ADR 0017, 0110): every registered job runs after `initialDelayMs` and then
 * every `everyMs`; a run still in progress (or waiting for a retry) makes the next tick skip. A failed run
 * is retried with backoff ({@link Job.retry}); after the last attempt a dead-letter record is written.
 * Errors are logged, never thrown.
 */
export function startTimer(ctx: Ctx, log: JobLog, initialDelayMs = 5_000): JobRunner {
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  let seq = 0;
  const later = (fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms).unref();
    timers.add(t);
  };

  /** One run with its retries; resolves when it succeeded or was dead-lettered. */
  const runWithRetries = (job: Job, id: string, data: Record<string, unknown>) =>
    new Promise<void>((done) => {
      const policy = job.retry ?? DEFAULT_RETRY;
      const attempt = async (n: number) => {
        if (stopped) return done();
        const p = job.run(ctx, new Date(), data);
        inFlight.add(p);
        try {
          const result = await p;
          log(`job ${job.name} ran (${id}): ${JSON.stringify(result)}`);
          done();
        } catch (err) {
          log(`job ${job.name} failed (attempt ${n} of ${policy.limit + 1})`, err);
          if (n <= policy.limit && !stopped) {
            later(() => void attempt(n + 1), retryDelayMs(policy, n));
            return;
          }
          await recordDeadLetter(ctx, { job: job.name, attempts: n, error: err, data }).catch((e) =>
            log(`job ${job.name}: dead letter not recorded`, e),
          );
          done();
        } finally {
          inFlight.delete(p);
        }
      };
      void attempt(1);
    });

  const intervals: NodeJS.Timeout[] = [];
  for (const job of jobs.values()) {
    let running = false;
    const tick = async () => {
      if (running || stopped) return;
      running = true;
      try {
        seq += 1;
        await runWithRetries(job, `timer-${seq}`, {});
      } finally {
        running = false;
      }
    };
    later(() => void tick(), initialDelayMs);
    intervals.push(setInterval(tick, job.everyMs).unref());
  }
  return {
    kind: 'timer',
    async enqueue(name, opts = {}) {
      const job = jobNamed(name);
      seq += 1;
      const id = `timer-${seq}`;
      later(() => void runWithRetries(job, id, opts.data ?? {}), (opts.startAfterSeconds ?? 0) * 1000);
      return id;
    },
    async stop(timeoutMs = 10_000) {
      stopped = true;
      for (const t of intervals) clearInterval(t);
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
    },
  };
}
