/**
 * The ONE place where the job runner is chosen (issue 19; ADR 0110): the pg-boss queue on PostgreSQL
 * (jobs/queue.ts), the in-process timer on the embedded PGlite (jobs/scheduler.ts `startTimer`) or when
 * `JOB_RUNNER=timer`. The registered jobs (jobs/scheduler.ts `registerJob`) are the same for both.
 */
import type { Ctx } from '../../context.ts';
import { startQueue } from './queue.ts';
import { type JobLog, type JobRunner, startTimer } from './scheduler.ts';

/** Which runner a process uses: `queue` needs a PostgreSQL URL. */
export function runnerKind(env: Ctx['env'], database: 'pglite' | 'postgres'): 'queue' | 'timer' {
  return database === 'postgres' && env.DATABASE_URL && env.JOB_RUNNER === 'auto' ? 'queue' : 'timer';
}

/** Start the chosen runner for every registered job (call after the app registered its modules). */
export async function startJobRunner(ctx: Ctx, database: 'pglite' | 'postgres', log: JobLog): Promise<JobRunner> {
  if (runnerKind(ctx.env, database) === 'queue') {
    return startQueue(ctx, log, { connectionString: ctx.env.DATABASE_URL as string });
  }
  return startTimer(ctx, log);
}
