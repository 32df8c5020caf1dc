/**
 * The reporter hears the outcome of their report (issue 40 item 1; ADR 0261 "the reporter is not mailed the
 * outcome", closed here): when staff verify it (the last verification) or refuse it, the reporter is mailed in the
 * language they last used, then the other. The mail says only what the reporter already gave or may now learn —
 * the MyKad masked, the certificate's number, the date of death, the decision and, for a refusal, the reason staff
 * recorded (which the reporter also sees on their page); never whether the deceased had a will or hibah here (that
 * is the "is there a will?" inquiry's answer, ADR 0262, and the release links', ADR 0267).
 * Written to the platform's mail outbox in the deciding transaction, delivered after commit (ADR 0280). A reporter
 * without an e-mail gets no mail (their page shows the outcome).
 */
import { formatKlDate, type Language, maskMykad, translate } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type death_reports, users } from '../../db/schema/index.ts';
import { queueMail } from '../../platform/mail/outbox.ts';
import { bilingual } from './mail.ts';

type Tx = Pick<Db, 'insert' | 'select'>;

/**
 * Queue the outcome mail of `report` (status `verified` or `refused`) to its reporter.
 * @returns the outbox ids (none when the reporter has no e-mail).
 */
export async function queueReporterOutcome(
  tx: Tx,
  report: typeof death_reports.$inferSelect,
  appUrl: string,
): Promise<string[]> {
  const [who] = await tx
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, report.reporter_id));
  if (!who?.email) return [];
  const outcome = report.status === 'verified' ? 'verified' : 'refused';
  const params = (l: Language) => ({
    name: who.name ?? '',
    ic: maskMykad(report.deceased_ic),
    certificate: report.certificate_no,
    date: formatKlDate(report.date_of_death, l),
    reason: report.refusal_reason ?? '',
    url: `${appUrl.replace(/\/$/, '')}/kematian/lapor`,
  });
  const first: Language = who.language === 'en' ? 'en' : 'ms';
  const mail = bilingual(
    first,
    (l) => translate(`deaths.mail.reporter_${outcome}_subject`, l, params(l)),
    (l) => translate(`deaths.mail.reporter_${outcome}_body`, l, params(l)),
  );
  return [await queueMail(tx, { kind: 'reporter', subjectRef: report.id, to: who.email, ...mail })];
}
