/**
 * The daily job `wills.review-reminders` (issue 17 item 17; ADR 0174): e-mail each testator with a
 * registered will on the anniversary of its registration, and when an heir of the will turns 18, inviting
 * a review or an amendment (rules: packages/domain/src/reminders.ts). Runs on the job runner of
 * jobs/runner.ts (pg-boss on PostgreSQL, the timer on PGlite), once a day at 00:00 UTC = 08:00 in Kuala Lumpur.
 *
 * Idempotent, state in the database (jobs/scheduler.ts): each reminder is first CLAIMED by an upsert into
 * `review_reminders` (unique on will, kind, occasion) that succeeds only for a new occasion or for a claim
 * whose mail was not sent and is older than {@link CLAIM_MS}; only the run holding the claim sends, and
 * `sent_at` marks it done. A second run — on another process, after a restart or a crash — sends nothing
 * twice; a failed mail is tried again on a later run while the reminder is within its window.
 */
import {
  adultBirthPrefixes,
  anniversaryMonthDays,
  type DueReminder,
  heirAdultReminderDue,
  WILL_STATUS,
  yearlyReminderDue,
} from '@wasiat/domain';
import { and, eq, inArray, isNotNull, isNull, not, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { newId } from '../../db/schema/_common.ts';
import { heirs, review_reminder_settings, review_reminders, users, wills } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { registerJob } from '../../platform/jobs/scheduler.ts';
import { ownerDeceasedSql } from '../instruments/index.ts';
import { reminderMail } from './mail.ts';

/** Name of the job (jobs/scheduler.ts). */
export const REVIEW_REMINDERS_JOB = 'wills.review-reminders';
/** How long an unsent claim holds before another run may take it (a crashed run's reminder is retried). */
export const CLAIM_MS = 15 * 60_000;

/** What one run did. */
export interface ReminderRunResult {
  [k: string]: number;
  yearly: number;
  heir_adult: number;
  failed: number;
}

/** A registered will of a testator who has not turned reminders off, with the testator's address. */
function dueWills(ctx: Ctx) {
  return ctx.db
    .select({
      id: wills.id,
      user_id: wills.user_id,
      wasiat_no: wills.wasiat_no,
      registered_at: wills.registered_at,
      email: users.email,
      name: users.name,
      language: review_reminder_settings.language,
    })
    .from(wills)
    .innerJoin(users, eq(users.id, wills.user_id))
    .leftJoin(review_reminder_settings, eq(review_reminder_settings.user_id, wills.user_id));
}
const remindable = and(
  eq(wills.status, WILL_STATUS.registered),
  isNull(wills.deleted_at),
  isNotNull(wills.registered_at),
  or(isNull(review_reminder_settings.enabled), eq(review_reminder_settings.enabled, true)),
  // A testator whose death has been verified is reminded no more (issue 40 item 1; ADR 0261).
  not(ownerDeceasedSql(wills.user_id)),
);
type DueWill = Awaited<ReturnType<ReturnType<typeof dueWills>['where']>>[number];

/**
 * Claim one reminder: insert its row, or take an unsent claim older than {@link CLAIM_MS}.
 * @returns the row's id when this run holds the claim, else null (sent, or being sent by another run).
 */
async function claim(ctx: Ctx, w: DueWill, due: DueReminder, now: Date): Promise<string | null> {
  const [row] = await ctx.db
    .insert(review_reminders)
    .values({
      id: newId(),
      wasiat_id: w.id,
      user_id: w.user_id,
      kind: due.kind,
      occasion: due.occasion,
      due_on: due.dueOn,
      email: w.email,
      claimed_at: now,
    })
    .onConflictDoUpdate({
      target: [review_reminders.wasiat_id, review_reminders.kind, review_reminders.occasion],
      set: {
        claimed_at: now,
        email: w.email,
        attempts: sql`${review_reminders.attempts} + 1`,
        updated_at: now,
      },
      setWhere: and(
        isNull(review_reminders.sent_at),
        sql`${review_reminders.claimed_at} < ${new Date(now.getTime() - CLAIM_MS)}`,
      ),
    })
    .returning({ id: review_reminders.id });
  return row?.id ?? null;
}

/** Send one claimed reminder; records the outcome (and audits a sent one on the will). @returns whether sent. */
async function deliver(ctx: Ctx, id: string, w: DueWill, due: DueReminder, heirName: string | null, now: Date) {
  let error: string | null = null;
  try {
    if (!w.email) throw new Error('no e-mail address');
    await ctx.mailer.send(
      reminderMail(ctx, {
        to: w.email,
        userId: w.user_id,
        willId: w.id,
        wasiatNo: w.wasiat_no ?? '',
        name: w.name,
        language: w.language === 'en' ? 'en' : 'ms',
        kind: due.kind,
        registeredAt: w.registered_at as Date,
        dueOn: due.dueOn,
        heirName,
      }),
    );
  } catch (err) {
    error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(review_reminders)
      .set(error ? { error, updated_at: now } : { sent_at: now, error: null, updated_at: now })
      .where(eq(review_reminders.id, id));
    if (!error) {
      await recordAudit(tx as never, {
        actorId: null,
        action: due.kind === 'yearly' ? 'reminder.yearly_sent' : 'reminder.heir_adult_sent',
        entityType: 'Wasiat',
        entityId: w.id,
        after: { due_on: due.dueOn, email: w.email, sent_at: now.toISOString() },
      });
    }
  });
  return !error;
}

/**
 * One run at `now`: `{ yearly, heir_adult, failed }` — reminders sent of each kind, and mails that failed
 * (tried again by a later run within the window).
 */
export async function runReviewReminders(ctx: Ctx, now: Date): Promise<ReminderRunResult> {
  const out: ReminderRunResult = { yearly: 0, heir_adult: 0, failed: 0 };
  // Yearly: wills whose registration's month and day (Kuala Lumpur) fall in the window, checked exactly.
  const yearly = await dueWills(ctx).where(
    and(
      remindable,
      inArray(
        sql<string>`to_char(${wills.registered_at} AT TIME ZONE 'Asia/Kuala_Lumpur', 'MM-DD')`,
        anniversaryMonthDays(now),
      ),
    ),
  );
  for (const w of yearly) {
    const due = yearlyReminderDue(w.registered_at as Date, now);
    if (!due) continue;
    const id = await claim(ctx, w, due, now);
    if (id) out[(await deliver(ctx, id, w, due, null, now)) ? 'yearly' : 'failed']++;
  }
  // Heirs turning 18: heirs of registered wills whose MyKad date is 18 years before a day of the window.
  const heirRows = await ctx.db
    .select({ ic: heirs.ic_number, heir: heirs.name, willId: wills.id })
    .from(heirs)
    .innerJoin(wills, and(eq(heirs.heirable_type, 'Wasiat'), eq(heirs.heirable_id, wills.id)))
    .leftJoin(review_reminder_settings, eq(review_reminder_settings.user_id, wills.user_id))
    .where(and(remindable, inArray(sql<string>`substring(${heirs.ic_number} from 1 for 6)`, adultBirthPrefixes(now))));
  const willsById = new Map<string, DueWill>();
  for (const h of heirRows) {
    const base = willsById.get(h.willId) ?? (await dueWills(ctx).where(eq(wills.id, h.willId)))[0];
    willsById.set(h.willId, base);
    const due = heirAdultReminderDue(h.ic, base.registered_at as Date, now);
    if (!due) continue;
    const id = await claim(ctx, base, due, now);
    if (id) out[(await deliver(ctx, id, base, due, h.heir, now)) ? 'heir_adult' : 'failed']++;
  }
  return out;
}

/** Register the job: daily (00:00 UTC on the queue = 08:00 in Kuala Lumpur). */
export function registerReviewReminderJob() {
  registerJob({ name: REVIEW_REMINDERS_JOB, everyMs: 24 * 3600_000, run: runReviewReminders });
}
