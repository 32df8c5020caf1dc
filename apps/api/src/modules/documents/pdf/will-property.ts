/**
 * The property part of the will PDF (comprehensive plan; pdf/will.ts): movable and immovable property with
 * their receivers and shares, guardians, bequests and the estate block (issue 9; ADR 0011, 0152), and the
 * "Malay / English" relationship value every table of the will uses. Pure: data in, pdfmake content out.
 */
import {
  checkBequests,
  formatRinggit,
  IMMOVEABLE_CATEGORIES,
  LAND_TITLE_TYPES,
  MOVEABLE_PROPERTY_TYPES,
  relationshipLabel,
  willEstate,
} from '@wasiat/domain';
import type { Content, TableCell } from 'pdfmake/interfaces';
import type { immoveable_properties, moveable_properties } from '../../../db/schema/index.ts';
import { bi, biCode, biLabel, biParagraph, heading, joinAddress, listTable } from './layout.ts';
import type { ShareLine, WillPdfData } from './will-data.ts';

/**
 * A relationship's "Malay / English" value; a child reads Anak lelaki / Son or Anak perempuan / Daughter from
 * their MyKad (issue 17 item 6; ADR 0152).
 */
export const rel = (code: string | null | undefined, ic?: string | null) =>
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

/** The property, guardians, bequests and estate sections of a comprehensive will. */
export function propertySections(d: WillPdfData): Content[] {
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
