/**
 * The property part of the will PDF (comprehensive plan; pdf/will.ts): movable and immovable property with
 * their receivers and shares and each one's estimated value with the date of the estimate (ADR 0257), guardians,
 * bequests and the estate block (issue 9; ADR 0011, 0152), and the "Malay / English" relationship value every
 * table of the will uses. Pure: data in, pdfmake content out.
 *
 * It never says that the heirs consent (issue 41 item 4; ADR 0257): the consent is the heirs', after the death. The
 * estate block states the bequests to non-heirs — property shares at their values included — against one third of
 * the net estate (the will was refused beyond it); bequests to heirs are printed with their condition by
 * pdf/heir-bequests.ts.
 */
import {
  checkBequests,
  formatKlDate,
  formatRinggit,
  IMMOVEABLE_CATEGORIES,
  INSTITUTION_KINDS,
  LAND_TITLE_TYPES,
  MOVEABLE_PROPERTY_TYPES,
  type OneThird,
  oneThird,
  relationshipLabel,
  testatorSex,
  willEstate,
} from '@wasiat/domain';
import type { Content, TableCell } from 'pdfmake/interfaces';
import type { immoveable_properties, moveable_properties } from '../../../db/schema/index.ts';
import {
  bi,
  biCode,
  biLabel,
  biParagraph,
  en,
  heading,
  joinAddress,
  listTable,
  ms,
} from '../../../platform/documents/pdf/layout.ts';
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
export function moveableParticulars(p: typeof moveable_properties.$inferSelect): string {
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
export function immoveableParticulars(p: typeof immoveable_properties.$inferSelect): string {
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

/** A property's value cell: the amount, and under it the date of the estimate in both languages. */
const valueCell = (sen: number | null, on: string | null | undefined): TableCell => {
  if (sen == null) return '-';
  const date = on
    ? `${ms('will.value_estimated_on', { date: formatKlDate(on, 'ms') })} / ${en('will.value_estimated_on', { date: formatKlDate(on, 'en') })}`
    : bi('will.value_date_unknown');
  return { stack: [formatRinggit(sen), { text: date, fontSize: 7, color: '#444444' }] };
};

/**
 * The one-third rule's figures of the printed will (domain `oneThird`, ADR 0257), from what the PDF prints: the
 * heirs, each property's value and its receivers' shares (a receiver is matched to an heir by MyKad, or by name and
 * relationship), the bequests and the estate figures.
 */
function oneThirdOfPdf(d: WillPdfData): OneThird {
  const props = (kind: 'MoveableProperty' | 'ImmoveableProperty', list: WillPdfData['moveables' | 'immoveables']) =>
    list.map(({ property: p, shares }) => ({
      id: p.id,
      kind,
      value_sen: p.value_sen,
      sepencarian_bp: p.sepencarian_bp,
      shares: shares.map((s, i) => ({
        receiver: { id: `${p.id}.${i}`, name: s.name, relationship: s.relationship, ic_number: s.ic_number ?? null },
        portion: s.portion,
      })),
    }));
  return oneThird({
    deceased: testatorSex(d.detail),
    heirs: d.heirs.map((h) => ({ id: h.id, name: h.name, relationship: h.relationship, ic_number: h.ic_number })),
    bequests: d.bequests,
    properties: [...props('MoveableProperty', d.moveables), ...props('ImmoveableProperty', d.immoveables)],
    estimatedEstate: d.will.estimated_estate_sen,
    funeral: d.will.funeral_sen,
    debts: d.will.debts_sen,
    hartaSepencarian: d.will.harta_sepencarian_sen,
  });
}

const floorSen = (f: { num: bigint; den: bigint }) => Number(f.num / f.den);

/**
 * The estate block (issue 9; comprehensive plan): the gross and net estate when known, the bequests to non-heirs
 * against one third of the net estate (Enakmen Wasiat Orang Islam (Selangor) 1999 s.26(1); ADR 0257), and the
 * executor fee line ("Fi wasi / Executor fee", spec §9, ADR 0011: 2% of the gross estate less the harta sepencarian,
 * ADR 0290, as domain `willEstate` gives it; the provider's part by band). No statement of the heirs' consent: the
 * testator cannot make one (s.26(2); ADR 0257).
 */
function estateSection(d: WillPdfData): Content[] {
  const { will } = d;
  const r = oneThirdOfPdf(d);
  const e = willEstate({
    estimatedEstate: will.estimated_estate_sen,
    propertyValues: [...d.moveables, ...d.immoveables].map((x) => x.property.value_sen),
    funeral: will.funeral_sen,
    debts: will.debts_sen,
    hartaSepencarian: r.sepencarianSen,
    bequests: checkBequests(d.bequests, []).total,
    propertyBequestsSen: floorSen(r.propertySen),
  });
  const out: Content[] = [];
  if (e.grossSen !== null && e.net && e.executorFee) {
    const f = e.executorFee;
    const third =
      r.totalSen && r.bequestSen
        ? [
            [
              { text: bi('will.estate_non_heirs'), bold: true },
              {
                stack: biParagraph('will.estate_non_heirs_text', {
                  total: formatRinggit(floorSen(r.totalSen)),
                  bequests: formatRinggit(floorSen(r.bequestSen)),
                  property: formatRinggit(floorSen(r.propertySen)),
                  third: formatRinggit(r.thirdSen ?? 0),
                }),
              },
            ],
          ]
        : [];
    out.push(heading('will.estate'), {
      table: {
        widths: [180, '*'],
        body: [
          [{ text: bi('will.estate_gross'), bold: true }, formatRinggit(e.grossSen)],
          [{ text: bi('will.estate_net'), bold: true }, formatRinggit(e.net.afterClaims)],
          ...third,
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
  return out;
}

/**
 * A bequest's beneficiary: a person's name, or an institution's name with its kind and registration as they were
 * when the testator chose it (issue 41 item 7; ADR 0268), e.g. "Majlis Agama Islam Selangor (MAIS)" / "Majlis
 * Agama Islam Negeri / State Islamic religious council" / "Pendaftaran / … : Enakmen … s. 4".
 */
function beneficiaryCell(b: WillPdfData['bequests'][number]): TableCell {
  if (!b.institution_id) return b.beneficiary_name;
  return {
    stack: [
      b.beneficiary_name,
      { text: biCode(INSTITUTION_KINDS, b.institution_kind), fontSize: 7 },
      ...(b.institution_registration
        ? [{ text: `${bi('field.institution_registration')}: ${b.institution_registration}`, fontSize: 7 }]
        : []),
    ],
  };
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
        valueCell(p.value_sen, p.value_estimated_on),
        sharesCell(shares),
      ]),
      [80, '*', 80, 140],
    ),
    heading('will.immoveable'),
    listTable(
      ['property_type', 'particulars', 'value', 'receivers'],
      d.immoveables.map(({ property: p, shares }) => [
        biLabel(IMMOVEABLE_CATEGORIES.find((x) => x.code === p.category)),
        immoveableParticulars(p),
        valueCell(p.value_sen, p.value_estimated_on),
        sharesCell(shares),
      ]),
      [80, '*', 80, 140],
    ),
    heading('will.guardians'),
    listTable(
      ['name', 'ic_number', 'relationship', 'wards'],
      d.caretakers.map((c) => [c.name, c.ic_number, rel(c.relationship), c.wards ?? '-']),
    ),
    heading('will.bequests'),
    listTable(
      ['beneficiary', 'ic_number', 'purpose', 'portion'],
      d.bequests.map((b) => [beneficiaryCell(b), b.ic_number ?? '-', b.purpose ?? '-', b.portion]),
      ['*', 90, '*', 60],
    ),
    ...estateSection(d),
  ];
}
