/** The `notices.deliver` job: every minute, the notices a failed mail or a dead process left unsent (deliver.ts). */
import { registerJob } from '../../platform/jobs/scheduler.ts';
import { deliverNotices } from './deliver.ts';

export const NOTICES_DELIVER_JOB = 'notices.deliver';

/** Registers the job (idempotent: the scheduler keeps one job per name). */
export function registerNoticeJobs(): void {
  registerJob({ name: NOTICES_DELIVER_JOB, everyMs: 60_000, run: (ctx, now) => deliverNotices(ctx, undefined, now) });
}
