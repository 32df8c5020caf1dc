/**
 * The texts of the deaths module's mails (issue 40 items 1 and 2; ADRs 0261, 0262): the notice to each organisation
 * that registered a verified deceased's instruments, the answer to each "is there a will?" inquiry, and the signed
 * links to the people the instruments name (release-issue.ts; issue 40 item 3, ADR 0267). Each is written, text and
 * all, to the platform's mail outbox (platform/mail/outbox.ts; ADR 0280) in the transaction that decides it, with its
 * death report as `subject_ref`, and delivered after commit; what failed is retried by the `mail.outbox` job. No
 * transaction is open while mail is sent. Every mail is in Malay and English (the reader's language first when known).
 */
import { formatKlDate, type Language, maskMykad, translate } from '@wasiat/domain';
import type { Instrument } from './queries.ts';

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
