/**
 * "Tell us once" (issue 40 item 8; ADR 0273): the institutions an organisation notifies of a death (banks, takaful
 * operators, co-operatives, others), the one notice of a verified death sent to each, and the reply each
 * institution gives. The shapes the API validates and the screens use; messages are keys of `estates.notice.*`.
 */
import { z } from 'zod';
import { isoDay, klDay } from './reminders.ts';
import { email, requiredString, V } from './validation/common.ts';
import { optText } from './validation/will-fields.ts';

/** The kinds of institution on an organisation's list. */
export const NOTICE_RECIPIENT_KINDS = ['bank', 'takaful', 'cooperative', 'other'] as const;
export type NoticeRecipientKind = (typeof NOTICE_RECIPIENT_KINDS)[number];

/** Message keys (ms/en in `locales/<lang>/estates.json` under `estates.notice`). */
export const NOTICE_MSG = {
  recipientSaved: 'estates.notice.recipient_saved',
  recipientDeleted: 'estates.notice.recipient_deleted',
  kindInvalid: 'estates.notice.kind_invalid',
  alreadySent: 'estates.notice.already_sent',
  recipientsRequired: 'estates.notice.recipients_required',
  assetUnknown: 'estates.notice.asset_unknown',
  sent: 'estates.notice.sent',
  replyRecorded: 'estates.notice.reply_recorded',
  dateInvalid: 'estates.notice.date_invalid',
} as const;

/** `POST /api/organization/{id}/notice-recipient` and `PATCH /api/notice-recipient/{id}`: one institution. */
export const noticeRecipientSchema = z.object({
  name: requiredString().pipe(z.string().max(200)),
  kind: z.enum(NOTICE_RECIPIENT_KINDS, { error: NOTICE_MSG.kindInvalid }),
  email: email(),
  phone: optText(30),
});
export type NoticeRecipientInput = z.output<typeof noticeRecipientSchema>;

/**
 * `POST /api/death-report/{id}/estate-notice`: the institutions (ids from the registering organisation's list) to
 * send one notice each; `asset_ids` entries of the deceased's asset map to list besides those whose institution
 * matches the recipient's name; `resend` to send again to an institution already notified; `contact` the
 * executor's contact line (default: the organisation's name, e-mail and phone).
 */
export const estateNoticeSchema = z.object({
  recipient_ids: z
    .array(z.string().min(1).max(64), { error: NOTICE_MSG.recipientsRequired })
    .min(1, {
      error: NOTICE_MSG.recipientsRequired,
    })
    .max(50),
  asset_ids: z.array(z.string().min(1).max(64)).max(200).optional(),
  resend: z.boolean().optional(),
  contact: optText(300),
});
export type EstateNoticeInput = z.output<typeof estateNoticeSchema>;

/** Whether `s` is a calendar date 'YYYY-MM-DD' not after today in Kuala Lumpur. */
const pastOrToday = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && s <= isoDay(klDay(new Date()));

/** `POST /api/estate-notice/{id}/reply`: the reply's text, the date it was received, an optional scan (base64). */
export const estateNoticeReplySchema = z.object({
  text: requiredString().pipe(z.string().max(4000)),
  received_on: z.string({ error: V.required }).refine(pastOrToday, { error: NOTICE_MSG.dateInvalid }),
  scan: z.string().min(1).optional(),
  filename: z.string().max(200).optional(),
});
export type EstateNoticeReplyInput = z.output<typeof estateNoticeReplySchema>;
