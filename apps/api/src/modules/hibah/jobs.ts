/**
 * The 14-day draft confirmation (spec §4 "A hibah draft must be confirmed within 14 days"; ADR 0033),
 * as the scheduled job `hibah.draft-expiry` (jobs/scheduler.ts, ADR 0017). Idempotent, state in the DB:
 *
 * - reminder: a hibah in status 3 whose draft is not accepted and whose window closes within
 *   DRAFT_REMINDER_DAYS_BEFORE days gets one e-mail to the grantor (`draft_reminded_at` set by a
 *   conditional UPDATE … WHERE draft_reminded_at IS NULL RETURNING, so a second run sends nothing);
 * - expiry: when the window has closed, the hibah goes back to status 1 (the grantor reviews and submits
 *   again, as after a rejected draft), `draft_expired_at` is set, an audit event is written and the
 *   grantor is told by e-mail.
 */
import { DRAFT_REMINDER_DAYS_BEFORE, formatKlDateTime, HIBAH_STATUS, type Language, translate } from '@wasiat/domain';
import { and, eq, isNull, lt, lte, not } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { hibahs, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { registerJob } from '../../platform/jobs/scheduler.ts';
import { ownerDeceasedSql } from '../instruments/index.ts';

const DAY_MS = 24 * 3600 * 1000;

async function mailGrantor(
  ctx: Ctx,
  userId: string,
  subjectKey: string,
  bodyKey: string,
  /** The mail's parameters in each language (a date is written with that language's month names). */
  params: (lang: Language) => Record<string, string> = () => ({}),
) {
  const [u] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!u?.email) return;
  try {
    await ctx.mailer.send({
      to: u.email,
      subject: translate(subjectKey, 'ms', params('ms')),
      text: `${translate(bodyKey, 'ms', params('ms'))}\n---\n${translate(bodyKey, 'en', params('en'))}`,
    });
  } catch {
    // The state change stands; the lists show the status.
  }
}

/** One run at `now`: `{ reminded, expired }`. */
export async function runDraftExpiry(ctx: Ctx, now: Date) {
  // A grantor whose death has been verified is neither reminded nor expired (issue 40 item 1; ADR 0261).
  const open = and(
    eq(hibahs.status, HIBAH_STATUS.draft),
    eq(hibahs.is_draft_accepted, false),
    not(ownerDeceasedSql(hibahs.user_id)),
  );
  const expired = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(hibahs)
      .set({ status: HIBAH_STATUS.grantorReview, draft_expired_at: now })
      .where(and(open, lt(hibahs.draft_expires_at, now)))
      .returning();
    for (const h of rows) {
      await recordAudit(tx as never, {
        actorId: null,
        action: 'hibah.draft.expired',
        entityType: 'Hibah',
        entityId: h.id,
        before: { status: HIBAH_STATUS.draft },
        after: { status: HIBAH_STATUS.grantorReview, draft_expired_at: now },
      });
    }
    return rows;
  });
  for (const h of expired) await mailGrantor(ctx, h.user_id, 'hibah.mail.expired_subject', 'hibah.mail.expired_body');
  const reminded = await ctx.db
    .update(hibahs)
    .set({ draft_reminded_at: now })
    .where(
      and(
        open,
        isNull(hibahs.draft_reminded_at),
        lte(hibahs.draft_expires_at, new Date(now.getTime() + DRAFT_REMINDER_DAYS_BEFORE * DAY_MS)),
      ),
    )
    .returning();
  for (const h of reminded) {
    await mailGrantor(ctx, h.user_id, 'hibah.mail.reminder_subject', 'hibah.mail.reminder_body', (lang) => ({
      date: formatKlDateTime(h.draft_expires_at, lang),
    }));
  }
  return { expired: expired.length, reminded: reminded.length };
}

/** Register the job (hourly). */
export function registerHibahJobs() {
  registerJob({ name: 'hibah.draft-expiry', everyMs: 3600 * 1000, run: runDraftExpiry });
}
