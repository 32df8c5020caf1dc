/**
 * Scheduled and retried jobs (issue 19 "failures end in a dead-letter record that staff can see"; ADR 0110):
 * one row per run that failed its last attempt, written by the job runner (pg-boss queue or timer alike).
 */
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, tz } from './_common.ts';

export const job_dead_letters = pgTable(
  'job_dead_letters',
  {
    id: idColumn(),
    /** The registered job's name, e.g. `amendments.window`. */
    job_name: text('job_name').notNull(),
    /** The queue's job id (pg-boss) or null (timer). */
    queue_job_id: text('queue_job_id'),
    /** Attempts made, the first included. */
    attempts: integer('attempts').notNull(),
    /** The last error's message (no stack: it may name files of the server). */
    error: text('error').notNull(),
    /** The job's data (what it was sent with; `{}` for a scheduled run). */
    data: jsonb('data').notNull().default({}),
    failed_at: tz('failed_at').notNull().defaultNow(),
  },
  (t) => [index('job_dead_letters_failed_idx').on(t.failed_at)],
);
