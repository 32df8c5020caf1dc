/**
 * The signing parts of the will PDF (pdf/will.ts): a signature box, the signature facts table (ADR 0015, 0123)
 * and the "Pindaan / Amendment" block of an amended will (ADR 0074). Pure: data in, pdfmake content out.
 */
import { translate } from '@wasiat/domain';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { ACCENT, bi, figure, formatKlDateTime, listTable, TAG_STYLE } from '../../../platform/documents/pdf/layout.ts';
import type { WillPdfData } from './will-data.ts';

/**
 * A signature box: the image (or an empty space), a line, the name and MyKad, and `extra` lines under them.
 * The image is a tagged `Figure` whose `/Alt` reads "Tandatangan / Signature: <name>" (ADR 0299).
 */
export function signatureBox(
  label: string,
  name: string,
  ic: string,
  image: string | null,
  extra: Content[] = [],
): Content {
  return {
    stack: [
      { text: label, bold: true, fontSize: 8 },
      image
        ? figure({ image, fit: [150, 55], margin: [0, 4, 0, 0] }, `${bi('field.signature')}: ${name}`)
        : { text: ' ', margin: [0, 4, 0, 51] },
      { canvas: [{ type: 'line', x1: 0, y1: 2, x2: 150, y2: 2, lineWidth: 0.5 }] },
      { text: name, margin: [0, 3, 0, 0] },
      { text: `${bi('field.ic_number')}: ${ic}`, fontSize: 8 },
      ...extra,
    ],
    unbreakable: true,
  };
}

/** "Tandatangan / Signatures" facts: role, name, method, time (Asia/Kuala_Lumpur), IP, document hash prefix. */
export function signatureFactsSection(d: WillPdfData): Content[] {
  const facts = d.signatureFacts ?? [];
  if (facts.length === 0) return [];
  return [
    { text: bi('will.signature_facts'), bold: true, margin: [0, 12, 0, 4] },
    listTable(
      ['role', 'name', 'signature_method', 'signed_at', 'ip', 'document_hash'],
      facts.map((f) => [
        bi(`field.${f.role === 'witness' ? 'witness' : 'testator'}`),
        f.name,
        bi(`signature_method.${f.method === 'typed' ? 'typed' : 'drawn'}`),
        formatKlDateTime(f.signedAt),
        f.ip ?? '-',
        f.sha256.slice(0, 16),
      ]),
      [50, '*', 50, 70, 70, 80],
    ),
  ];
}

const sealedBi = (key: string) =>
  `${translate(`sealed.amendment.${key}`, 'ms')} / ${translate(`sealed.amendment.${key}`, 'en')}`;

/** The "Pindaan / Amendment" block of an amended will (ADR 0074): reference, date, what it replaces. */
export function amendmentSection(d: WillPdfData): Content[] {
  const a = d.amendment;
  if (!a) return [];
  const row = (key: string, value: string, small = false): TableCell[] => [
    { text: sealedBi(key), color: '#444444' },
    { text: value, fontSize: small ? 7 : 9 },
  ];
  return [
    {
      stack: [
        { text: sealedBi('title'), bold: true, fontSize: 11, color: ACCENT, style: TAG_STYLE.h2 },
        { canvas: [{ type: 'line', x1: 0, y1: 2, x2: 515, y2: 2, lineWidth: 0.6, lineColor: ACCENT }] },
      ],
      margin: [0, 12, 0, 6],
    },
    {
      table: {
        widths: [170, '*'],
        body: [
          row('reference', a.referenceNo),
          row('approved_at', formatKlDateTime(a.approvedAt)),
          row('amends', String(a.amendsVersion)),
          row('previous_version', a.previousVersionSha256 ?? '-', true),
          row(
            'previous_document',
            a.previousDocumentSha256 ??
              `${translate('sealed.amendment.none_issued', 'ms')} / ${translate('sealed.amendment.none_issued', 'en')}`,
            true,
          ),
        ],
      },
      layout: 'noBorders',
    },
    { text: translate('sealed.amendment.statement', 'ms'), fontSize: 8, margin: [0, 4, 0, 0], alignment: 'justify' },
    {
      text: translate('sealed.amendment.statement', 'en'),
      fontSize: 8,
      italics: true,
      alignment: 'justify',
      style: TAG_STYLE.english,
    },
  ];
}
