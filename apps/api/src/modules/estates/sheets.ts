/**
 * The two printable sheets of an estate's route (issue 40 item 7; ADR 0271), pdfmake through the documents
 * module's `renderPdf` (Noto Sans; DESIGN.md §8), Malay first with English beside it (ADR 0152):
 *
 * - the **application data sheet**: the particulars the office of the route asks for — for the small-estate unit
 *   the petition of Act 98 s.8 (Form A), for Amanah Raya its application to administer, for the High Court the
 *   petition of Act 97 — taken from the records: the deceased (name, MyKad, date of death, certificate number), the
 *   will (number, executor), the heirs named in the will, the property with its values in sen shown as ringgit, the
 *   route and why, and the checklist's state. It is a data sheet to copy from, not the official form itself.
 * - the **sijil faraid application sheet**: the particulars a Syariah High Court asks to certify a Muslim's heirs
 *   and their shares (the deceased, the date of death, the heirs known from the will, the property), with blank rows
 *   for heirs the will does not list. Which section of the state's Administration of Islamic Law enactment gives the
 *   court that power could not be read here (ADR 0271); the sheet names no section.
 */
import { formatKlDate, formatKlDateTime, formatRinggit, labelOf, RELATIONSHIPS } from '@wasiat/domain';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { renderPdf, TAG_STYLE } from '../documents/index.ts';
import type { readEstate } from './service.ts';

type Estate = Awaited<ReturnType<typeof readEstate>>;

const ACCENT = '#0b5d3b';
const both = (ms: string, en: string) => (ms === en ? ms : `${ms} / ${en}`);
const rel = (code: string) => both(labelOf(RELATIONSHIPS, code, 'ms'), labelOf(RELATIONSHIPS, code, 'en'));
const h = (ms: string, en: string): Content => ({
  text: both(ms, en),
  bold: true,
  fontSize: 11,
  color: ACCENT,
  margin: [0, 10, 0, 4],
});
const cell = (text: string, bold = false): TableCell => ({ text, bold });
const table = (headers: [string, string][], rows: string[][], widths: (string | number)[]): Content => ({
  table: {
    headerRows: 1,
    widths,
    body: [headers.map(([m, e]) => cell(both(m, e), true)), ...rows.map((r) => r.map((x) => cell(x)))],
  },
  layout: 'lightHorizontalLines',
});
const fields = (rows: [string, string, string | null | undefined][]): Content => ({
  table: { widths: [170, '*'], body: rows.map(([m, e, v]) => [cell(both(m, e)), cell(v || '-')]) },
  layout: 'noBorders',
});

function deceasedBlock(e: Estate): Content[] {
  return [
    h('Butiran si mati', "Deceased's particulars"),
    fields([
      ['Nama', 'Name', e.deceased.name],
      ['No. MyKad', 'MyKad no.', e.deceased.ic_number],
      ['Tarikh kematian', 'Date of death', formatKlDate(`${e.deceased.date_of_death}T00:00:00+08:00`)],
      ['No. sijil kematian', 'Death certificate no.', e.deceased.certificate_no],
      ['No. wasiat', 'Will no.', e.will?.wasiat_no ?? null],
      ['Wasi (pentadbir)', 'Executor', e.will?.executor ?? null],
    ]),
  ];
}

function heirsTable(e: Estate, blanks: number): Content {
  const rows = e.heirs.map((x, i) => [String(i + 1), x.name, rel(x.relationship), x.ic_number ?? '-']);
  for (let i = 0; i < blanks; i++) rows.push([String(rows.length + 1), ' ', ' ', ' ']);
  return table(
    [
      ['Bil.', 'No.'],
      ['Nama', 'Name'],
      ['Hubungan', 'Relationship'],
      ['No. MyKad', 'MyKad no.'],
    ],
    rows,
    [24, '*', 110, 90],
  );
}

function propertyTable(e: Estate): Content[] {
  const rows = e.properties.map((p) => [
    p.kind === 'movable' ? 'Harta alih / Movable' : 'Harta tak alih / Immovable',
    p.description,
    p.value_sen == null ? '-' : formatRinggit(p.value_sen),
  ]);
  return [
    table(
      [
        ['Jenis', 'Kind'],
        ['Butiran', 'Particulars'],
        ['Nilai', 'Value'],
      ],
      rows.length ? rows : [['-', '-', '-']],
      [110, '*', 90],
    ),
    fields([
      ['Jumlah harta alih', 'Movable total', formatRinggit(e.values.movable_sen)],
      ['Jumlah harta tak alih', 'Immovable total', formatRinggit(e.values.immovable_sen)],
      ['Jumlah keseluruhan', 'Total', formatRinggit(e.total_sen)],
      [
        'Sumber nilai',
        'Values from',
        e.values.source === 'staff'
          ? 'Dimasukkan oleh kakitangan / Entered by staff'
          : e.values.source === 'will'
            ? 'Nilai dalam wasiat / The will’s values'
            : 'Tiada direkodkan / None recorded',
      ],
    ]),
  ];
}

const printed = (now: Date) => `${both('Dicetak', 'Printed')}: ${formatKlDateTime(now)}`;
const note = (ms: string, en: string): Content[] => [
  { text: ms, fontSize: 8, margin: [0, 2, 0, 0] },
  { text: en, fontSize: 8, italics: true, color: '#444444', margin: [0, 0, 0, 4], style: TAG_STYLE.english },
];

/** The application data sheet of `e`'s route. @returns PDF bytes (A4). */
export async function applicationSheetPdf(e: Estate, now = new Date()): Promise<Buffer> {
  const content: Content[] = [
    {
      text: both('Helaian data permohonan', 'Application data sheet'),
      bold: true,
      fontSize: 15,
      color: ACCENT,
      style: TAG_STYLE.h1,
    },
    { text: both(e.office.ms, e.office.en), bold: true, margin: [0, 4, 0, 0] },
    ...note(
      'Butiran daripada rekod untuk disalin ke dalam borang rasmi pejabat berkenaan. Ini bukan borang rasmi.',
      "Particulars from the records, to copy into the office's official form. This is not the official form.",
    ),
    ...deceasedBlock(e),
    h('Laluan dan sebabnya', 'The route and why'),
    { text: e.reason.ms, margin: [0, 0, 0, 2] },
    { text: e.reason.en, italics: true, color: '#444444', style: TAG_STYLE.english },
    h('Waris yang dinamakan dalam wasiat', 'Heirs named in the will'),
    heirsTable(e, 0),
    h('Harta dan nilainya', 'Property and its values'),
    ...propertyTable(e),
    h('Senarai semak dokumen', 'Checklist of documents'),
    table(
      [
        ['Dokumen', 'Document'],
        ['Ada', 'Have'],
      ],
      e.checklist.map((c) => [both(c.ms, c.en), c.done ? 'Ya / Yes' : 'Belum / Not yet']),
      ['*', 70],
    ),
  ];
  return renderPdf({
    info: { title: both('Helaian data permohonan', 'Application data sheet') },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    content,
    footer: () => ({ text: printed(now), fontSize: 7, margin: [40, 10] }),
  });
}

/** The sijil faraid application sheet of `e`. @returns PDF bytes (A4). */
export async function faraidSheetPdf(e: Estate, now = new Date()): Promise<Buffer> {
  const content: Content[] = [
    {
      text: both('Helaian permohonan sijil faraid', 'Sijil faraid application sheet'),
      bold: true,
      fontSize: 15,
      color: ACCENT,
      style: TAG_STYLE.h1,
    },
    ...note(
      'Untuk permohonan perakuan waris dan bahagian mereka (sijil faraid) di Mahkamah Tinggi Syariah negeri berkenaan. Lengkapkan waris yang tidak disenaraikan dalam wasiat.',
      "For the application to certify the heirs and their shares (sijil faraid) at the state's Syariah High Court. Add the heirs the will does not list.",
    ),
    ...deceasedBlock(e),
    h('Waris', 'Heirs'),
    heirsTable(e, 4),
    h('Harta si mati', "The deceased's property"),
    ...propertyTable(e),
    h('Pemohon', 'Applicant'),
    fields([
      ['Nama', 'Name', ' '],
      ['No. MyKad', 'MyKad no.', ' '],
      ['Hubungan dengan si mati', 'Relationship to the deceased', ' '],
      ['Tandatangan dan tarikh', 'Signature and date', ' '],
    ]),
  ];
  return renderPdf({
    info: { title: both('Helaian permohonan sijil faraid', 'Sijil faraid application sheet') },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    content,
    footer: () => ({ text: printed(now), fontSize: 7, margin: [40, 10] }),
  });
}
