/** The language a person logs in with, kept as the language of their mails (`users.language`; ADR 0231). */
import type { Language } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Saves `lang` as user `userId`'s language (best effort: a failure never fails the login). */
export async function rememberLanguage(db: Db, userId: string, lang: Language): Promise<void> {
  await db
    .update(users)
    .set({ language: lang })
    .where(eq(users.id, userId))
    .catch(() => {});
}
