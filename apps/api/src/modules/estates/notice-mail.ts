/**
 * The one notice of a death to an institution (issue 40 item 8; ADR 0273), in Malay then English: the deceased's
 * name, FULL MyKad number (the institution finds the accounts by it; ADR 0273 records why it is not masked here,
 * unlike the organisation's notice in deaths/mail.ts), the date of death, the death certificate's number, what
 * the institution holds according to the deceased's asset map (ADR 0269), the executor's contact and the notice's
 * reference. Pure: the caller queues it in the platform's mail outbox (ADR 0280).
 */
import { ASSET_KINDS, formatKlDate, type Language, translate } from '@wasiat/domain';
import type { NoticeListedAsset } from '../../db/schema/index.ts';

/** The kind's label in `lang` (the code itself for an unknown kind). */
const kindLabel = (code: string, lang: Language) => ASSET_KINDS.find((k) => k.code === code)?.[lang] ?? code;

/** One listed entry: "- Bank account: Savings (1234567890)". */
const assetLine = (a: NoticeListedAsset, lang: Language) =>
  translate('estates.notice.mail_asset_line', lang, {
    kind: kindLabel(a.kind, lang),
    description: a.description,
    reference: a.reference ? ` (${a.reference})` : '',
  });

/** Facts of one notice. `dateOfDeath` 'YYYY-MM-DD'. */
export interface NoticeFacts {
  institution: string;
  name: string;
  ic: string;
  dateOfDeath: string;
  certificate: string;
  listed: NoticeListedAsset[];
  contact: string;
  reference: string;
}

/** `{ subject, body }`: Malay first, then English, separated by a rule. */
export function noticeMail(p: NoticeFacts) {
  const part = (l: Language) =>
    translate('estates.notice.mail_body', l, {
      institution: p.institution,
      name: p.name,
      ic: p.ic,
      date: formatKlDate(`${p.dateOfDeath}T00:00:00+08:00`, l),
      certificate: p.certificate,
      assets: p.listed.length
        ? p.listed.map((a) => assetLine(a, l)).join('\n')
        : translate('estates.notice.mail_no_assets', l),
      contact: p.contact,
      reference: p.reference,
    });
  const subject = (l: Language) =>
    translate('estates.notice.mail_subject', l, { name: p.name, reference: p.reference });
  return { subject: `${subject('ms')} / ${subject('en')}`, body: `${part('ms')}\n\n---\n\n${part('en')}\n` };
}
