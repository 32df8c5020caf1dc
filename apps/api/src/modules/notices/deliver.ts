/**
 * Delivering status notices (issue 34 item 2): each unsent row is claimed (a conditional update, so two processes
 * never send the same row), mailed to the person in their language (`users.language`) and, when they chose SMS
 * (`users.notify_sms`) and have a mobile number, texted; then marked sent. A failure leaves the row unsent with its
 * error, for the `notices.deliver` job to retry (at most {@link NOTICE_MAX_ATTEMPTS} times). No transaction is
 * open while mail or SMS is sent (DESIGN.md: no transaction across a call to another service).
 */
import { LANGUAGES, type Language, translate } from '@wasiat/domain';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { status_notices, users } from '../../db/schema/index.ts';
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

/** Claims unsent rows (the given ids, or any due for a retry) for this process. */
async function claim(ctx: Ctx, ids: string[] | undefined, now: Date) {
  const stale = new Date(now.getTime() - NOTICE_CLAIM_TIMEOUT_MS);
  const due = and(
    isNull(status_notices.sent_at),
    lt(status_notices.attempts, NOTICE_MAX_ATTEMPTS),
    or(isNull(status_notices.claimed_at), lt(status_notices.claimed_at, stale)),
  );
  const pick = ids
    ? inArray(status_notices.id, ids)
    : inArray(
        status_notices.id,
        ctx.db
          .select({ id: status_notices.id })
          .from(status_notices)
          .where(due)
          .orderBy(asc(status_notices.changed_at))
          .limit(BATCH),
      );
  return ctx.db
    .update(status_notices)
    .set({ claimed_at: now, attempts: sql`${status_notices.attempts} + 1` })
    .where(and(pick, due))
    .returning();
}

/** Sends one claimed notice and marks it sent, or records why it could not be sent. */
async function send(ctx: Ctx, n: Notice, now: Date): Promise<boolean> {
  try {
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
    if (u) {
      const msg = noticeMessage(n, languageOf(u.language), ctx.appUrl, u.name);
      if (u.email) await ctx.mailer.send({ to: u.email, subject: msg.subject, text: msg.text });
      if (u.notify_sms && u.mobile) await smsSenderFor(ctx.env).send({ to: u.mobile, text: msg.sms });
    }
    await ctx.db.update(status_notices).set({ sent_at: now, last_error: null }).where(eq(status_notices.id, n.id));
    return true;
  } catch (err) {
    await ctx.db
      .update(status_notices)
      .set({ claimed_at: null, last_error: String((err as Error)?.message ?? err).slice(0, 500) })
      .where(eq(status_notices.id, n.id))
      .catch(() => {});
    return false;
  }
}

/**
 * Delivers the notices `ids` (just written by a status change, after its commit), or with no ids every notice due
 * for a retry. Never throws: a failure stays on the row for the next pass. @returns how many went and how many
 * failed.
 */
export async function deliverNotices(ctx: Ctx, ids?: string[], now = new Date()) {
  if (ids && !ids.length) return { sent: 0, failed: 0 };
  let sent = 0;
  let failed = 0;
  let rows: Notice[];
  try {
    rows = await claim(ctx, ids, now);
  } catch {
    return { sent, failed: 1 };
  }
  for (const n of rows) {
    if (await send(ctx, n, now)) sent += 1;
    else failed += 1;
  }
  return { sent, failed };
}
