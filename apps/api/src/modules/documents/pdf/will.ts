/**
 * The registered will as a PDF (docs/api/documents.md `GET /wasiat/{id}/certificate/final`): the Malay
 * legal text with the English beside every label and value and under every paragraph (ADR 0152), the Bismillah in Arabic, the testator's particulars, heirs, (comprehensive plan)
 * property with receivers and shares, guardians and bequests, the declaration, the signatures of the
 * testator and the witnesses as images, the registration number and date, and a QR code to the public
 * verification page. Pure: data in, PDF bytes out (the data is loaded by ../service.ts). The amended will
 * (../amendment-document.ts) is the same document with an "Amendment" block (ADR 0074).
 */
import {
  checkBequests,
  DESIGNATIONS,
  formatRinggit,
  GENDERS,
  type HeirBequestJson,
  IMMOVEABLE_CATEGORIES,
  LAND_TITLE_TYPES,
  MARITAL_STATUSES,
  MOVEABLE_PROPERTY_TYPES,
  NATIONALITIES,
  RELIGIONS,
  relationshipLabel,
  translate,
  WILL_PLANS,
  WILL_TYPES,
  willEstate,
} from '@wasiat/domain';
import type { Content, TableCell } from 'pdfmake/interfaces';
import type {
  bequests,
  caretakers,
  heirs,
  immoveable_properties,
  moveable_properties,
  will_user_details,
  wills,
} from '../../../db/schema/index.ts';
import type { CompletionData } from '../completion.ts';
import { completionPage } from './completion.ts';
import { ARABIC_FONT, BISMILLAH, renderPdf, rtlLine } from './fonts.ts';
import { heirBequestsSection } from './heir-bequests.ts';
import {
  ACCENT,
  bi,
  biCode,
  biLabel,
  biParagraph,
  fieldsTable,
  footer,
  formatKlDateTime,
  heading,
  joinAddress,
  listTable,
  qrBlock,
} from './layout.ts';

/** A receiver's share of one property. */
export interface ShareLine {
  name: string;
  relationship: string;
  portion: string;
  /** The receiver's MyKad (son/daughter label), when given. */
  ic_number?: string | null;
}

/** Everything printed on the will. Signatures are image data URLs (PNG/JPEG) or null. */
export interface WillPdfData {
  will: typeof wills.$inferSelect;
  /** The testator's particulars (part C); falls back to the account's name and MyKad. */
  detail: typeof will_user_details.$inferSelect | null;
  testatorName: string;
  testatorIc: string;
  organizationName: string | null;
  branchName: string | null;
  heirs: (typeof heirs.$inferSelect)[];
  witnesses: { name: string; ic_number: string; signature: string | null }[];
  moveables: { property: typeof moveable_properties.$inferSelect; shares: ShareLine[] }[];
  immoveables: { property: typeof immoveable_properties.$inferSelect; shares: ShareLine[] }[];
  caretakers: (typeof caretakers.$inferSelect)[];
  bequests: (typeof bequests.$inferSelect)[];
  testatorSignature: string | null;
  /**
   * Facts of the printed signatures (ADR 0015): role (testator | witness), name, time, IP, document hash and
   * how it was made (`drawn` | `typed`, ADR 0123; absent = drawn).
   */
  signatureFacts?: {
    role: string;
    name: string;
    signedAt: Date;
    ip: string | null;
    sha256: string;
    method?: string;
  }[];
  /** The certificate-of-completion page appended at the end (issue 11; ADR 0072), when given. */
  completion?: CompletionData;
  /** The version of the will's content printed (ADR 0021); printed under the registration number. */
  versionNo?: number;
  /**
   * The amended will (ADR 0074): the amendment that made this version and the previous one it replaces —
   * the previous version's content hash (will_versions) and the SHA-256 of the last sealed document issued
   * before the amendment succeeded (null when none was issued).
   */
  amendment?: {
    referenceNo: string;
    approvedAt: Date | null;
    amendsVersion: number;
    previousVersionSha256: string | null;
    previousDocumentSha256: string | null;
  };
  /** Bequests to heirs through property shares and when they were acknowledged (pdf/heir-bequests.ts, ADR 0155). */
  heirBequests?: HeirBequestJson[];
  heirBequestsAcknowledgedAt?: Date | null;
  /** QR code (PNG data URL) and the URL it encodes. */
  qr: string;
  verifyUrl: string;
}

/**
 * A relationship's "Malay / English" value; a child reads Anak lelaki / Son or Anak perempuan / Daughter from
 * their MyKad (issue 17 item 6; ADR 0152).
 */
const rel = (code: string | null | undefined, ic?: string | null) =>
  biLabel(
    code ? { ms: relationshipLabel(code, ic, 'ms') || code, en: relationshipLabel(code, ic, 'en') || code } : undefined,
  );
const labelled = (key: string, value: string | null | undefined) => (value ? `${bi(`field.${key}`)}: ${value}` : null);

/** One line describing a movable property (institution, numbers, vehicle). */
function moveableParticulars(p: typeof moveable_properties.$inferSelect): string {
  const vehicle = [p.transport_type, p.transport_manufacturer, p.transport_model].filter(Boolean).join(' ');
  return (
    [
      p.institution_name,
      vehicle || null,
      labelled('vehicle_registration_number', p.transport_registration_number),
      labelled('account_number', p.account_number),
      labelled('policy_number', p.policy_number),
      labelled('company_registration_number', p.company_registration_number),
    ]
      .filter(Boolean)
      .join('; ') || '-'
  );
}

/** One line describing an immovable property (title, lot, location). */
function immoveableParticulars(p: typeof immoveable_properties.$inferSelect): string {
  return [
    `${biCode(LAND_TITLE_TYPES, p.property_type)} — ${bi('field.title_no')}: ${p.property_no}`,
    labelled('lot_number', p.lot_number),
    joinAddress(p.address, p.city, labelled('district', p.district), p.state),
  ].join('; ');
}

const sharesCell = (shares: ShareLine[]): TableCell =>
  shares.length
    ? { stack: shares.map((s) => ({ text: `${s.name} (${rel(s.relationship, s.ic_number)}) — ${s.portion}` })) }
    : { text: '-' };

const valueCell = (sen: number | null) => (sen == null ? '-' : formatRinggit(sen));

/**
 * The estate block (issue 9; comprehensive plan): the gross and net estate when known, the executor fee
 * line ("Fi wasi / Executor fee", spec §9, ADR 0011: 2% of the gross estate, the provider's part by
 * band), and — when the testator recorded it — the statement that the heirs consent to bequests above
 * one third or to heirs (Muslim Wills Enactment (Selangor) 1999 s.26(2)), with the testator's note.
 */
function estateSection(d: WillPdfData): Content[] {
  const { will } = d;
  const e = willEstate({
    estimatedEstate: will.estimated_estate_sen,
    propertyValues: [...d.moveables, ...d.immoveables].map((x) => x.property.value_sen),
    funeral: will.funeral_sen,
    debts: will.debts_sen,
    hartaSepencarian: will.harta_sepencarian_sen,
    bequests: checkBequests(d.bequests, d.heirs).total,
    heirsConsent: will.heirs_consent,
  });
  const out: Content[] = [];
  if (e.grossSen !== null && e.net && e.executorFee) {
    const f = e.executorFee;
    out.push(heading('will.estate'), {
      table: {
        widths: [180, '*'],
        body: [
          [{ text: bi('will.estate_gross'), bold: true }, formatRinggit(e.grossSen)],
          [{ text: bi('will.estate_net'), bold: true }, formatRinggit(e.net.afterClaims)],
          [
            { text: bi('will.executor_fee'), bold: true },
            {
              stack: biParagraph('will.executor_fee_text', {
                fee: formatRinggit(f.fee),
                estate: formatRinggit(f.estate),
                provider: formatRinggit(f.providerBears),
                percent: f.providerPercent,
                estate_pays: formatRinggit(f.estatePays),
              }),
            },
          ],
        ],
      },
      layout: 'lightHorizontalLines',
      margin: [0, 0, 0, 6],
    });
  }
  if (will.heirs_consent) {
    out.push(heading('will.heirs_consent'), ...biParagraph('will.heirs_consent_text'));
    if (will.heirs_consent_note) out.push({ text: will.heirs_consent_note, italics: true, margin: [0, 0, 0, 6] });
  }
  return out;
}

function propertySections(d: WillPdfData): Content[] {
  return [
    heading('will.moveable'),
    listTable(
      ['property_type', 'particulars', 'value', 'receivers'],
      d.moveables.map(({ property: p, shares }) => [
        biLabel(MOVEABLE_PROPERTY_TYPES.find((x) => x.code === p.property_type)),
        moveableParticulars(p),
        valueCell(p.value_sen),
        sharesCell(shares),
      ]),
      [80, '*', 60, 150],
    ),
    heading('will.immoveable'),
    listTable(
      ['property_type', 'particulars', 'value', 'receivers'],
      d.immoveables.map(({ property: p, shares }) => [
        biLabel(IMMOVEABLE_CATEGORIES.find((x) => x.code === p.category)),
        immoveableParticulars(p),
        valueCell(p.value_sen),
        sharesCell(shares),
      ]),
      [80, '*', 60, 150],
    ),
    heading('will.guardians'),
    listTable(
      ['name', 'ic_number', 'relationship', 'wards'],
      d.caretakers.map((c) => [c.name, c.ic_number, rel(c.relationship), c.wards ?? '-']),
    ),
    heading('will.bequests'),
    listTable(
      ['beneficiary', 'ic_number', 'purpose', 'portion'],
      d.bequests.map((b) => [b.beneficiary_name, b.ic_number ?? '-', b.purpose ?? '-', b.portion]),
      ['*', 90, '*', 60],
    ),
    ...estateSection(d),
  ];
}

/** A signature box: the image (or an empty space), a line, the name and MyKad. */
function signatureBox(label: string, name: string, ic: string, image: string | null): Content {
  return {
    stack: [
      { text: label, bold: true, fontSize: 8 },
      image ? { image, fit: [150, 55], margin: [0, 4, 0, 0] } : { text: ' ', margin: [0, 4, 0, 51] },
      { canvas: [{ type: 'line', x1: 0, y1: 2, x2: 150, y2: 2, lineWidth: 0.5 }] },
      { text: name, margin: [0, 3, 0, 0] },
      { text: `${bi('field.ic_number')}: ${ic}`, fontSize: 8 },
    ],
    unbreakable: true,
  };
}

/** "Tandatangan / Signatures" facts: role, name, method, time (Asia/Kuala_Lumpur), IP, document hash prefix. */
function signatureFactsSection(d: WillPdfData): Content[] {
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
function amendmentSection(d: WillPdfData): Content[] {
  const a = d.amendment;
  if (!a) return [];
  const row = (key: string, value: string, small = false): TableCell[] => [
    { text: sealedBi(key), color: '#444444' },
    { text: value, fontSize: small ? 7 : 9 },
  ];
  return [
    {
      stack: [
        { text: sealedBi('title'), bold: true, fontSize: 11, color: ACCENT },
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
    { text: translate('sealed.amendment.statement', 'en'), fontSize: 8, italics: true, alignment: 'justify' },
  ];
}

/**
 * Build the will PDF.
 * @returns PDF bytes (A4 portrait).
 */
export async function renderWillPdf(d: WillPdfData): Promise<Buffer> {
  const { will, detail } = d;
  // A basic will that an amendment gave property, guardians or bequests prints them too (ADR 0021).
  const comprehensive =
    will.plan === 'comprehensive' ||
    d.moveables.length + d.immoveables.length + d.caretakers.length + d.bequests.length > 0;
  const org = d.organizationName ?? '-';
  const designation = detail?.designation ? biCode(DESIGNATIONS, detail.designation) : '';
  const justify = { alignment: 'justify' };
  const declaration = [
    ...biParagraph(
      'will.declaration_text',
      { name: d.testatorName, ic_number: d.testatorIc, organization: org },
      justify,
    ),
    ...(will.wasiat_type !== 2 ? biParagraph('will.declaration_faraid', undefined, justify) : []),
  ];

  const header: Content = {
    columns: [
      {
        width: '*',
        stack: [
          { text: rtlLine(BISMILLAH), font: ARABIC_FONT, fontSize: 20, alignment: 'center', margin: [0, 0, 0, 4] },
          { text: bi('will.title'), bold: true, fontSize: 15, alignment: 'center', color: ACCENT },
          {
            text: biLabel(WILL_TYPES.find((x) => x.code === will.wasiat_type)),
            alignment: 'center',
            margin: [0, 2, 0, 0],
          },
          {
            text: `${bi('field.wasiat_no')}: ${will.wasiat_no ?? '-'}`,
            bold: true,
            alignment: 'center',
            margin: [0, 6, 0, 0],
          },
          { text: `${bi('field.registered_at')}: ${formatKlDateTime(will.registered_at)}`, alignment: 'center' },
          { text: `${bi('field.version')}: ${d.versionNo ?? will.current_version}`, alignment: 'center' },
        ],
      },
      { width: 95, ...qrBlock(d.qr, d.verifyUrl, 80) },
    ],
    columnGap: 10,
  };

  const content: Content[] = [
    header,
    ...amendmentSection(d),
    heading('will.testator'),
    fieldsTable([
      ['name', [designation, d.testatorName].filter(Boolean).join(' ')],
      ['ic_number', d.testatorIc],
      [
        'address',
        joinAddress(
          detail?.permanent_address ?? detail?.correspondence_address,
          detail?.permanent_postcode ?? detail?.correspondence_postcode,
          detail?.permanent_city ?? detail?.correspondence_city,
          detail?.permanent_state ?? detail?.correspondence_state,
        ),
      ],
      ['gender', biCode(GENDERS, detail?.gender)],
      ['religion', biCode(RELIGIONS, detail?.religion)],
      ['nationality', biCode(NATIONALITIES, detail?.nationality)],
      ['marital_status', biCode(MARITAL_STATUSES, detail?.marital_status)],
    ]),
    heading('will.details'),
    fieldsTable([
      ['will_type', biLabel(WILL_TYPES.find((x) => x.code === will.wasiat_type))],
      ['plan', biLabel(WILL_PLANS.find((x) => x.code === will.plan))],
      ['organization', d.organizationName],
      ['branch', d.branchName],
      ['wasiat_no', will.wasiat_no],
      ['registered_at', formatKlDateTime(will.registered_at)],
    ]),
    heading('will.heirs'),
    listTable(
      ['name', 'ic_number', 'relationship'],
      d.heirs.map((h) => [h.name, h.ic_number ?? '-', rel(h.relationship, h.ic_number)]),
      ['*', 110, 120],
    ),
    ...(comprehensive ? propertySections(d) : []),
    ...heirBequestsSection(d),
    heading('will.declaration'),
    ...declaration,
    heading('will.signatures'),
    {
      columns: [signatureBox(bi('field.testator'), d.testatorName, d.testatorIc, d.testatorSignature), { text: '' }],
      margin: [0, 0, 0, 10],
    },
    ...biParagraph('will.attestation'),
    {
      columns: d.witnesses.map((w, i) =>
        signatureBox(`${bi('field.witness')} ${i + 1}`, w.name, w.ic_number, w.signature),
      ),
      columnGap: 20,
    },
    ...signatureFactsSection(d),
    ...(d.completion ? completionPage(d.completion, `${bi('will.title')} ${will.wasiat_no ?? ''}`.trim()) : []),
  ];

  return renderPdf({
    info: { title: `Wasiat ${will.wasiat_no ?? ''}`.trim(), subject: 'Wasiat / Will', creator: 'Wasiat platform' },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    footer: footer(`${will.wasiat_no ?? ''} v${d.versionNo ?? will.current_version} · ${d.verifyUrl}`),
    content,
  });
}
