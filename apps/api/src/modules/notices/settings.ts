/**
 * A person's notice settings (issue 34 item 2): the language their notices are written in (`users.language`,
 * the language of their last login or of their last change here) and whether they are also texted (`notify_sms`,
 * which needs a mobile number on the account).
 */
import type { Language } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** What `GET /api/profile/notices` answers: `{ sms, language, has_mobile }`. */
export interface NoticeSettings {
  sms: boolean;
  language: Language;
  has_mobile: boolean;
}

/** The settings of user `userId` (defaults for an unknown id: no SMS, Malay). */
export async function noticeSettings(db: Db, userId: string): Promise<NoticeSettings> {
  const [u] = await db
    .select({ sms: users.notify_sms, language: users.language, mobile: users.mobile_number })
    .from(users)
    .where(eq(users.id, userId));
  return { sms: !!u?.sms, language: u?.language === 'en' ? 'en' : 'ms', has_mobile: !!u?.mobile };
}

/** Saves `sms` (when given) and `language` for `userId`. @returns the settings after the change. */
export async function saveNoticeSettings(db: Db, userId: string, change: { sms?: boolean; language: Language }) {
  await db
    .update(users)
    .set({ language: change.language, ...(change.sms === undefined ? {} : { notify_sms: change.sms }) })
    .where(eq(users.id, userId));
  return noticeSettings(db, userId);
}
