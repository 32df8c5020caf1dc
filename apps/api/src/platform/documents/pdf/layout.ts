/**
 * Building blocks shared by the will and the receipt PDFs: bilingual labels from the `documents.*`
 * message keys (Malay first, English after a slash), the date style of DESIGN.md §7, tables, the QR
 * code and the page footer. Every label, catalogue value and paragraph is printed in Malay (the legal
 * text) with its English beside it (labels, values: "Lelaki / Male") or under it (paragraphs, in italics)
 * — ADR 0152.
 */
import { type CatalogueEntry, formatKlDateTime as formatKlDateTimeIn, translate } from '@wasiat/domain';
import type { Content, ContentStack, DynamicContent, TableCell } from 'pdfmake/interfaces';
import QRCode from 'qrcode';
import { TAG_STYLE } from './tagged.ts';

export { figure, TAG_STYLE } from './tagged.ts';

/** Brand colour of headings and rules. */
export const ACCENT = '#0b5d3b';

/** Malay text of a `documents.*` key (the language of a document's body). */
export const ms = (key: string, params?: Record<string, string | number>) =>
  translate(`documents.${key}`, 'ms', params);

/** English text of a `documents.*` key (the translation printed with the Malay; ADR 0152). */
export const en = (key: string, params?: Record<string, string | number>) =>
  translate(`documents.${key}`, 'en', params);

/** "Malay / English" label of a `documents.*` key, e.g. "Maklumat Pewasiat / Testator's Particulars". */
export const bi = (key: string) => `${translate(`documents.${key}`, 'ms')} / ${translate(`documents.${key}`, 'en')}`;

/** A catalogue entry's "Malay / English" label, or "-" when unknown. */
export const biLabel = (entry: { ms: string; en: string } | undefined) =>
  entry ? (entry.ms === entry.en ? entry.ms : `${entry.ms} / ${entry.en}`) : '-';

/**
 * A catalogue code's "Malay / English" value (domain catalogue labels, e.g. GENDERS "L" → "Lelaki / Male");
 * the code itself when the catalogue lacks it, "-" when null (ADR 0152).
 */
export function biCode<C extends string | number>(c: readonly CatalogueEntry<C>[], code: C | null | undefined): string {
  if (code == null || code === '') return '-';
  const hit = c.find((x) => x.code === code);
  return hit ? biLabel(hit) : String(code);
}

/**
 * A paragraph in two languages: the Malay text, then its English in italics under it (ADR 0152). `style` applies to
 * both (e.g. `{ fontSize: 8, alignment: 'justify' }`). The English paragraph is tagged `/Lang (en-MY)` in the PDF's
 * structure tree (ADR 0299).
 */
export function biText(t: { ms: string; en: string }, style: Record<string, unknown> = {}): Content[] {
  return [
    { text: t.ms, ...style, margin: [0, 0, 0, 1] },
    { text: t.en, italics: true, color: '#444444', ...style, style: TAG_STYLE.english, margin: [0, 0, 0, 5] },
  ] as Content[];
}

/** A paragraph of a `documents.*` key, Malay legal text then English ({@link biText}). */
export function biParagraph(
  key: string,
  params?: Record<string, string | number>,
  style: Record<string, unknown> = {},
): Content[] {
  return biText({ ms: ms(key, params), en: en(key, params) }, style);
}

/**
 * A UTC instant shown in Asia/Kuala_Lumpur as "23 Nov 26, 14:05" (day, short month, 2-digit year,
 * hour:minute; DESIGN.md §7) by the domain's one date formatter, with the Malay month names of the document's
 * body ("20 Dis 26", not the English "Dec" of Node's ICU data; issue 38, ADR 0281). Null → "-".
 */
export function formatKlDateTime(d: Date | null | undefined): string {
  return (d && formatKlDateTimeIn(d, 'ms')) || '-';
}

/** Join the non-empty parts of an address into one line. */
export const joinAddress = (...parts: (string | null | undefined)[]) =>
  parts.filter((p) => p && String(p).trim()).join(', ') || '-';

/** A section heading: a bilingual label over a thin rule; an `H2` in the PDF's structure tree (ADR 0299). */
export function heading(key: string): Content {
  return {
    stack: [
      { text: bi(key), bold: true, fontSize: 11, color: ACCENT, style: TAG_STYLE.h2 },
      { canvas: [{ type: 'line', x1: 0, y1: 2, x2: 515, y2: 2, lineWidth: 0.6, lineColor: ACCENT }] },
    ],
    margin: [0, 12, 0, 6],
  };
}

/** Label/value rows (labels are `documents.field.*` keys shown bilingually). */
export function fieldsTable(rows: [string, string | null | undefined][]): Content {
  return {
    table: {
      widths: [150, '*'],
      body: rows.map(([key, value]) => [
        { text: bi(`field.${key}`), color: '#444444' },
        { text: value && String(value).trim() ? String(value) : '-' },
      ]),
    },
    layout: 'noBorders',
  };
}

/**
 * A bordered list table: a header row of `documents.field.*` keys and the body rows; "Tiada / None"
 * when empty.
 */
export function listTable(headerKeys: string[], rows: TableCell[][], widths?: (string | number)[]): Content {
  if (rows.length === 0) return { text: bi('none'), italics: true, color: '#666666' };
  return {
    table: {
      headerRows: 1,
      widths: widths ?? headerKeys.map(() => '*'),
      body: [
        headerKeys.map((k) => ({ text: bi(`field.${k}`), bold: true, fillColor: '#eef4f0', fontSize: 8 })),
        ...rows,
      ],
    },
    layout: {
      hLineWidth: () => 0.4,
      vLineWidth: () => 0.4,
      hLineColor: () => '#9bb5a7',
      vLineColor: () => '#9bb5a7',
    },
  };
}

/** A QR code of `url` as a PNG data URL (npm `qrcode`), for `{ image }`. */
export function qrDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

/** The public verification page of a will (`${APP_URL}/public/wasiat/{id}`, the QR code's target). */
export const verifyUrl = (appUrl: string, willId: string) => `${appUrl.replace(/\/$/, '')}/public/wasiat/${willId}`;

/** A QR code with "Sahkan dokumen ini di / Verify this document at" and the URL under it. */
export function qrBlock(qr: string, url: string, size = 80): ContentStack {
  return {
    stack: [
      { image: qr, width: size, alignment: 'center' },
      { text: bi('verify_at'), fontSize: 6.5, alignment: 'center', margin: [0, 2, 0, 0], color: '#444444' },
      { text: url, fontSize: 6, alignment: 'center', color: '#444444' },
    ],
  };
}

/** Footer: a reference on the left, "Muka surat n daripada m / Page n of m" on the right. */
export function footer(reference: string): DynamicContent {
  return (page, pages) => ({
    columns: [
      { text: reference, fontSize: 7, color: '#666666', width: '*' },
      {
        text: `${ms('page', { page, pages })} / ${en('page', { page, pages })}`,
        fontSize: 7,
        color: '#666666',
        alignment: 'right',
        width: 'auto',
      },
    ],
    margin: [40, 10, 40, 0],
  });
}
