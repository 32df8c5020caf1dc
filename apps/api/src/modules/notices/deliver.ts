/**
 * Delivering status notices (issue 34 item 2): each unsent row is claimed (a conditional update, so two processes
 * never send the same row), mailed to the person in their language (`users.language`) and, when they chose SMS
 * (`users.notify_sms`) and have a mobile number, texted; then marked sent. A failure leaves the row unsent with its
 * error, for the `notices.deliver` job to retry (at most {@link NOTICE_MAX_ATTEMPTS} times). No transaction is
 * open while mail or SMS is sent (DESIGN.md: no transaction across a call to another service). The claim, retry and
 * record loop is the one every outbox shares (platform/outbox/deliver.ts; ADR 0296): this module gives the row's
 * sending only.
 */
import { LANGUAGES, type Language, translate } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { status_notices, users } from '../../db/schema/index.ts';
import { deliverOutbox } from '../../platform/outbox/deliver.ts';
import { smsSenderFor } from '../otp/index.ts';
import { noticeKind } from './kinds.ts';

/** Tries per notice before it is left for an operator (the row keeps `last_error`). */
export const NOTICE_MAX_ATTEMPTS = 8;
/** A claim older than this (ms) is taken to have died with its process, and the row is claimed again. */
export const NOTICE_CLAIM_TIMEOUT_MS = 5 * 60_000;
/** Rows one delivery pass takes at most. */
const BATCH = 100;

type Notice = typeof status_notices.$inferSelect;

/** The person's language, `ms` unless they last used one of the others. */
const languageOf = (l: string | null | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(l ?? '') ? (l as Language) : 'ms';

/**
 * The mail and SMS texts of one notice, in `lang`: subject "<kind> <reference>: <status>" (never a code; "your
 * <kind>" while the record has no number), a body
 * with the status, the reason if any, the next step if any and the link to the record; the SMS is one line.
 */
export function noticeMessage(n: Notice, lang: Language, appUrl: string, name: string) {
  const kind = noticeKind(n.record_type);
  // "Wasiat W2026-000001" once numbered; before that "Wasiat anda" / "Your will" (lower-cased inside a sentence
  // within a sentence, where "your will" / "wasiat anda" is not a name).
  const title = n.reference ? `${translate(kind.nameKey, lang)} ${n.reference}` : translate(kind.yoursKey, lang);
  const params = {
    name,
    title,
    title_lower: n.reference ? title : title.toLowerCase(),
    status: translate(kind.statusKey(n.status), lang),
    link: `${appUrl.replace(/\/$/, '')}${kind.path(n.record_id)}`,
  };
  const next = kind.nextStepKey(n.status);
  const lines = [
    translate('notices.greeting', lang, params),
    '',
    translate('notices.body', lang, params),
    ...(n.reason ? [translate('notices.reason', lang, { reason: n.reason })] : []),
    ...(next ? [translate(next, lang)] : []),
    '',
    translate('notices.link', lang, params),
  ];
  return {
    subject: translate('notices.subject', lang, params),
    text: `${lines.join('\n')}\n`,
    sms: translate('notices.sms', lang, params),
  };
}

/** Sends one claimed notice: mail in the person's language and, when they chose SMS, a text. @throws on failure. */
async function send(ctx: Ctx, n: Notice): Promise<void> {
  const [u] = await ctx.db
    .select({
      name: users.name,
      email: users.email,
      mobile: users.mobile_number,
      language: users.language,
      notify_sms: users.notify_sms,
    })
    .from(users)
    .where(eq(users.id, n.user_id));
  if (!u) return;
  const msg = noticeMessage(n, languageOf(u.language), ctx.appUrl, u.name);
  if (u.email) await ctx.mailer.send({ to: u.email, subject: msg.subject, text: msg.text });
  if (u.notify_sms && u.mobile) await smsSenderFor(ctx.env).send({ to: u.mobile, text: msg.sms });
}

/**
 * Delivers the notices `ids` (just written by a status change, after its commit), or with no ids every notice due
 * for a retry, through the one outbox loop (platform/outbox/deliver.ts; ADR 0296). Never throws: a failure stays
 * on the row for the next pass. @returns how many went and how many failed.
 */
export function deliverNotices(ctx: Ctx, ids?: string[], now = new Date()) {
  const options = {
    maxAttempts: NOTICE_MAX_ATTEMPTS,
    claimTimeoutMs: NOTICE_CLAIM_TIMEOUT_MS,
    batch: BATCH,
    oldestFirst: status_notices.changed_at,
  };
  return deliverOutbox<typeof status_notices, Notice>(ctx, status_notices, options, { ids }, (n) => send(ctx, n), now);
}
