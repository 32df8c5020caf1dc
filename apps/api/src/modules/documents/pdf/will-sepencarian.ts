/**
 * The "Akuan Harta Sepencarian / Declaration of jointly acquired property" of the will PDF (issue 41 item 5;
 * ADR 0286): on a page of its own, the testator's declaration that the listed property was acquired during the
 * marriage, each declared property with its value, the spouse (name, MyKad), the spouse's portion (% and sen) and
 * its basis (agreed / estimated, with the testator's note), the total set apart from the estate, what the
 * declaration is in law, and the will's own signing blocks (passed in by pdf/will.ts, not copied) with a box for
 * each spouse's acknowledgement. Printed only when at least one property is declared. Pure: data in, pdfmake out.
 *
 * The law it cites (domain faraid/harta-sepencarian.ts): Islamic Family Law (Federal Territories) Act 1984
 * s. 122 and the states' same section; Administration of Islamic Law (Federal Territories) Act 1993 s. 46(2)(b)(iv).
 * It claims no more: the declaration is evidence of the parties' agreement (or the testator's estimate), and the
 * Syariah Court decides the division if it is disputed.
 */
import { formatBasisPoints, formatRinggit, isSepencarian, spousePortionSen } from '@wasiat/domain';
import type { Content, ContentStack, TableCell } from 'pdfmake/interfaces';
import { bi, biParagraph, heading, listTable } from '../../../platform/documents/pdf/layout.ts';
import type { WillPdfData } from './will-data.ts';
import { immoveableParticulars, moveableParticulars } from './will-property.ts';
import { signatureBox } from './will-signatures.ts';

type PropertyRow = WillPdfData['moveables'][number]['property'] | WillPdfData['immoveables'][number]['property'];

/** One declared property as printed. */
interface Declared {
  particulars: string;
  row: PropertyRow;
}

/** The declared properties of the printed will, movable first (the will's order). */
function declaredProperties(d: WillPdfData): Declared[] {
  return [
    ...d.moveables.map(({ property }) => ({
      particulars: moveableParticulars(property),
      row: property as PropertyRow,
    })),
    ...d.immoveables.map(({ property }) => ({
      particulars: immoveableParticulars(property),
      row: property as PropertyRow,
    })),
  ].filter((x) => isSepencarian(x.row));
}

const spouseCell = (p: PropertyRow): TableCell => ({
  stack: [
    p.sepencarian_spouse_name ?? '-',
    ...(p.sepencarian_spouse_ic ? [{ text: `${bi('field.ic_number')}: ${p.sepencarian_spouse_ic}`, fontSize: 7 }] : []),
  ],
});

const portionCell = (p: PropertyRow): TableCell => ({
  stack: [
    formatBasisPoints(p.sepencarian_bp as number),
    ...(p.value_sen == null ? [] : [{ text: formatRinggit(spousePortionSen(p)), fontSize: 7 }]),
  ],
});

const basisCell = (p: PropertyRow): TableCell => ({
  stack: [
    bi(p.sepencarian_basis === 'agreed' ? 'sepencarian.basis_agreed' : 'sepencarian.basis_estimated'),
    ...(p.sepencarian_basis_note ? [{ text: p.sepencarian_basis_note, fontSize: 7 }] : []),
  ],
});

/**
 * The declaration (see the module comment), or nothing when no property is declared.
 * @param signing the will's signing blocks (pdf/will.ts `signingBlocks`), printed under the declaration.
 */
export function sepencarianDeclaration(d: WillPdfData, signing: Content[]): Content[] {
  const rows = declaredProperties(d);
  if (!rows.length) return [];
  const total = rows.reduce((a, x) => a + spousePortionSen(x.row), 0);
  const spouses = [
    ...new Map(
      rows.map((x) => [
        `${x.row.sepencarian_spouse_name ?? ''}|${x.row.sepencarian_spouse_ic ?? ''}`,
        { name: x.row.sepencarian_spouse_name ?? '-', ic: x.row.sepencarian_spouse_ic ?? '-' },
      ]),
    ).values(),
  ];
  const justify = { alignment: 'justify' };
  return [
    { ...(heading('sepencarian.title') as ContentStack), pageBreak: 'before' } as ContentStack,
    ...biParagraph('sepencarian.intro', { name: d.testatorName, ic_number: d.testatorIc }, justify),
    listTable(
      ['particulars', 'value', 'spouse', 'portion', 'basis'],
      rows.map(({ particulars, row }) => [
        particulars,
        row.value_sen == null ? '-' : formatRinggit(row.value_sen),
        spouseCell(row),
        portionCell(row),
        basisCell(row),
      ]),
      ['*', 70, 100, 60, 110],
    ),
    ...biParagraph('sepencarian.total', { total: formatRinggit(total) }),
    ...biParagraph('sepencarian.law', undefined, justify),
    heading('will.signatures'),
    ...signing,
    {
      columns: spouses.map((s) => signatureBox(bi('sepencarian.spouse_ack'), s.name, s.ic, null)),
      columnGap: 20,
      margin: [0, 10, 0, 0],
    },
  ];
}
