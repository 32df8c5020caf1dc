/**
 * The 14-day window job `amendments.window` (spec §4 "must be confirmed within 14 days", §9; issue 4;
 * ADR 0017 scheduler, ADR 0020).
 *
 * At `now`: (1) every amendment in status 3 (draft review) or 4 (witness confirmation) whose
 * `expires_at` has passed becomes 5 (cancelled) with the reason "not completed within 14 days" — a
 * conditional update (`WHERE status IN (3,4) AND expires_at <= now`), so a second run or a concurrent
 * officer action never cancels twice — with an audit event and a notice to the testator; (2) for the
 * others, each reminder due (7, 3, 1 days before the deadline; domain `dueReminderDays`) is sent once:
 * a unique row (amendment, deadline, days) is inserted first and the mail goes only when the insert
 * took place. State lives in the database only, so a restart changes nothing.
 */
import {
  AMENDMENT_STATUS,
  amendmentStatusKey,
  dueReminderDays,
  formatKlDateTime,
  translate,
  WINDOWED_STATUSES,
} from '@wasiat/domain';
import { and, eq, gt, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { amendment_reminders, amendments, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Job } from '../../platform/jobs/scheduler.ts';

export const AMENDMENT_WINDOW_JOB = 'amendments.window';

async function ownerEmail(db: Db, userId: string) {
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return u?.email ?? null;
}

async function expire(ctx: Ctx, now: Date) {
  const reason = translate('amendments.expired_reason', 'ms');
  const done = await ctx.db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const rows = await tx
      .update(amendments)
      .set({ status: AMENDMENT_STATUS.cancelled, cancelled_at: now, reason, expires_at: null })
      .where(
        and(
          inArray(amendments.status, [...WINDOWED_STATUSES]),
          isNotNull(amendments.expires_at),
          lte(amendments.expires_at, now),
        ),
      )
      .returning();
    for (const a of rows) {
      await recordAudit(tx, {
        actorId: null,
        action: 'amendment.expire',
        entityType: 'Amendment',
        entityId: a.id,
        after: { status: a.status, reason, cancelled_at: now.toISOString() },
      });
    }
    return rows;
  });
  for (const a of done) {
    const to = await ownerEmail(ctx.db, a.user_id);
    if (!to) continue;
    const params = { reference: a.reference_no };
    await ctx.mailer
      .send({
        to,
        subject: translate('amendments.mail.expired_subject', 'ms', params),
        text: translate('amendments.mail.expired_body', 'ms', params),
      })
      .catch(() => {});
  }
  return done.length;
}

async function remind(ctx: Ctx, now: Date) {
  const open = await ctx.db
    .select()
    .from(amendments)
    .where(
      and(
        inArray(amendments.status, [...WINDOWED_STATUSES]),
        isNotNull(amendments.expires_at),
        gt(amendments.expires_at, now),
      ),
    );
  let sent = 0;
  for (const a of open) {
    const expiresAt = a.expires_at as Date;
    for (const days of dueReminderDays(expiresAt, now)) {
      // Only the smallest due reminder is mailed when several are due at once (e.g. after downtime); the
      // larger ones are recorded as passed so they are never sent late.
      const inserted = await ctx.db
        .insert(amendment_reminders)
        .values({ amendment_id: a.id, expires_at: expiresAt, days_before: days, sent_at: now })
        .onConflictDoNothing()
        .returning({ id: amendment_reminders.id });
      const smallest = Math.min(...dueReminderDays(expiresAt, now));
      if (!inserted.length || days !== smallest) continue;
      const to = await ownerEmail(ctx.db, a.user_id);
      if (!to) continue;
      const params = {
        reference: a.reference_no,
        days,
        // the mail is in Malay: Malay month names (issue 38 item 11.6)
        deadline: formatKlDateTime(expiresAt, 'ms'),
        status: translate(amendmentStatusKey(a.status), 'ms'),
      };
      await ctx.mailer.send({
        to,
        subject: translate('amendments.mail.reminder_subject', 'ms', params),
        text: translate('amendments.mail.reminder_body', 'ms', params),
      });
      sent += 1;
    }
  }
  return sent;
}

/** Runs every 15 minutes (a day's precision is enough for a 14-day window). */
export const amendmentWindowJob: Job = {
  name: AMENDMENT_WINDOW_JOB,
  everyMs: 15 * 60 * 1000,
  async run(ctx, now) {
    const expired = await expire(ctx, now);
    const reminded = await remind(ctx, now);
    return { expired, reminded };
  },
};
