/**
 * The will-review reminder e-mail (issue 17 item 17; ADR 0174, 0175): in both Malay and English, the
 * testator's language first (their saved setting; Malay by default), each part with the link to the will's
 * page (where a review starts and an amendment is applied for) and the unsubscribe link, which works
 * without a login (reminders/token.ts). The unsubscribe page is also named in the `List-Unsubscribe` header
 * (RFC 2369), so a mail program can offer it.
 */
import { formatKlDate, type Language, type ReminderKind, translate } from '@wasiat/domain';
import type { Ctx } from '../../context.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { unsubscribeToken } from './token.ts';

export interface ReminderMailInput {
  to: string;
  userId: string;
  willId: string;
  wasiatNo: string;
  name: string;
  language: Language;
  kind: ReminderKind;
  registeredAt: Date;
  /** The anniversary or the 18th birthday, `YYYY-MM-DD`. */
  dueOn: string;
  /** The heir who turned 18 (`heir_adult`). */
  heirName: string | null;
}

/** The unsubscribe page's address for `userId` (SPA route /reminders/unsubscribe). */
export const unsubscribeUrl = (ctx: Ctx, userId: string) =>
  `${ctx.appUrl}/reminders/unsubscribe?token=${encodeURIComponent(unsubscribeToken(ctx.signer, userId))}`;

/** The message: subject and text in the user's language, then the other one. */
export function reminderMail(ctx: Ctx, m: ReminderMailInput): MailMessage {
  const stop = unsubscribeUrl(ctx, m.userId);
  const order: Language[] = m.language === 'en' ? ['en', 'ms'] : ['ms', 'en'];
  const part = (lang: Language) => {
    const params = {
      name: m.name,
      no: m.wasiatNo,
      date: formatKlDate(m.kind === 'yearly' ? m.registeredAt : m.dueOn, lang),
      heir: m.heirName ?? '',
      url: `${ctx.appUrl}/wasiat/${m.willId}/details`,
    };
    const body = translate(`reminders.mail.${m.kind === 'yearly' ? 'yearly' : 'heir'}_body`, lang, params);
    return `${body}\n\n${translate('reminders.mail.footer', lang, { url: stop })}`;
  };
  const subject = (lang: Language) =>
    translate(`reminders.mail.${m.kind === 'yearly' ? 'yearly' : 'heir'}_subject`, lang, { no: m.wasiatNo });
  return {
    to: m.to,
    subject: `${subject(order[0])} / ${subject(order[1])}`,
    text: `${part(order[0])}\n\n---\n\n${part(order[1])}\n`,
    headers: { 'List-Unsubscribe': `<${stop}>` },
  };
}
