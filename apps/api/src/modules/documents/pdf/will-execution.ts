/**
 * What the will PDF says of its signatures and how it is executed by hand (issue 41 item 1; ADR 0266):
 *
 * - {@link signatureLawSection}: what the screen signature does and does not do — an electronic signature that
 *   records the approval of this version; not by itself the execution of a will: the Electronic Commerce Act 2006
 *   (Act 658) does not apply to the documents of its Schedule (s. 2(2)), which lists the creation of wills and
 *   codicils; a digital signature is as binding as a handwritten one only when verified against a valid certificate
 *   of a licensed certification authority (Digital Signature Act 1997 (Act 562) s. 62(1)(a), (2)). When the PDF is
 *   sealed with a licensed CA's certificate (seal kind `licensed_ca`; ADR 0297), one more sentence says so and that
 *   the seal is the provider's, not the testator's signature, and does not execute the will (s. 62(1)(b)).
 * - {@link executionBlocks}: signing blocks for the testator and two witnesses — name, MyKad, date and a signature
 *   line each — to be filled by hand on the printed, sealed will.
 * - {@link sealedFooter}: the page footer with the sealed version's SHA-256 (the fingerprint of what the PDF prints,
 *   `issued_documents.content_sha256`; issued.ts) on every page, which staff compare with the uploaded scan of the
 *   signed original (../executed-original.ts).
 *
 * Malay first, English after (ADR 0152), from the `executed_original.*` messages.
 */
import { translate } from '@wasiat/domain';
import type { Content, ContentStack, DynamicContent } from 'pdfmake/interfaces';
import { ACCENT, en, ms, TAG_STYLE } from '../../../platform/documents/pdf/layout.ts';

const msx = (key: string, p?: Record<string, string | number>) => translate(`executed_original.${key}`, 'ms', p);
const enx = (key: string, p?: Record<string, string | number>) => translate(`executed_original.${key}`, 'en', p);
/** "Malay / English" of an `executed_original.*` key. */
const bix = (key: string, p?: Record<string, string | number>) => `${msx(key, p)} / ${enx(key, p)}`;

/** A Malay paragraph with its English in italics under it. */
const para = (key: string, p?: Record<string, string | number>): Content[] => [
  { text: msx(key, p), alignment: 'justify', margin: [0, 0, 0, 1] },
  {
    text: enx(key, p),
    italics: true,
    color: '#444444',
    alignment: 'justify',
    margin: [0, 0, 0, 5],
    style: TAG_STYLE.english,
  },
];

/** A section heading in the layout's style (a bilingual label over a thin rule). */
const headingOf = (text: string): ContentStack => ({
  stack: [
    { text, bold: true, fontSize: 11, color: ACCENT, style: TAG_STYLE.h2 },
    { canvas: [{ type: 'line', x1: 0, y1: 2, x2: 515, y2: 2, lineWidth: 0.6, lineColor: ACCENT }] },
  ],
  margin: [0, 12, 0, 6],
});

/**
 * What the screen signature does and does not do, and how the will is executed (see the module comment).
 * @param licensedSeal the licensed CA's subject when the PDF is sealed under its certificate (WillPdfData
 *   `licensedSeal`; ADR 0297): adds the sentence `signature_law.licensed_seal`; absent for the platform's own seal.
 */
export function signatureLawSection(licensedSeal?: { caSubject: string }): Content[] {
  return [
    headingOf(bix('signature_law.title')),
    ...para('signature_law.does'),
    ...para('signature_law.does_not'),
    ...(licensedSeal ? para('signature_law.licensed_seal', { ca: licensedSeal.caSubject }) : []),
    ...para('signature_law.execute'),
  ];
}

/** One signing block: the signer's role, then Name, MyKad No., Date, each with a line to write on, and Signature. */
function block(title: string, name?: string, ic?: string): Content {
  const line = (label: string, value?: string): Content => ({
    columns: [
      { text: label, width: 70, fontSize: 7.5, color: '#444444' },
      value
        ? { text: value, fontSize: 8.5 }
        : { canvas: [{ type: 'line', x1: 0, y1: 12, x2: 85, y2: 12, lineWidth: 0.5 }] },
    ],
    margin: [0, 3, 0, 3],
  });
  return {
    stack: [
      { text: title, bold: true, margin: [0, 0, 0, 4] },
      line(bix('pdf.name'), name),
      line(bix('pdf.ic_number'), ic),
      line(bix('pdf.date')),
      { text: bix('pdf.signature'), fontSize: 7.5, color: '#444444', margin: [0, 36, 0, 0] },
      { canvas: [{ type: 'line', x1: 0, y1: 2, x2: 150, y2: 2, lineWidth: 0.8 }] },
    ],
  };
}

/**
 * The page on which the printed will is executed by hand: a heading, the instruction (Malay and English) and three
 * blocks — the testator (name and MyKad printed; the MyKad as printed elsewhere in the will) and two witnesses
 * (left blank: whoever witnesses writes their own name and MyKad).
 */
export function executionBlocks(testatorName: string, testatorIc: string): Content[] {
  return [
    { ...headingOf(bix('pdf.heading')), pageBreak: 'before' } as ContentStack,
    ...para('pdf.intro'),
    {
      columns: [
        block(bix('pdf.block_testator'), testatorName, testatorIc),
        block(bix('pdf.block_witness', { n: 1 })),
        block(bix('pdf.block_witness', { n: 2 })),
      ],
      columnGap: 14,
      margin: [0, 10, 0, 0],
    },
  ];
}

/**
 * The footer of every page: the reference and "Muka surat n daripada m / Page n of m" (as layout.ts `footer`), and
 * under them the sealed version's SHA-256 when known (`sealedSha256`: 64 hex digits; absent for an unsealed
 * rendering, e.g. a test calling the renderer directly).
 */
export function sealedFooter(reference: string, sealedSha256?: string): DynamicContent {
  return (page, pages): Content => ({
    stack: [
      {
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
      },
      ...(sealedSha256
        ? [
            {
              text: `${bix('pdf.sealed_hash')}: ${sealedSha256}`,
              fontSize: 6.5,
              color: '#333333',
              margin: [0, 2, 0, 0] as [number, number, number, number],
            },
          ]
        : []),
    ],
    margin: [40, 10, 40, 0] as [number, number, number, number],
  });
}
