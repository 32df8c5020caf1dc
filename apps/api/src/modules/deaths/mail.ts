/**
 * The mails of the deaths module (issue 40 items 1 and 2; ADRs 0261, 0262): the notice to each organisation that
 * registered a verified deceased's instruments, the answer to each "is there a will?" inquiry, and the signed
 * links to the people the instruments name (release-issue.ts; issue 40 item 3, ADR 0267). Each is written
 * to the `death_mails` outbox in the transaction that decides it and delivered after commit; a row a failed mail
 * or a dead process left unsent is retried by the `deaths.mail` job (every minute, at most
 * {@link DEATH_MAIL_MAX_ATTEMPTS} tries). No transaction is open while mail is sent. Every mail is in Malay and
 * English (the reader's language first when known).
 */
import { formatKlDate, type Language, maskMykad, translate } from '@wasiat/domain';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { death_mails } from '../../db/schema/index.ts';
import { registerJob } from '../../platform/jobs/scheduler.ts';
import type { Instrument } from './queries.ts';

export const DEATH_MAIL_JOB = 'deaths.mail';
const DEATH_MAIL_MAX_ATTEMPTS = 8;
/** A claim older than this (ms) is taken to have died with its process. */
const CLAIM_TIMEOUT_MS = 5 * 60_000;

type Tx = Pick<Db, 'insert'>;

/** Writes one mail to the outbox (inside the deciding transaction). @returns its id, to deliver after commit. */
export async function queueMail(
  tx: Tx,
  m: {
    deathReportId: string;
    kind: 'organisation' | 'inquiry' | 'release' | 'reporter' | 'estate_notice';
    organizationId?: string | null;
    inquiryId?: string | null;
    to: string;
    subject: string;
    body: string;
  },
): Promise<string> {
  const [row] = await tx
    .insert(death_mails)
    .values({
      death_report_id: m.deathReportId,
      kind: m.kind,
      organization_id: m.organizationId ?? null,
      will_inquiry_id: m.inquiryId ?? null,
      to_email: m.to,
      subject: m.subject,
      body: m.body,
    })
    .returning({ id: death_mails.id });
  return row.id;
}

/** Subject and body in both languages, `first` leading (reminders/mail.ts does the same). */
export function bilingual(first: Language, subject: (l: Language) => string, body: (l: Language) => string) {
  const order: Language[] = first === 'en' ? ['en', 'ms'] : ['ms', 'en'];
  return {
    subject: `${subject(order[0])} / ${subject(order[1])}`,
    body: `${body(order[0])}\n\n---\n\n${body(order[1])}\n`,
  };
}

/** One record's line: "- Wasiat W2026-000001: berdaftar, kini dikunci". */
const recordLine = (lang: Language, r: { type: string; reference: string | null; state: string }) =>
  translate('deaths.mail.record_line', lang, {
    kind: translate(`deaths.kind.${r.type}`, lang),
    reference: r.reference || translate('deaths.mail.no_reference', lang),
    state: translate(`deaths.state.${r.state}`, lang),
  });

/** The notice to an organisation of a verified death, with the records it holds and what became of them. */
export function organisationMail(
  appUrl: string,
  p: {
    name: string;
    ic: string;
    dateOfDeath: string;
    certificate: string;
    organisation: string;
    records: { type: string; reference: string | null; state: string }[];
  },
) {
  return bilingual(
    'ms',
    (l) => translate('deaths.mail.org_subject', l, { name: p.name }),
    (l) =>
      translate('deaths.mail.org_body', l, {
        name: p.name,
        ic: maskMykad(p.ic),
        date: formatKlDate(`${p.dateOfDeath}T00:00:00+08:00`, l),
        certificate: p.certificate,
        organisation: p.organisation,
        records: p.records.map((r) => recordLine(l, r)).join('\n'),
        url: `${appUrl.replace(/\/$/, '')}/kematian/senarai`,
      }),
  );
}

/**
 * The answer to an inquiry: yes, with each registered will and hibah, its reference and the organisation to
 * contact (name, e-mail, phone), or no. Says nothing else of the deceased.
 */
export function inquiryMail(
  lang: Language,
  p: { askedAt: Date; ic: string; certificate: string; registered: Instrument[] },
) {
  const line = (l: Language, i: Instrument) => {
    const contact = [i.organization_email, i.organization_phone].filter(Boolean).join(', ');
    return translate('deaths.mail.inquiry_line', l, {
      kind: translate(`deaths.kind.${i.type}`, l),
      reference: i.reference ?? '',
      organisation: i.organization_name ?? '',
      contact: contact ? ` (${contact})` : '',
    });
  };
  return bilingual(
    lang,
    (l) => translate('deaths.mail.inquiry_subject', l),
    (l) =>
      [
        translate('deaths.mail.inquiry_intro', l, {
          date: formatKlDate(p.askedAt, l),
          ic: maskMykad(p.ic),
          certificate: p.certificate,
        }),
        p.registered.length
          ? translate('deaths.mail.inquiry_yes', l, { records: p.registered.map((i) => line(l, i)).join('\n') })
          : translate('deaths.mail.inquiry_no', l),
        translate('deaths.mail.inquiry_footer', l),
      ].join('\n\n'),
  );
}

type MailRow = typeof death_mails.$inferSelect;

/** Claims unsent rows (the given ids, or any due for a retry) for this process. */
async function claim(ctx: Ctx, ids: string[] | undefined, now: Date): Promise<MailRow[]> {
  const due = and(
    isNull(death_mails.sent_at),
    lt(death_mails.attempts, DEATH_MAIL_MAX_ATTEMPTS),
    or(isNull(death_mails.claimed_at), lt(death_mails.claimed_at, new Date(now.getTime() - CLAIM_TIMEOUT_MS))),
  );
  const pick = ids
    ? inArray(death_mails.id, ids)
    : inArray(
        death_mails.id,
        ctx.db
          .select({ id: death_mails.id })
          .from(death_mails)
          .where(due)
          .orderBy(asc(death_mails.created_at))
          .limit(100),
      );
  return ctx.db
    .update(death_mails)
    .set({ claimed_at: now, attempts: sql`${death_mails.attempts} + 1` })
    .where(and(pick, due))
    .returning();
}

/**
 * Sends the outbox rows `ids` (just written, after their commit), or with no ids every row due for a retry.
 * Never throws: a failure stays on the row (`last_error`) for the next pass. @returns how many went and failed.
 */
export async function deliverDeathMails(ctx: Ctx, ids?: string[], now = new Date()) {
  if (ids && !ids.length) return { sent: 0, failed: 0 };
  let rows: MailRow[];
  try {
    rows = await claim(ctx, ids, now);
  } catch {
    return { sent: 0, failed: 1 };
  }
  let sent = 0;
  let failed = 0;
  for (const m of rows) {
    try {
      await ctx.mailer.send({ to: m.to_email, subject: m.subject, text: m.body });
      await ctx.db.update(death_mails).set({ sent_at: new Date(), last_error: null }).where(eq(death_mails.id, m.id));
      sent += 1;
    } catch (err) {
      failed += 1;
      await ctx.db
        .update(death_mails)
        .set({ claimed_at: null, last_error: String((err as Error)?.message ?? err).slice(0, 500) })
        .where(eq(death_mails.id, m.id))
        .catch(() => {});
    }
  }
  return { sent, failed };
}

/** Registers the retry job (idempotent: the scheduler keeps one job per name). */
export function registerDeathMailJob(): void {
  registerJob({ name: DEATH_MAIL_JOB, everyMs: 60_000, run: (ctx, now) => deliverDeathMails(ctx, undefined, now) });
}
