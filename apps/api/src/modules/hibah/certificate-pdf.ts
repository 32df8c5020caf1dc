/**
 * The hibah certificate's PDF (issue 5; split from certificate.ts by meaning): what it prints
 * ({@link HibahCertificateData}) and the pure rendering of it ({@link renderHibahCertificate}), from the
 * documents' building blocks (fonts, bilingual headings, tables, QR, footer; tagged, ADR 0299).
 */
import { HIBAH_TYPES, labelOf, translate } from '@wasiat/domain';
import type { Content } from 'pdfmake/interfaces';
import type { CompletionData } from '../../platform/documents/completion/signer.ts';
import { completionPage } from '../../platform/documents/pdf/completion.ts';
import { renderPdf } from '../../platform/documents/pdf/fonts.ts';
import { ACCENT, footer, formatKlDateTime, qrBlock, TAG_STYLE } from '../../platform/documents/pdf/layout.ts';
import type { CertificateProperty, CertificateReceiver, CertificateTrustTerms } from './certificate-facts.ts';
import { trustTermsSection } from './certificate-terms.ts';

const t = (k: string) => `${translate(`hibah.certificate.${k}`, 'ms')} / ${translate(`hibah.certificate.${k}`, 'en')}`;

/** Everything the hibah certificate prints (and nothing else: its canonical JSON fingerprints the version; ADR 0071). */
export interface HibahCertificateData {
  id: string;
  number: string;
  hibahType: number;
  registeredAt: Date | null;
  organizationName: string | null;
  grantor: { name: string; ic: string };
  /**
   * The company that made a corporate hibah (issue 21 item 6; ADR 0165), printed in place of a person:
   * name, SSM number, registered address, authorised signatories and the board resolution (file name and
   * the SHA-256 of the stored file). Absent for other products (their fingerprint is unchanged).
   */
  company?: CertificateCompany;
  /**
   * Per receiver: MyKad, relationship, the property and share given, the minor flag, the caretaker(s) with
   * the allowance, and who accepted for a minor (hibah/certificate-facts.ts; issue 21 item 2).
   */
  receivers: CertificateReceiver[];
  /**
   * The trust's terms as entered (purpose, property source, period, distribution instructions; issue 37
   * item 5, ADR 0252). Absent when none was entered, so such a certificate's fingerprint is unchanged.
   */
  trust?: CertificateTrustTerms;
  /** One line per property (catalogue labels, then the identifying numbers) and its kind label. */
  properties: CertificateProperty[];
  witnesses: { name: string; confirmedAt: Date | null }[];
  /** The certificate-of-completion page (issue 11; ADR 0074). */
  completion: CompletionData;
  /** QR code (PNG data URL) of `verifyUrl`, the public verification page. */
  qr: string;
  verifyUrl: string;
  /**
   * The version of the hibah's content printed (ADR 0037), under the number. Absent on the certificate of
   * the live hibah (so the fingerprint of certificates issued before versions were printed is unchanged).
   */
  versionNo?: number;
  /**
   * The amended hibah (ADR 0098, as ADR 0074 for wills): the amendment that made this version and the
   * previous one it replaces — the previous version's content hash (`hibah_versions.sha256`) and the
   * SHA-256 of the last sealed hibah document issued before the amendment succeeded (null: none issued).
   */
  amendment?: HibahAmendmentBlock;
}

/** A corporate grantor as printed (ADR 0165). */
export interface CertificateCompany {
  name: string;
  registrationNumber: string;
  /** "address, postcode city, state". */
  address: string;
  signatories: { name: string; ic: string; designation: string }[];
  resolution: { filename: string; sha256: string } | null;
}

/** The "Pindaan / Amendment" block of an amended hibah (ADR 0098). */
interface HibahAmendmentBlock {
  referenceNo: string;
  approvedAt: Date | null;
  /** The version this amendment replaced. */
  amendsVersion: number;
  previousVersionSha256: string | null;
  previousDocumentSha256: string | null;
}

/** "Malay / English" of a `sealed.amendment.*` key. */
const sealedBi = (key: string) =>
  `${translate(`sealed.amendment.${key}`, 'ms')} / ${translate(`sealed.amendment.${key}`, 'en')}`;

/** The "Pindaan / Amendment" block (ADR 0098): reference, approval, the version and document it replaces. */
function amendmentSection(a: HibahAmendmentBlock | undefined): Content[] {
  if (!a) return [];
  const row = (key: string, value: string, small = false) => [
    { text: sealedBi(key), color: '#444444' },
    { text: value, fontSize: small ? 7 : 9 },
  ];
  return [
    { text: sealedBi('title'), bold: true, color: ACCENT, margin: [0, 10, 0, 2] },
    {
      table: {
        widths: [170, '*'],
        body: [
          row('reference', a.referenceNo),
          row('approved_at', formatKlDateTime(a.approvedAt)),
          row('amends', String(a.amendsVersion)),
          row('previous_version', a.previousVersionSha256 ?? '-', true),
          row('previous_document', a.previousDocumentSha256 ?? sealedBi('none_issued'), true),
        ],
      },
      layout: 'noBorders',
    },
    {
      text: translate('sealed.amendment.statement_hibah', 'ms'),
      fontSize: 8,
      margin: [0, 4, 0, 0],
      alignment: 'justify',
    },
    {
      text: translate('sealed.amendment.statement_hibah', 'en'),
      fontSize: 8,
      italics: true,
      alignment: 'justify',
      style: TAG_STYLE.english,
    },
  ];
}

/**
 * One block per receiver: name, MyKad and relationship; each property given with the share; whether a
 * minor; the caretaker(s) with the allowance; who accepted (qabul) for a minor (issue 21 item 2).
 */
function receiverBlocks(receivers: CertificateReceiver[]): Content[] {
  if (!receivers.length) return [{ text: '-' }];
  return receivers.map((r, i) => ({
    margin: [0, 2, 0, 6],
    stack: [
      { text: `${i + 1}. ${r.name} (${r.ic}) — ${r.relationship}`, bold: true },
      ...r.shares.map((s) => ({ text: `${t('share')}: ${s.property} — ${s.portion}`, margin: [10, 0, 0, 0] })),
      ...(r.shares.length ? [] : [{ text: `${t('share')}: -`, margin: [10, 0, 0, 0] }]),
      {
        text: `${t('minor')}: ${r.minor ? t('yes') : t('no')}`,
        margin: [10, 0, 0, 0],
      },
      ...r.caretakers.map((c) => ({
        text: `${t('caretaker')}: ${c.name} (${c.ic}) — ${c.relationship}; ${t('allowance')}: ${
          c.allowance ? `${c.allowance.amount}, ${c.allowance.frequency}` : t('no_allowance')
        }`,
        margin: [10, 0, 0, 0],
      })),
      {
        text: `${t('accepted_at')}: ${r.acceptedAt ? formatKlDateTime(r.acceptedAt) : t('not_accepted')}`,
        margin: [10, 0, 0, 0],
      },
      ...(r.acceptedBy ? [{ text: `${t('accepted_by')}: ${r.acceptedBy}`, margin: [10, 0, 0, 0] }] : []),
    ],
  })) as Content[];
}

/**
 * The grantor block of a corporate hibah (ADR 0165): "Syarikat pemberi hibah / Grantor company" with the
 * name and SSM number, the registered address, each authorised signatory (name, MyKad, designation) and the
 * board resolution (file name, SHA-256).
 */
function companySection(c: CertificateCompany, section: (k: string) => Content): Content[] {
  const line = (k: string, v: string, small = false): Content[] => [
    { text: t(k), color: '#444444' },
    { text: v, fontSize: small ? 7 : 9 },
  ];
  return [
    section('company'),
    {
      table: {
        widths: [150, '*'],
        body: [
          line('company', c.name),
          line('registration_number', c.registrationNumber),
          line('address', c.address || '-'),
          line('signatories', c.signatories.map((x) => `${x.name} (${x.ic}) — ${x.designation}`).join('\n') || '-'),
          line('resolution', c.resolution ? `${c.resolution.filename}\nSHA-256: ${c.resolution.sha256}` : '-', true),
        ],
      },
      layout: 'lightHorizontalLines',
      margin: [0, 2, 0, 8],
    },
  ];
}

/** Render the certificate (unsealed PDF bytes, A4) from its data; pure. */
export async function renderHibahCertificate(d: HibahCertificateData): Promise<Buffer> {
  const rows = (items: string[][]): Content => ({
    table: { widths: ['*', 120], body: items.length ? items : [['-', '-']] },
    layout: 'lightHorizontalLines',
    margin: [0, 2, 0, 8],
  });
  const section = (k: string): Content => ({
    text: t(k),
    bold: true,
    color: ACCENT,
    margin: [0, 10, 0, 2],
    style: TAG_STYLE.h2,
  });
  const content: Content[] = [
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: t('title'), bold: true, fontSize: 16, color: ACCENT, alignment: 'center', style: TAG_STYLE.h1 },
            {
              text: `${labelOf(HIBAH_TYPES, d.hibahType, 'ms')} / ${labelOf(HIBAH_TYPES, d.hibahType, 'en')}`,
              alignment: 'center',
            },
            { text: `${t('number')}: ${d.number}`, bold: true, alignment: 'center', margin: [0, 6, 0, 0] },
            { text: `${t('registered_at')}: ${formatKlDateTime(d.registeredAt)}`, alignment: 'center' },
            ...(d.versionNo ? [{ text: `${t('version')}: ${d.versionNo}`, alignment: 'center' as const }] : []),
            { text: d.organizationName ?? '', alignment: 'center', color: '#444444' },
          ],
        },
        { width: 95, ...qrBlock(d.qr, d.verifyUrl, 80) },
      ],
    },
    ...(d.company ? companySection(d.company, section) : [section('grantor'), rows([[d.grantor.name, d.grantor.ic]])]),
    ...trustTermsSection(d.trust, section),
    section('receivers'),
    ...receiverBlocks(d.receivers),
    section('property'),
    rows(d.properties.map((p) => [p.line, p.kind])),
    section('witnesses'),
    rows(d.witnesses.map((w) => [w.name, formatKlDateTime(w.confirmedAt)])),
    ...amendmentSection(d.amendment),
    ...completionPage(d.completion, `${t('title')} ${d.number}`),
  ];
  return renderPdf({
    info: { title: `Hibah ${d.number}`, subject: 'Sijil Hibah / Hibah Certificate', creator: 'Wasiat platform' },
    content,
    footer: footer(`${d.number}${d.versionNo ? ` v${d.versionNo}` : ''} · ${d.verifyUrl}`),
    pageMargins: [40, 40, 40, 50],
  });
}
