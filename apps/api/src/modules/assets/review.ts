/**
 * The daily job `assets.review-reminders` (issue 40 item 6 "the testator is reminded yearly to review it"; ADR
 * 0269), registered the way the will-review reminders are (reminders/job.ts; ADR 0174): each testator whose asset
 * map last changed a year ago (and each year after, until it changes: domain `assetReviewDue`, on Kuala Lumpur
 * calendar dates, within the reminders' catch-up window) gets one mail in Malay and English (mail.ts).
 *
 * Left out: a map with no live entry, a testator who turned review reminders off (`review_reminder_settings`, the
 * same setting and unsubscribe link as the will's reminders: ADR 0175), and a testator whose death has been
 * verified (instruments `ownerDeceasedSql`; ADR 0261). Idempotent with the state in the database: a reminder is
 * CLAIMED by an upsert into `asset_review_reminders` (unique on testator and occasion) that succeeds only for a new
 * occasion, or an unsent claim older than {@link CLAIM_MS}; `sent_at` marks it done.
 */
import { anniversaryMonthDays, assetReviewDue } from '@wasiat/domain';
import { and, eq, inArray, isNull, max, not, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/schema/_common.ts';
import { asset_review_reminders, assets, review_reminder_settings, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { registerJob } from '../../platform/jobs/scheduler.ts';
import { ownerDeceasedSql } from '../instruments/index.ts';
import { assetReviewMail } from './mail.ts';

/** Name of the job (jobs/scheduler.ts). */
export const ASSET_REVIEW_JOB = 'assets.review-reminders';
/** How long an unsent claim holds before another run may take it. */
const CLAIM_MS = 15 * 60_000;

const lastChange = max(assets.updated_at);

/** Testators whose map's last change falls on a month-day of the window (then checked exactly). */
function candidates(ctx: Ctx, now: Date) {
  return ctx.db
    .select({
      user_id: assets.user_id,
      last: lastChange,
      email: users.email,
      name: users.name,
      language: review_reminder_settings.language,
    })
    .from(assets)
    .innerJoin(users, eq(users.id, assets.user_id))
    .leftJoin(review_reminder_settings, eq(review_reminder_settings.user_id, assets.user_id))
    .where(
      and(
        or(isNull(review_reminder_settings.enabled), eq(review_reminder_settings.enabled, true)),
        not(ownerDeceasedSql(assets.user_id)),
      ),
    )
    .groupBy(assets.user_id, users.email, users.name, review_reminder_settings.language)
    .having(
      and(
        sql`bool_or(${assets.deleted_at} is null)`,
        inArray(
          sql<string>`to_char(${lastChange} AT TIME ZONE 'Asia/Kuala_Lumpur', 'MM-DD')`,
          anniversaryMonthDays(now),
        ),
      ),
    );
}

/** Claim one reminder. @returns the row's id when this run holds the claim, else null. */
async function claim(ctx: Ctx, userId: string, occasion: string, email: string | null, now: Date) {
  const [row] = await ctx.db
    .insert(asset_review_reminders)
    .values({ id: newId(), user_id: userId, occasion, email, claimed_at: now })
    .onConflictDoUpdate({
      target: [asset_review_reminders.user_id, asset_review_reminders.occasion],
      set: { claimed_at: now, email, attempts: sql`${asset_review_reminders.attempts} + 1`, updated_at: now },
      setWhere: and(
        isNull(asset_review_reminders.sent_at),
        sql`${asset_review_reminders.claimed_at} < ${new Date(now.getTime() - CLAIM_MS)}`,
      ),
    })
    .returning({ id: asset_review_reminders.id });
  return row?.id ?? null;
}

/**
 * One run at `now`: `{ sent, failed }` — reminders mailed, and mails that failed (tried again by a later run within
 * the window). A sent reminder is audited on the testator (`asset.review_sent`).
 */
export async function runAssetReviews(
  ctx: Ctx,
  now: Date,
): Promise<{ [k: string]: number; sent: number; failed: number }> {
  const out = { sent: 0, failed: 0 };
  for (const c of await candidates(ctx, now)) {
    if (!c.last) continue;
    const due = assetReviewDue(new Date(c.last), now);
    if (!due) continue;
    const id = await claim(ctx, c.user_id, due.occasion, c.email, now);
    if (!id) continue;
    let error: string | null = null;
    try {
      if (!c.email) throw new Error('no e-mail address');
      await ctx.mailer.send(
        assetReviewMail(ctx, {
          to: c.email,
          userId: c.user_id,
          name: c.name,
          language: c.language === 'en' ? 'en' : 'ms',
          lastUpdate: new Date(c.last),
        }),
      );
    } catch (err) {
      error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    }
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(asset_review_reminders)
        .set(error ? { error, updated_at: now } : { sent_at: now, error: null, updated_at: now })
        .where(eq(asset_review_reminders.id, id));
      if (!error) {
        await recordAudit(tx as unknown as Db, {
          actorId: null,
          action: 'asset.review_sent',
          entityType: 'User',
          entityId: c.user_id,
          after: { due_on: due.dueOn, email: c.email, sent_at: now.toISOString() },
        });
      }
    });
    out[error ? 'failed' : 'sent']++;
  }
  return out;
}

/** Register the job: daily, like the will-review reminders. */
export function registerAssetReviewJob() {
  registerJob({ name: ASSET_REVIEW_JOB, everyMs: 24 * 3600_000, run: runAssetReviews });
}
