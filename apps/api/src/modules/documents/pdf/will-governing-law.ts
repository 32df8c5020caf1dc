/**
 * The will PDF's governing law and witness rule (issue 41 items 2 and 8; ADRs 0259, 0260): which state's law
 * governs the will and its wasiat enactment where one is recorded (domain `governingLawOf`), whether the testator
 * confirmed the state, the witness rule of that enactment as the product states it, and how each witness was
 * identified (domain `witnessIdentificationKey`). Malay with the English under it (ADR 0152). Pure.
 */
import { type GoverningLaw, STATES, translate, witnessIdentificationKey } from '@wasiat/domain';
import type { Content } from 'pdfmake/interfaces';
import { ACCENT, biText, TAG_STYLE } from '../../../platform/documents/pdf/layout.ts';

/** Malay and English of a key of the shared messages (`governing_law.*`, `witness.*`). */
const both = (key: string, params?: Record<string, string | number>) => ({
  ms: translate(key, 'ms', params),
  en: translate(key, 'en', params),
});

/** A justified paragraph in Malay with its English under it (layout `biText`), 9 pt unless said. */
const paragraph = (t: { ms: string; en: string }, size = 9) => biText(t, { fontSize: size, alignment: 'justify' });

/** The statement of the governing law, in each language (the enactment's title in that language). */
function statement(g: GoverningLaw) {
  if (!g.state || !(STATES as readonly string[]).includes(g.state)) return both('governing_law.not_recorded');
  const e = g.enactment;
  if (!e) return both('governing_law.statement_none', { state: g.state });
  const cite = (title: string) => (e.number ? `${title} [${e.number}]` : title);
  return {
    ms: translate('governing_law.statement', 'ms', { state: g.state, enactment: cite(e.title_ms) }),
    en: translate('governing_law.statement', 'en', { state: g.state, enactment: cite(e.title_en) }),
  };
}

/** The witness rule of the governing law (the enactment's section where recorded) and the product's own rule. */
function witnessRule(g: GoverningLaw) {
  const e = g.enactment;
  const rule = (lang: 'ms' | 'en') =>
    translate(g.witness_rule, lang, { title: (lang === 'ms' ? e?.title_ms : e?.title_en) ?? '', state: g.state ?? '' });
  return {
    ms: `${rule('ms')} ${translate('witness.rule.product', 'ms')}`,
    en: `${rule('en')} ${translate('witness.rule.product', 'en')}`,
  };
}

/** "Undang-undang yang mentadbir / Governing law": the statement and whether the testator confirmed the state. */
export function governingLawSection(g: GoverningLaw | undefined): Content[] {
  if (!g) return [];
  const title = both('governing_law.title');
  return [
    {
      stack: [
        { text: `${title.ms} / ${title.en}`, bold: true, fontSize: 11, color: ACCENT, style: TAG_STYLE.h2 },
        { canvas: [{ type: 'line', x1: 0, y1: 2, x2: 515, y2: 2, lineWidth: 0.6, lineColor: ACCENT }] },
      ],
      margin: [0, 12, 0, 6],
    },
    ...paragraph(statement(g)),
    ...(g.state ? paragraph(both(g.confirmed_at ? 'governing_law.confirmed' : 'governing_law.from_address'), 8) : []),
  ];
}

/** The attestation's witness rule paragraph (printed above the witnesses' signatures). */
export function witnessRuleParagraph(g: GoverningLaw | undefined): Content[] {
  return g ? paragraph(witnessRule(g), 8) : [];
}

/** "Dikenal pasti melalui / Identified by: …" of one witness, for their signature box. */
export function identificationLine(method: string | null | undefined): Content {
  const label = both('witness.identified_label');
  const how = both(witnessIdentificationKey(method));
  return { text: `${label.ms} / ${label.en}: ${how.ms} / ${how.en}`, fontSize: 7, color: '#444444' };
}
