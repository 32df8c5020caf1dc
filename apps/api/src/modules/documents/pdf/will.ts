/**
 * The registered will as a PDF (docs/api/documents.md `GET /wasiat/{id}/certificate/final`): the Malay
 * legal text with the English beside every label and value and under every paragraph (ADR 0152), the Bismillah in Arabic, the testator's particulars, heirs, (comprehensive plan)
 * property with receivers and shares, guardians and bequests, the declaration, the signatures of the
 * testator and the witnesses as images, the registration number and date, and a QR code to the public
 * verification page. Pure: data in, PDF bytes out (the data is loaded by ../service.ts). The amended will
 * (../amendment-document.ts) is the same document with an "Amendment" block (ADR 0074).
 *
 * The data (will-data.ts), the property sections (will-property.ts) and the signing parts (will-signatures.ts)
 * live in files named by what they hold; this file lays out the document and is the one import path.
 */
import {
  DESIGNATIONS,
  GENDERS,
  MARITAL_STATUSES,
  NATIONALITIES,
  RELIGIONS,
  WILL_PLANS,
  WILL_TYPES,
} from '@wasiat/domain';
import type { Content } from 'pdfmake/interfaces';
import { completionPage } from '../../../platform/documents/pdf/completion.ts';
import { ARABIC_FONT, BISMILLAH, renderPdf, rtlLine } from '../../../platform/documents/pdf/fonts.ts';
import {
  ACCENT,
  bi,
  biCode,
  biLabel,
  biParagraph,
  fieldsTable,
  formatKlDateTime,
  heading,
  joinAddress,
  listTable,
  qrBlock,
  TAG_STYLE,
} from '../../../platform/documents/pdf/layout.ts';
import { heirBequestsSection } from './heir-bequests.ts';
import type { WillPdfData } from './will-data.ts';
import { executionBlocks, sealedFooter, signatureLawSection } from './will-execution.ts';
import { governingLawSection, identificationLine, witnessRuleParagraph } from './will-governing-law.ts';
import { propertySections, rel } from './will-property.ts';
import { sepencarianDeclaration } from './will-sepencarian.ts';
import { amendmentSection, signatureBox, signatureFactsSection } from './will-signatures.ts';
import { wajibahSection } from './will-wajibah.ts';

export type { ShareLine, WillPdfData } from './will-data.ts';

/**
 * The will's signing blocks: the testator's signature box, the attestation, the governing enactment's witness
 * rule and each witness's box with how they were identified (ADR 0259). Printed under the will's declaration and
 * again under the harta sepencarian declaration (ADR 0286), which the same signatures cover (its rows are part of
 * the will's document version, ADR 0015).
 */
function signingBlocks(d: WillPdfData): Content[] {
  return [
    {
      columns: [signatureBox(bi('field.testator'), d.testatorName, d.testatorIc, d.testatorSignature), { text: '' }],
      margin: [0, 0, 0, 10],
    },
    ...biParagraph('will.attestation'),
    ...witnessRuleParagraph(d.governingLaw),
    {
      // How each witness was identified, beside their signature (ADR 0259).
      columns: d.witnesses.map((w, i) =>
        signatureBox(`${bi('field.witness')} ${i + 1}`, w.name, w.ic_number, w.signature, [
          identificationLine(w.identified_by),
        ]),
      ),
      columnGap: 20,
    },
  ];
}

/**
 * Build the will PDF.
 * @param sealedSha256 the sealed version's SHA-256 (issued.ts content fingerprint), printed at the foot of every
 *   page so the hand-signed paper can be checked against it (ADR 0266); absent: not printed.
 * @returns PDF bytes (A4 portrait).
 */
export async function renderWillPdf(d: WillPdfData, sealedSha256?: string): Promise<Buffer> {
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
          {
            text: rtlLine(BISMILLAH),
            font: ARABIC_FONT,
            fontSize: 20,
            alignment: 'center',
            margin: [0, 0, 0, 4],
            style: TAG_STYLE.arabic, // /ActualText: the words in logical order (ADR 0299)
          },
          { text: bi('will.title'), bold: true, fontSize: 15, alignment: 'center', color: ACCENT, style: TAG_STYLE.h1 },
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
      ['plan', biLabel(WILL_PLANS.find((x) => x.code === (comprehensive ? 'comprehensive' : will.plan)))], // ADR 0253
      ['organization', d.organizationName],
      ['branch', d.branchName],
      ['wasiat_no', will.wasiat_no],
      ['registered_at', formatKlDateTime(will.registered_at)],
    ]),
    ...governingLawSection(d.governingLaw),
    heading('will.heirs'),
    listTable(
      ['name', 'ic_number', 'relationship'],
      d.heirs.map((h) => [h.name, h.ic_number ?? '-', rel(h.relationship, h.ic_number)]),
      ['*', 110, 120],
    ),
    // The predeceased children and their children's wasiat wajibah (ADR 0270).
    ...wajibahSection(d.wajibah),
    ...(comprehensive ? propertySections(d) : []),
    ...heirBequestsSection(d),
    heading('will.declaration'),
    ...declaration,
    heading('will.signatures'),
    ...signingBlocks(d),
    ...signatureFactsSection(d),
    // What the screen signature is, and the blocks to execute the printed will by hand (ADR 0266).
    ...signatureLawSection(d.licensedSeal),
    ...executionBlocks(d.testatorName, d.testatorIc),
    // The harta sepencarian declaration on a page of its own, signed and witnessed like the will (ADR 0286).
    ...sepencarianDeclaration(d, signingBlocks(d)),
    ...(d.completion ? completionPage(d.completion, `${bi('will.title')} ${will.wasiat_no ?? ''}`.trim()) : []),
  ];

  return renderPdf({
    info: { title: `Wasiat ${will.wasiat_no ?? ''}`.trim(), subject: 'Wasiat / Will', creator: 'Wasiat platform' },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    footer: sealedFooter(
      `${will.wasiat_no ?? ''} v${d.versionNo ?? will.current_version} · ${d.verifyUrl}`,
      sealedSha256,
    ),
    content,
  });
}
