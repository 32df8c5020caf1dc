/**
 * The will PDF's wasiat wajibah section (issue 41 item 6; ADR 0270): the predeceased children the testator
 * declared and their children, the rule of the governing state's enactment as recorded (domain
 * `WAJIBAH_PROVISIONS`: Enakmen Wasiat Orang Islam (Selangor) 1999 s.27; Negeri Sembilan 2004; Melaka 2005;
 * Kelantan 2009), or that the state's law as recorded provides none, and each grandchild's amount on the
 * estimated net estate where the estate is known. Nothing when no predeceased child is declared. Malay with the
 * English under it (ADR 0152). Pure.
 */
import { enactmentFor, formatKlDate, formatRinggit, translate, wajibahProvisionFor } from '@wasiat/domain';
import type { Content } from 'pdfmake/interfaces';
import { ACCENT, biText, TAG_STYLE } from '../../../platform/documents/pdf/layout.ts';

/** What the section prints: the wills module's `GET /wasiat/{id}/wasiat-wajibah` body (wills/wajibah.ts). */
export interface WillWajibahPdf {
  predeceased_children: {
    name: string;
    sex: 'male' | 'female';
    died_on: string;
    children: { name: string; sex: 'male' | 'female' }[];
  }[];
  wasiat_wajibah: {
    capped: boolean;
    lines: { grandchildren: { name: string | null; due_sen: number }[] }[];
  } | null;
  /** The governing state (also when the estate is unknown and `wasiat_wajibah` is null). */
  state: string | null;
  /** The net estate after claims (sen), when known. */
  net_sen: number | null;
}

const both = (key: string, params: (lang: 'ms' | 'en') => Record<string, string | number> = () => ({})) => ({
  ms: translate(`wajibah.pdf.${key}`, 'ms', params('ms')),
  en: translate(`wajibah.pdf.${key}`, 'en', params('en')),
});

/** A justified paragraph in Malay with its English under it (layout `biText`), 9 pt unless said. */
const paragraph = (t: { ms: string; en: string }, size = 9) => biText(t, { fontSize: size, alignment: 'justify' });

/** The rule of the governing state as recorded, in each language. */
function rule(state: string | null) {
  const p = wajibahProvisionFor(state);
  const e = enactmentFor(state);
  if (p && e) {
    const title = (lang: 'ms' | 'en') => {
      const t = lang === 'ms' ? e.title_ms : e.title_en;
      return e.number ? `${t} [${e.number}]` : t;
    };
    const key = p.lineage === 'son_or_daughter' ? 'rule_kelantan' : 'rule';
    return both(key, (lang) => ({
      enactment: title(lang),
      section: p.section ? translate('wajibah.pdf.section', lang, { section: p.section }) : '',
    }));
  }
  if (!state) return both('no_state');
  return both('none', () => ({ state }));
}

/** "Wasiat wajibah" section of the will PDF (see the file comment); [] when nothing is declared. */
export function wajibahSection(w: WillWajibahPdf | undefined): Content[] {
  if (!w?.predeceased_children.length) return [];
  const title = both('title');
  const sex = (s: 'male' | 'female') => ({
    ms: translate(`wajibah.pdf.${s}`, 'ms'),
    en: translate(`wajibah.pdf.${s}`, 'en'),
  });
  const people: Content[] = w.predeceased_children.flatMap((c) => [
    {
      text: `${translate('wajibah.pdf.child', 'ms', { name: c.name, sex: sex(c.sex).ms, date: formatKlDate(`${c.died_on}T00:00:00+08:00`, 'ms') })} / ${translate('wajibah.pdf.child', 'en', { name: c.name, sex: sex(c.sex).en, date: formatKlDate(`${c.died_on}T00:00:00+08:00`, 'en') })}`,
      fontSize: 9,
      bold: true,
      margin: [0, 0, 0, 1],
    },
    {
      ul: c.children.map((g) => `${g.name} (${sex(g.sex).ms} / ${sex(g.sex).en})`),
      fontSize: 9,
      margin: [10, 0, 0, 4],
    },
  ]);
  const r = w.wasiat_wajibah;
  const due = (r?.lines ?? []).flatMap((l) => l.grandchildren).filter((g) => g.due_sen > 0);
  const amounts: Content[] =
    r && w.net_sen !== null && due.length
      ? due.flatMap((g) =>
          paragraph(
            both('estimate', () => ({
              net: formatRinggit(w.net_sen ?? 0),
              name: g.name ?? '-',
              amount: formatRinggit(g.due_sen),
            })),
            8,
          ),
        )
      : wajibahProvisionFor(w.state)
        ? paragraph(both('no_estimate'), 8)
        : [];
  return [
    {
      stack: [
        { text: `${title.ms} / ${title.en}`, bold: true, fontSize: 11, color: ACCENT, style: TAG_STYLE.h2 },
        { canvas: [{ type: 'line', x1: 0, y1: 2, x2: 515, y2: 2, lineWidth: 0.6, lineColor: ACCENT }] },
      ],
      margin: [0, 12, 0, 6],
    },
    ...paragraph(both('intro')),
    ...people,
    ...paragraph(rule(w.state)),
    ...amounts,
    ...(r?.capped ? paragraph(both('capped'), 8) : []),
  ];
}
