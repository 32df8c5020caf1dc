/**
 * The will PDF's "Wasiat kepada Waris / Bequests to heirs" section (issue 17 item 5; ADR 0155; issue 41 item 4,
 * ADR 0257): each share of property to an heir above their faraid share, and each bequest (wasiat am) to an
 * heir — the heir, the property or bequest, the share given, the faraid share, the excess and its amount in
 * ringgit — with the clause (Enakmen Wasiat Orang Islam (Selangor) 1999 s. 26(2), read with s. 11(2): it takes
 * effect only if the other heirs consent after the testator's death; the testator cannot give that consent) in
 * Malay and, beside it, in English, and when the testator acknowledged them. Printed only when there are such
 * bequests. Its own file so the will PDF builder calls it with one line.
 *
 * Facts come from the records: the bequests are worked out by the server from the will's (or the version's)
 * heirs, receivers and shares (wills/heir-bequests.ts) and the acknowledgement time is its record's.
 */
import {
  formatRinggit,
  type HeirBequestJson,
  parseFraction,
  propertyLabel,
  relationshipLabel,
  translate,
} from '@wasiat/domain';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { ACCENT, formatKlDateTime, TAG_STYLE } from '../../../platform/documents/pdf/layout.ts';

/** What the section reads of the will PDF's data. */
export interface HeirBequestsPdfData {
  heirs: { id: string; ic_number: string | null }[];
  moveables: { property: { id: string } & Record<string, unknown> }[];
  immoveables: { property: { id: string } & Record<string, unknown> }[];
  /** The bequests (wasiat am), for the purpose of a bequest to an heir. */
  bequests?: { id: string; purpose?: string | null }[];
  /** The bequests to heirs (server-computed from the records), when any. */
  heirBequests?: HeirBequestJson[];
  /** When the testator acknowledged exactly these bequests (their record), or null. */
  heirBequestsAcknowledgedAt?: Date | null;
}

const hb = (key: string, lang: 'ms' | 'en', params?: Record<string, string>) =>
  translate(`heir_bequests.${key}`, lang, params);
const both = (key: string) => `${hb(key, 'ms')} / ${hb(key, 'en')}`;

/** "1/2" → "1/2 (50%)"; the exact fraction first, its percentage after (2 decimals, rounded down). */
function shareText(f: string | null): string {
  if (f === null) return `${hb('faraid_unknown', 'ms')} / ${hb('faraid_unknown', 'en')}`;
  const x = parseFraction(f);
  if (!x) return f;
  const hundredths = (x.num * 10000n) / x.den;
  const pct = `${hundredths / 100n}${hundredths % 100n ? `.${String(hundredths % 100n).padStart(2, '0')}` : ''}%`;
  return `${f} (${pct})`;
}

/** The section; empty when the will has no bequests to heirs. */
export function heirBequestsSection(d: HeirBequestsPdfData): Content[] {
  const list = d.heirBequests ?? [];
  if (list.length === 0) return [];
  const props = new Map<string, { kind: HeirBequestJson['property_kind']; p: Record<string, unknown> }>();
  for (const m of d.moveables)
    props.set(`MoveableProperty:${m.property.id}`, { kind: 'MoveableProperty', p: m.property });
  for (const i of d.immoveables)
    props.set(`ImmoveableProperty:${i.property.id}`, { kind: 'ImmoveableProperty', p: i.property });
  for (const b of d.bequests ?? []) props.set(`Bequest:${b.id}`, { kind: 'Bequest', p: b });
  const icOf = new Map(d.heirs.map((h) => [h.id, h.ic_number]));
  const label = (b: HeirBequestJson, lang: 'ms' | 'en') => {
    const x = props.get(`${b.property_kind}:${b.property_id}`);
    if (x) return propertyLabel(x.kind, x.p, lang);
    return b.property_kind === 'Bequest' ? propertyLabel('Bequest', {}, lang) : '-';
  };
  const header = ['heir', 'property', 'share', 'faraid', 'excess'].map(
    (k): TableCell => ({ text: both(`pdf.${k}`), bold: true, fillColor: '#eef4f0', fontSize: 8 }),
  );
  const rows = list.map((b): TableCell[] => {
    const ic = icOf.get(b.heir_id) ?? null;
    const rel = relationshipLabel(b.relationship, ic, 'ms');
    const relEn = relationshipLabel(b.relationship, ic, 'en');
    const pMs = label(b, 'ms');
    const pEn = label(b, 'en');
    const general = b.property_kind === 'Bequest';
    return [
      `${b.heir_name} (${rel === relEn ? rel : `${rel} / ${relEn}`})`,
      pMs === pEn ? pMs : `${pMs} / ${pEn}`,
      shareText(b.share),
      // A bequest (wasiat am) to an heir is given beside their faraid share: the whole of it is the bequest.
      general && b.faraid === null ? hb('pdf.not_applicable', 'ms') : shareText(b.faraid),
      // The excess, and under it its amount in ringgit when the value is known (ADR 0257).
      b.value_sen == null
        ? shareText(b.excess)
        : { stack: [shareText(b.excess), { text: formatRinggit(b.value_sen), bold: true }] },
    ];
  });
  const at = d.heirBequestsAcknowledgedAt;
  return [
    {
      stack: [
        { text: both('pdf.title'), bold: true, fontSize: 11, color: ACCENT, style: TAG_STYLE.h2 },
        { canvas: [{ type: 'line', x1: 0, y1: 2, x2: 515, y2: 2, lineWidth: 0.6, lineColor: ACCENT }] },
      ],
      margin: [0, 12, 0, 6],
    },
    {
      table: { headerRows: 1, widths: ['*', '*', 70, 70, 70], body: [header, ...rows] },
      layout: {
        hLineWidth: () => 0.4,
        vLineWidth: () => 0.4,
        hLineColor: () => '#9bb5a7',
        vLineColor: () => '#9bb5a7',
      },
    },
    {
      columns: [
        { text: hb('clause', 'ms'), fontSize: 8, alignment: 'justify' },
        { text: hb('clause', 'en'), fontSize: 8, italics: true, alignment: 'justify', style: TAG_STYLE.english },
      ],
      columnGap: 12,
      margin: [0, 4, 0, 0],
    },
    ...(at
      ? [
          {
            text: `${hb('pdf.acknowledged', 'ms', { at: formatKlDateTime(at) })} / ${hb('pdf.acknowledged', 'en', { at: formatKlDateTime(at) })}`,
            fontSize: 8,
            margin: [0, 4, 0, 0],
          } as Content,
        ]
      : []),
  ];
}
