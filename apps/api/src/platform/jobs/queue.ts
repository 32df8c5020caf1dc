/**
 * The PostgreSQL job queue (issue 19 "every scheduled and retried job on pg-boss"; ADR 0110): pg-boss 10
 * in the schema `pgboss` of the application's database.
 *
 * Each registered job (jobs/scheduler.ts) becomes a queue of the same name with a cron schedule made from
 * its `everyMs`; pg-boss sends each due time's job once, whatever the number of processes, and one worker
 * of one process takes it (`FOR UPDATE SKIP LOCKED`). A failed run is retried `retry.limit` times with
 * exponential backoff; the last failure writes a `job_dead_letters` row (scheduler.ts) and leaves the
 * pg-boss job `failed`. A process's start also sends one run per job, made unique per 5 minutes so N
 * processes starting together send one (the timer's "run once shortly after start").
 */
import PgBoss from 'pg-boss';
import type { Ctx } from '../../context.ts';
import { LOCKS, withAdvisoryLock } from '../../db/advisory-lock.ts';
import { DEFAULT_RETRY, type JobLog, type JobRunner, recordDeadLetter, registeredJobs } from './scheduler.ts';

/** The cron expression of an interval (whole minutes dividing an hour, or hours dividing a day). */
export function cronOf(everyMs: number): string {
  const minutes = everyMs / 60_000;
  if (Number.isInteger(minutes) && minutes >= 1 && minutes < 60 && 60 % minutes === 0) {
    return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  }
  const hours = minutes / 60;
  if (Number.isInteger(hours) && hours >= 1 && hours <= 24 && 24 % hours === 0) {
    return hours === 24 ? '0 0 * * *' : `0 */${hours} * * *`;
  }
  throw new Error(`interval ${everyMs} ms has no cron schedule (see jobs/scheduler.ts Job.everyMs)`);
}

export interface QueueOptions {
  /** postgres://… of the application's database. */
  connectionString: string;
  /** How often an idle worker looks for work (seconds, ≥ 0.5; default 2). */
  pollingIntervalSeconds?: number;
  /** Send each job once at start (default true). */
  runAtStart?: boolean;
}

/**
 * Start pg-boss (creating or upgrading its schema under its own advisory lock), create a queue and a
 * schedule per registered job, and a worker per queue in this process.
 * @throws whatever pg-boss throws when the database is unreachable.
 */
export async function startQueue(ctx: Ctx, log: JobLog, opts: QueueOptions): Promise<JobRunner> {
  const boss = new PgBoss({ connectionString: opts.connectionString, max: 4, application_name: 'wasiat-jobs' });
  boss.on('error', (err) => log('job queue error', err));
  await boss.start();
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 2;
  // Queues and schedules are created one process at a time (concurrent partition creation deadlocks).
  await withAdvisoryLock(opts.connectionString, LOCKS.jobQueues, async () => {
    for (const job of registeredJobs()) {
      const retry = job.retry ?? DEFAULT_RETRY;
      const queue = {
        name: job.name,
        policy: 'standard' as const,
        retryLimit: retry.limit,
        retryDelay: Math.ceil(retry.delaySeconds), // whole seconds on the queue
        retryBackoff: true,
        expireInSeconds: 15 * 60,
      };
      await boss.createQueue(job.name, queue);
      await boss.updateQueue(job.name, queue);
      await boss.schedule(job.name, cronOf(job.everyMs), {}, { tz: 'UTC' });
    }
  });
  for (const job of registeredJobs()) {
    await boss.work<Record<string, unknown>>(
      job.name,
      { includeMetadata: true, pollingIntervalSeconds, batchSize: 1 },
      async ([j]) => {
        // Logs name a job by the first 8 characters of its id (a whole UUID is masked as token-like).
        const short = j.id.slice(0, 8);
        try {
          const result = await job.run(ctx, new Date(), j.data ?? {});
          log(`job ${job.name} ran (${short}): ${JSON.stringify(result)}`);
          return result;
        } catch (err) {
          const attempts = j.retryCount + 1;
          log(`job ${job.name} failed (attempt ${attempts} of ${j.retryLimit + 1}; ${short})`, err);
          if (j.retryCount >= j.retryLimit) {
            await recordDeadLetter(ctx, { job: job.name, attempts, error: err, queueJobId: j.id, data: j.data });
          }
          throw err;
        }
      },
    );
    if (opts.runAtStart !== false) {
      await boss.send(job.name, {}, { singletonKey: `${job.name}:start`, singletonMinutes: 5 });
    }
  }
  return {
    kind: 'queue',
    async enqueue(name, o = {}) {
      const id = await boss.send(name, o.data ?? {}, o.startAfterSeconds ? { startAfter: o.startAfterSeconds } : {});
      if (!id) throw new Error(`job ${name} not sent`);
      return id;
    },
    async stop(timeoutMs = 10_000) {
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: true });
    },
  };
}
