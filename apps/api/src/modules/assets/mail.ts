/**
 * The asset map's yearly review mail (issue 40 item 6; ADR 0269): in Malay and English, the testator's language
 * first (their review-reminder setting; Malay by default), each part with the link to the map's page (/harta/peta)
 * and the unsubscribe link of the review reminders (reminders module; ADR 0175), also in `List-Unsubscribe`.
 */
import { formatKlDate, type Language, translate } from '@wasiat/domain';
import type { Ctx } from '../../context.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { unsubscribeToken } from '../reminders/index.ts';

export interface AssetReviewMailInput {
  to: string;
  userId: string;
  name: string;
  language: Language;
  /** When the map last changed. */
  lastUpdate: Date;
}

/** The SPA page of the asset map. */
const ASSET_MAP_PATH = '/harta/peta';

/** The message: subject and text in the testator's language, then the other one. */
export function assetReviewMail(ctx: Ctx, m: AssetReviewMailInput): MailMessage {
  const stop = `${ctx.appUrl}/reminders/unsubscribe?token=${encodeURIComponent(unsubscribeToken(ctx.signer, m.userId))}`;
  const order: Language[] = m.language === 'en' ? ['en', 'ms'] : ['ms', 'en'];
  const part = (lang: Language) =>
    `${translate('assets.mail.review_body', lang, {
      name: m.name,
      date: formatKlDate(m.lastUpdate, lang),
      url: `${ctx.appUrl}${ASSET_MAP_PATH}`,
    })}\n\n${translate('assets.mail.footer', lang, { url: stop })}`;
  const subject = (lang: Language) => translate('assets.mail.review_subject', lang);
  return {
    to: m.to,
    subject: `${subject(order[0])} / ${subject(order[1])}`,
    text: `${part(order[0])}\n\n---\n\n${part(order[1])}\n`,
    headers: { 'List-Unsubscribe': `<${stop}>` },
  };
}
