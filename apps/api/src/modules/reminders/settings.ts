/**
 * The testator's reminder setting (issue 17 item 17; ADR 0175): on by default (no row), turned off or on
 * on the profile page (`PATCH /api/profile/reminders`) or off by the mail's link without a login
 * (`POST /api/reminders/unsubscribe`). Each change is audited (`reminder.opt_out` / `reminder.opt_in`,
 * entity `User`); the language the user was using is kept, and the reminder mails lead with it.
 */
import type { Language } from '@wasiat/domain';
import { asc, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { review_reminder_settings, review_reminders, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { userOfToken } from './token.ts';

/** What the API answers: `{ reminders: { enabled, language } }`. */
export interface ReminderSettings {
  /** Whether the yearly and heir-turns-18 reminders are sent. */
  enabled: boolean;
  /** The language the reminder mails lead with (`ms` | `en`). */
  language: Language;
}

/** A user's setting (the default, on and Malay, when they never changed it). */
export async function reminderSettings(db: Db, userId: string): Promise<ReminderSettings> {
  const [row] = await db.select().from(review_reminder_settings).where(eq(review_reminder_settings.user_id, userId));
  return { enabled: row?.enabled ?? true, language: row?.language === 'en' ? 'en' : 'ms' };
}

/**
 * Turn `userId`'s reminders on or off and keep `language`; audited when `enabled` changes (actor: the user,
 * or nobody when done by the mail's link, `via: "link"`). @returns the setting now.
 */
export async function setReminders(
  ctx: Ctx,
  userId: string,
  f: { enabled: boolean; language: Language; via: 'profile' | 'link'; ip?: string },
): Promise<ReminderSettings> {
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const before = await reminderSettings(db, userId);
    await db
      .insert(review_reminder_settings)
      .values({ user_id: userId, enabled: f.enabled, language: f.language })
      .onConflictDoUpdate({
        target: review_reminder_settings.user_id,
        set: { enabled: f.enabled, language: f.language, updated_at: new Date() },
      });
    if (before.enabled !== f.enabled) {
      await recordAudit(db, {
        actorId: f.via === 'link' ? null : userId,
        action: f.enabled ? 'reminder.opt_in' : 'reminder.opt_out',
        entityType: 'User',
        entityId: userId,
        before: { enabled: before.enabled },
        after: { enabled: f.enabled, via: f.via },
        ip: f.ip,
      });
    }
    return { enabled: f.enabled, language: f.language };
  });
}

/**
 * Turn reminders off by the mail's token (no login). @throws 422 `reminders.token_invalid` on `token` for a
 * tampered token or one whose user no longer exists.
 */
export async function unsubscribeByToken(ctx: Ctx, token: string, language: Language, ip?: string) {
  const userId = userOfToken(ctx.signer, token);
  const [u] = userId ? await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)) : [];
  if (!u) throw fieldError('token', 'reminders.token_invalid');
  return setReminders(ctx, u.id, { enabled: false, language, via: 'link', ip });
}

/**
 * What the reminders module holds about `userId`, for the personal data export (ADR 0083): the setting and
 * the reminders sent or tried (will, kind, date, address, times, last error).
 */
export async function reminderRecordsOf(db: Db, userId: string) {
  const sent = await db
    .select({
      wasiat_id: review_reminders.wasiat_id,
      kind: review_reminders.kind,
      due_on: review_reminders.due_on,
      email: review_reminders.email,
      sent_at: review_reminders.sent_at,
      attempts: review_reminders.attempts,
      error: review_reminders.error,
    })
    .from(review_reminders)
    .where(eq(review_reminders.user_id, userId))
    .orderBy(asc(review_reminders.due_on));
  return { setting: await reminderSettings(db, userId), reminders: sent };
}
