/**
 * The sealed consent record of a verified death (issue 40 item 5; ADR 0275): a PDF, Malay with English beside it,
 * that lists each bequest needing the heirs' consent (its name, why — to an heir or beyond one third — and its amount
 * in ringgit) and, under it, every heir of the will: their decision and its time (Asia/Kuala_Lumpur), "not decided"
 * for an adult who has not, "the bequest is to them" for its own beneficiary, and the minors, the heirs under
 * guardianship, those whose age cannot be read and those faraid excludes, each with why they do not consent.
 *
 * It leaves through the documents module's `issueSealed` (render → seal with the platform's key → keep the bytes and
 * their SHA-256 in `issued_documents`, audited `document.issue`; ADR 0070) as subject `DeathReport`, kind
 * `consent_record`; its content (what it prints) is the fingerprint, printed at the foot of each page, so the same
 * decisions give byte-identical downloads and each new decision a new registered version.
 */
import { formatKlDate, formatKlDateTime, formatRinggit, labelOf, RELATIONSHIPS, translate } from '@wasiat/domain';
import type { Content, TableCell } from 'pdfmake/interfaces';
import type { Ctx } from '../../context.ts';
import { issueSealed, renderPdf, TAG_STYLE } from '../documents/index.ts';
import { type ConsentState, consentState, standing } from './estate.ts';

const ACCENT = '#0b5d3b';
const both = (ms: string, en: string) => (ms === en ? ms : `${ms} / ${en}`);

const STATUS: Record<string, [string, string]> = {
  deceased: [
    'Meninggal dunia selepas si mati: mewarisi melalui harta pusakanya',
    'Died after the deceased: inherits through their own estate',
  ],
  consented: ['Bersetuju', 'Consented'],
  refused: ['Menolak', 'Refused'],
  pending: ['Belum membuat keputusan', 'Not decided'],
  own: ['Wasiat kepadanya (tidak memberi persetujuan)', 'The bequest is to them (does not consent)'],
  minor: [
    'Belum dewasa: tidak memberi persetujuan, bahagiannya kekal penuh',
    'Minor: does not consent, share stays whole',
  ],
  guardianship: [
    'Di bawah penjagaan: tidak memberi persetujuan, bahagiannya kekal penuh',
    'Under guardianship: does not consent, share stays whole',
  ],
  age_unknown: ['Umur tidak diketahui: tidak memberi persetujuan dalam talian', 'Age unknown: does not consent online'],
  excluded: ['Terhalang (hajb): bukan waris harta ini', 'Excluded (hajb): not an heir of this estate'],
};
const REASON: Record<string, [string, string]> = {
  to_heir: ['Wasiat kepada waris', 'A bequest to an heir'],
  beyond_third: ['Melebihi satu pertiga', 'Beyond one third'],
};

/** What the record prints (its canonical JSON is the version fingerprint): both languages, no time of printing. */
function recordContent(ms: ConsentState, en: ConsentState) {
  const enLabel = new Map(en.bequests.map((b) => [b.bequest_ref, b.label]));
  return {
    deceased: ms.report.deceased_name,
    date_of_death: ms.report.date_of_death,
    wasiat_no: ms.will?.wasiat_no ?? null,
    bequests: ms.bequests.map((b) => ({
      ref: b.bequest_ref,
      label: both(b.label, enLabel.get(b.bequest_ref) ?? b.label),
      reason: b.reason,
      amount_sen: b.amount_sen,
      heirs: ms.heirs.map((h) => ({
        name: h.name,
        relationship: h.relationship,
        ...standing(ms, h, b),
      })),
    })),
  };
}
type RecordContent = ReturnType<typeof recordContent>;

const cell = (text: string, bold = false): TableCell => ({ text, bold, fontSize: 9 });
const rel = (code: string) => both(labelOf(RELATIONSHIPS, code, 'ms'), labelOf(RELATIONSHIPS, code, 'en'));

/** The unsealed PDF of `c`, with the content's fingerprint at the foot of each page. */
async function renderRecord(c: RecordContent, contentSha256: string): Promise<Buffer> {
  const content: Content[] = [
    {
      text: both('Rekod persetujuan waris', "Heirs' consent record"),
      bold: true,
      fontSize: 15,
      color: ACCENT,
      style: TAG_STYLE.h1,
    },
    {
      text: [
        `${both('Si mati', 'Deceased')}: ${c.deceased}\n`,
        `${both('Tarikh kematian', 'Date of death')}: ${c.date_of_death ? formatKlDate(`${c.date_of_death}T00:00:00+08:00`) : '-'}\n`,
        `${both('No. wasiat', 'Will no.')}: ${c.wasiat_no ?? '-'}`,
      ],
      margin: [0, 6, 0, 4],
    },
    {
      text: 'Enakmen Wasiat Orang Islam (Selangor) 1999 s.26: wasiat kepada waris, atau melebihi satu pertiga, berkuat kuasa hanya dengan persetujuan waris selepas kematian. Hanya waris dewasa (18 tahun, Akta Umur Dewasa 1971 s.2) yang tidak di bawah penjagaan memberi persetujuan; setiap keputusan adalah muktamad.',
      fontSize: 8,
    },
    {
      text: "Selangor Muslim Wills Enactment 1999 s.26: a bequest to an heir, or beyond one third, takes effect only with the heirs' consent after the death. Only adult heirs (18, Age of Majority Act 1971 s.2) not under guardianship consent; each decision is final.",
      fontSize: 8,
      italics: true,
      color: '#444444',
      margin: [0, 0, 0, 6],
    },
  ];
  if (c.bequests.length === 0) {
    content.push({
      text: both('Tiada wasiat yang memerlukan persetujuan waris.', 'No bequest needs the heirs’ consent.'),
    });
  }
  c.bequests.forEach((b, i) => {
    const [rm, re] = REASON[b.reason];
    content.push({
      text: `${i + 1}. ${b.label}`,
      bold: true,
      color: ACCENT,
      margin: [0, 8, 0, 2],
    });
    content.push({
      text: `${both(rm, re)} — ${both('Amaun', 'Amount')}: ${b.amount_sen === null ? both('belum diketahui', 'not yet known') : formatRinggit(b.amount_sen)}`,
      fontSize: 9,
      margin: [0, 0, 0, 4],
    });
    content.push({
      table: {
        headerRows: 1,
        widths: ['*', 90, '*', 90],
        body: [
          [
            cell(both('Waris', 'Heir'), true),
            cell(both('Hubungan', 'Relationship'), true),
            cell(both('Keputusan', 'Decision'), true),
            cell(both('Masa', 'Time'), true),
          ],
          ...b.heirs.map((h) => [
            cell(h.name),
            cell(rel(h.relationship)),
            cell(both(...(STATUS[h.status] ?? [h.status, h.status]))),
            cell(h.decided_at ? formatKlDateTime(h.decided_at) : '-'),
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
    });
  });
  return renderPdf({
    info: { title: `${both('Rekod persetujuan waris', "Heirs' consent record")} ${c.wasiat_no ?? ''}`.trim() },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    content,
    footer: (page: number, pages: number) => ({
      text: `${both('Cap jari kandungan', 'Content fingerprint')} SHA-256 ${contentSha256} — ${page}/${pages}`,
      fontSize: 6,
      margin: [40, 10],
    }),
  });
}

/**
 * The sealed consent record of report `reportId` (the caller has checked it may see it).
 * @returns `{ bytes, filename, sha256 }`; the issue is audited `document.issue` (documents module).
 */
export async function consentRecordPdf(ctx: Ctx, reportId: string, actor: { userId: string | null; ip?: string }) {
  const now = new Date();
  const content = recordContent(
    await consentState(ctx.db, reportId, 'ms', now),
    await consentState(ctx.db, reportId, 'en', now),
  );
  const out = await issueSealed(
    ctx,
    { subjectType: 'DeathReport', subjectId: reportId, kind: 'consent_record' },
    content,
    (sha) => renderRecord(content, sha),
    { reason: `${translate('consents.record.seal_reason', 'ms')} / ${translate('consents.record.seal_reason', 'en')}` },
    actor,
  );
  return { bytes: out.bytes, sha256: out.sha256, filename: `persetujuan-waris-${reportId.slice(0, 8)}.pdf` };
}
