/**
 * The PDFs are tagged (issue 37 item 7; WCAG 1.3.1, 3.1.1; ADR 0299): read back with pdf-lib, a document has
 * `/MarkInfo /Marked true`, a `/Lang`, a StructTreeRoot with a ParentTree, and structure elements whose
 * marked content (decoded here through the fonts' ToUnicode maps) holds the document's text in reading
 * order; the Basmala carries its words as ActualText; page footers are pagination artifacts; no text is
 * drawn outside marked content. Checked on the will and the receipt as served (sealed), and on a small
 * document before and after sealing.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { translate } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import {
  decodePDFRawStream,
  PDFArray,
  PDFBool,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFString,
} from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { payments } from '../../db/schema/index.ts';
import { insertWill } from '../../modules/documents/fixtures.ts';
import { ARABIC_FONT, BISMILLAH, renderPdf, rtlLine } from './pdf/fonts.ts';
import { TAG_STYLE } from './pdf/layout.ts';
import { assertPdfmakeInternals, PATCHED_METHODS } from './pdf/tagged.ts';
import { loadSealKey, sealPdf } from './seal.ts';

const require = createRequire(import.meta.url);

/** A structure element as read back: type, attributes, and the text of its marked content in order. */
interface Element {
  type: string;
  lang?: string;
  actual?: string;
  alt?: string;
  text: string;
}
interface TaggedPdf {
  marked: boolean;
  lang?: string;
  hasParentTree: boolean;
  /** Structure elements in tree order (depth first), the `Document` root first. */
  elements: Element[];
  /** Artifacts: their page (0-based), `/Type` and text. */
  artifacts: { page: number; type: string | null; text: string }[];
  /** Text drawn outside any marked content. */
  untagged: string;
}

const name = (o: unknown) => (o instanceof PDFName ? o.decodeText() : undefined);
const str = (o: unknown) => (o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : undefined);

/** The glyph code → Unicode map of a font's ToUnicode CMap (the bfrange/bfchar forms PDFKit writes). */
function toUnicode(font: PDFDict): Map<number, string> {
  const map = new Map<number, string>();
  const stream = font.lookup(PDFName.of('ToUnicode'));
  if (!(stream instanceof PDFRawStream)) return map;
  const cmap = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
  // a ligature's entry holds several code units, PDFKit writes them with a space: <0066 0069>
  const hex = (h: string) =>
    String.fromCodePoint(...(h.replace(/\s/g, '').match(/.{4}/g) ?? []).map((x) => Number.parseInt(x, 16)));
  for (const [, body] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, dst] of body.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f\s]+>)/gi)) {
      const start = Number.parseInt(lo, 16);
      if (dst.startsWith('[')) {
        for (const [i, [, h]] of [...dst.matchAll(/<([0-9a-f\s]+)>/gi)].entries()) map.set(start + i, hex(h));
      } else {
        for (let c = start, u = Number.parseInt(dst.slice(1, -1), 16); c <= Number.parseInt(hi, 16); c++, u++) {
          map.set(c, String.fromCodePoint(u));
        }
      }
    }
  }
  for (const [, body] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, src, dst] of body.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f\s]+)>/gi))
      map.set(Number.parseInt(src, 16), hex(dst));
  }
  return map;
}

type Token = { t: 'name' | 'num' | 'op' | 'hex' | 'str' | '[' | ']' | '<<' | '>>'; v: string };

/** The tokens of a content stream (enough of the syntax for PDFKit's output). */
function* tokens(s: string): Generator<Token> {
  let i = 0;
  const delim = /[\s/[\]<>()%]/;
  while (i < s.length) {
    const c = s[i];
    if (/\s/.test(c)) i++;
    else if (c === '%') while (i < s.length && s[i] !== '\n') i++;
    else if (c === '(') {
      let depth = 1;
      let j = i + 1;
      while (j < s.length && depth > 0) {
        if (s[j] === '\\') j += 2;
        else {
          if (s[j] === '(') depth++;
          else if (s[j] === ')') depth--;
          j++;
        }
      }
      yield { t: 'str', v: s.slice(i + 1, j - 1) };
      i = j;
    } else if (s.startsWith('<<', i) || s.startsWith('>>', i)) {
      yield { t: s.slice(i, i + 2) as '<<' | '>>', v: '' };
      i += 2;
    } else if (c === '<') {
      const j = s.indexOf('>', i);
      yield { t: 'hex', v: s.slice(i + 1, j) };
      i = j + 1;
    } else if (c === '[' || c === ']') {
      yield { t: c, v: c };
      i++;
    } else {
      let j = i + 1;
      while (j < s.length && !delim.test(s[j])) j++;
      const w = s.slice(c === '/' ? i + 1 : i, j);
      yield { t: c === '/' ? 'name' : /^[-+.\d]/.test(w) ? 'num' : 'op', v: w };
      i = j;
    }
  }
}

/** Read a PDF's tagging: catalogue entries, structure tree with the text of each element, artifacts. */
async function readTagged(bytes: Buffer): Promise<TaggedPdf> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const catalog = doc.catalog;
  const markInfo = catalog.lookupMaybe(PDFName.of('MarkInfo'), PDFDict);
  const treeRoot = catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
  const pages = doc.getPages();
  const pageIndex = new Map(pages.map((p, i) => [p.ref.toString(), i]));

  // The text of each marked-content sequence, per page and MCID.
  const mcText = new Map<string, string>();
  const artifacts: TaggedPdf['artifacts'] = [];
  let untagged = '';
  pages.forEach((page, pi) => {
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    const maps = new Map<string, Map<number, string>>();
    for (const [key, ref] of fontDict?.entries() ?? []) {
      maps.set(key.decodeText(), toUnicode(doc.context.lookup(ref, PDFDict)));
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    const source = streams
      .map((st) => (st instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(st).decode()).toString('latin1') : ''))
      .join('\n');
    const open: { mcid: number | null; artifact: string | null | undefined; text: string }[] = [];
    let operands: Token[] = [];
    let font = new Map<number, string>();
    for (const tok of tokens(source)) {
      if (tok.t !== 'op') {
        operands.push(tok);
        continue;
      }
      const op = tok.v;
      if (op === 'BDC' || op === 'BMC') {
        const tag = operands[0]?.v;
        const at = (key: string) => operands[operands.findIndex((o) => o.t === 'name' && o.v === key) + 1];
        const mcid = op === 'BDC' && at('MCID')?.t === 'num' ? Number(at('MCID').v) : null;
        const type = op === 'BDC' && at('Type')?.t === 'name' ? at('Type').v : null;
        open.push({ mcid, artifact: tag === 'Artifact' ? type : undefined, text: '' });
      } else if (op === 'EMC') {
        const m = open.pop();
        if (m?.artifact !== undefined) artifacts.push({ page: pi, type: m.artifact, text: m.text });
        else if (m?.mcid != null) mcText.set(`${pi}:${m.mcid}`, m.text);
      } else if (op === 'Tf') {
        font = maps.get(operands[0]?.v ?? '') ?? new Map();
      } else if (op === 'TJ' || op === 'Tj') {
        const text = operands
          .filter((o) => o.t === 'hex')
          .flatMap((o) => (o.v.match(/.{4}/g) ?? []).map((g) => font.get(Number.parseInt(g, 16)) ?? ''))
          .join('');
        const top = open.at(-1);
        if (top) top.text += text;
        else untagged += text;
      }
      operands = [];
    }
  });

  const elements: Element[] = [];
  const walk = (node: unknown, into: Element | null, pg: number | undefined) => {
    const o = node instanceof PDFRef ? doc.context.lookup(node) : node;
    if (o instanceof PDFArray) {
      for (const k of o.asArray()) walk(k, into, pg);
    } else if (o instanceof PDFNumber && into && pg !== undefined) {
      const t = mcText.get(`${pg}:${o.asNumber()}`) ?? '';
      into.text = into.text ? `${into.text} ${t}` : t;
    } else if (o instanceof PDFDict) {
      const page = o.get(PDFName.of('Pg'));
      const p = page ? pageIndex.get(page.toString()) : pg;
      if (name(o.get(PDFName.of('Type'))) === 'MCR') {
        walk(o.get(PDFName.of('MCID')), into, p);
        return;
      }
      const el: Element = {
        type: name(o.get(PDFName.of('S'))) ?? '?',
        lang: str(o.lookup(PDFName.of('Lang'))),
        actual: str(o.lookup(PDFName.of('ActualText'))),
        alt: str(o.lookup(PDFName.of('Alt'))),
        text: '',
      };
      elements.push(el);
      walk(o.get(PDFName.of('K')), el, p);
      el.text = el.text.replace(/\s+/g, ' ').trim();
    }
  };
  walk(treeRoot?.get(PDFName.of('K')), null, undefined);

  return {
    marked: markInfo?.get(PDFName.of('Marked')) === PDFBool.True,
    lang: str(catalog.lookup(PDFName.of('Lang'))),
    hasParentTree: treeRoot?.lookupMaybe(PDFName.of('ParentTree'), PDFDict) !== undefined,
    elements,
    artifacts,
    untagged,
  };
}

/** The index of the first element of `type` whose text contains `text` (-1 when none). */
const indexOf = (pdf: TaggedPdf, type: string, text: string) =>
  pdf.elements.findIndex((e) => e.type === type && e.text.includes(text));

/** The text of the pagination artifacts of each page, joined with a space. */
const footers = (pdf: TaggedPdf) =>
  pdf.artifacts
    .filter((a) => a.type === 'Pagination')
    .reduce<string[]>((acc, a) => {
      acc[a.page] = acc[a.page] ? `${acc[a.page]} ${a.text}` : a.text;
      return acc;
    }, []);

/** The catalogue-level checks every tagged document passes. */
function expectTagged(pdf: TaggedPdf, lang = 'ms-MY') {
  expect(pdf.marked, '/MarkInfo /Marked true').toBe(true);
  expect(pdf.lang).toBe(lang);
  expect(pdf.hasParentTree, 'StructTreeRoot with a ParentTree').toBe(true);
  expect(pdf.elements[0]?.type).toBe('Document');
  expect(pdf.untagged, 'no text outside marked content').toBe('');
}

const bi = (key: string, params?: Record<string, string | number>) =>
  `${translate(`documents.${key}`, 'ms', params)} / ${translate(`documents.${key}`, 'en', params)}`;

describe('the tagging hook (pinned to pdfmake 0.3.x; ADR 0299)', () => {
  it('finds the pdfmake version and every internal method it wraps', () => {
    expect(require('pdfmake/package.json').version).toMatch(/^0\.3\./);
    expect(() => assertPdfmakeInternals()).not.toThrow();
    const Renderer = require('pdfmake/js/Renderer.js').default;
    const LayoutBuilder = require('pdfmake/js/LayoutBuilder.js').default;
    for (const m of PATCHED_METHODS.Renderer) expect(typeof Renderer.prototype[m], m).toBe('function');
    for (const m of PATCHED_METHODS.LayoutBuilder) expect(typeof LayoutBuilder.prototype[m], m).toBe('function');
  });

  it('tags a document: title, language, headings, paragraphs in order, Arabic ActualText; sealing keeps it', async () => {
    const long = 'Perenggan panjang yang melimpah ke baris seterusnya. '.repeat(30).trim();
    const bytes = await renderPdf({
      info: { title: 'Ujian / Test' },
      content: [
        { text: rtlLine(BISMILLAH), font: ARABIC_FONT, fontSize: 20, style: TAG_STYLE.arabic },
        { text: 'Tajuk Dokumen', style: TAG_STYLE.h1 },
        { text: 'Bahagian Satu', style: TAG_STYLE.h2 },
        { text: long },
        { text: 'The English translation.', italics: true, style: TAG_STYLE.english },
        { table: { body: [['Sel A', 'Sel B']] } },
        { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 100, y2: 0 }] },
        { text: 'Halaman kedua', pageBreak: 'before' },
      ],
      footer: (page, pages) => ({ text: `Muka ${page}/${pages}` }),
    });
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    for (const pdf of [
      bytes,
      await sealPdf(bytes, { reason: 'Ujian / Test' }, loadSealKey({ NODE_ENV: 'test' } as never)),
    ]) {
      const t = await readTagged(pdf);
      expectTagged(t);
      expect(t.elements.map((e) => e.type)).toEqual(['Document', 'P', 'H1', 'H2', 'P', 'P', 'P', 'P', 'P']);
      expect(t.elements.slice(2).map((e) => e.text)).toEqual([
        'Tajuk Dokumen',
        'Bahagian Satu',
        long, // one P over its several lines
        'The English translation.',
        'Sel A',
        'Sel B',
        'Halaman kedua',
      ]);
      const basmala = t.elements[1];
      expect(basmala.actual).toBe(BISMILLAH);
      expect(basmala.lang).toBe('ar');
      expect(t.elements[5].lang).toBe('en-MY');
      // the footers and the rules: artifacts
      expect(footers(t)).toEqual(['Muka 1/2', 'Muka 2/2']);
      expect(t.artifacts.filter((a) => a.type === null).length).toBeGreaterThan(0);
      expect(execFileSync('pdfinfo', ['-'], { input: pdf }).toString()).toMatch(/Tagged:\s+yes/);
      expect(execFileSync('pdfinfo', ['-'], { input: pdf }).toString()).toMatch(/Title:\s+Ujian \/ Test/);
    }
  });

  it('refuses a document without a title', async () => {
    await expect(renderPdf({ content: ['x'] })).rejects.toThrow(/info\.title/);
  });
});

describe('the will and the receipt as served (sealed)', () => {
  let t: TestApp;
  let will: TaggedPdf;
  let receipt: TaggedPdf;
  beforeAll(async () => {
    t = await makeTestApp();
    const { willId } = await insertWill(t.ctx);
    const token = await t.login('client');
    const w = await t.call('GET', `/api/wasiat/${willId}/certificate/final`, { token });
    expect(w.status).toBe(200);
    will = await readTagged(w.raw);
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.paymentable_id, willId));
    const r = await t.call('GET', `/api/payment/${p.id}/receipt`, { token });
    expect(r.status).toBe(200);
    receipt = await readTagged(r.raw);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the will: tagged, Malay, its title and headings before their text, the testator named in a P', () => {
    expectTagged(will);
    const title = indexOf(will, 'H1', bi('will.title'));
    const testatorHeading = indexOf(will, 'H2', bi('will.testator'));
    const testatorName = indexOf(will, 'P', 'Aminah binti Ahmad');
    const declarationHeading = indexOf(will, 'H2', bi('will.declaration'));
    const declarationText = translate('documents.will.declaration_text', 'ms', {
      name: 'Aminah binti Ahmad',
      ic_number: '920815145678',
      organization: '-',
    });
    const declaration = indexOf(will, 'P', declarationText.slice(0, 60));
    expect(title).toBeGreaterThan(0);
    expect(testatorHeading).toBeGreaterThan(title);
    expect(testatorName).toBeGreaterThan(testatorHeading);
    expect(declarationHeading).toBeGreaterThan(testatorName);
    expect(declaration).toBeGreaterThan(declarationHeading);
    // the English paragraph under the Malay one is marked English
    const english = will.elements.findIndex((e) => e.lang === 'en-MY');
    expect(english).toBeGreaterThan(testatorName);
    expect(will.elements[declaration + 1]).toMatchObject({ type: 'P', lang: 'en-MY' });
    // the drawn signatures are figures with their alternative text; no empty elements
    expect(will.elements.filter((e) => e.type === 'Figure').map((e) => e.alt)).toContain(
      `${bi('field.signature')}: Zainab binti Karim`,
    );
    expect(will.elements.filter((e) => e.type !== 'Document' && e.type !== 'Figure' && !e.text)).toEqual([]);
  });

  it('the will: the Basmala carries its words as ActualText, in Arabic', () => {
    const basmala = will.elements.filter((e) => e.actual !== undefined);
    expect(basmala).toEqual([expect.objectContaining({ type: 'P', lang: 'ar', actual: BISMILLAH })]);
    expect(will.elements.findIndex((e) => e.actual === BISMILLAH)).toBeLessThan(indexOf(will, 'H1', bi('will.title')));
  });

  it('the will: page footers are pagination artifacts, not content', () => {
    const perPage = footers(will);
    const pages = perPage.length;
    expect(pages).toBeGreaterThan(1);
    perPage.forEach((f, i) => {
      expect(f).toContain('W2026-000001');
      expect(f).toContain(bi('page', { page: i + 1, pages }));
    });
    expect(will.elements.some((e) => e.text.includes(translate('documents.page', 'ms', { page: 1, pages })))).toBe(
      false,
    );
  });

  it('the receipt: tagged, its title an H1 before the receipt number, footer an artifact', () => {
    expectTagged(receipt);
    const title = indexOf(receipt, 'H1', bi('receipt.title'));
    expect(title).toBeGreaterThan(0);
    expect(indexOf(receipt, 'P', 'R2026-000001')).toBeGreaterThan(title);
    expect(footers(receipt)).toEqual([`R2026-000001 ${bi('page', { page: 1, pages: 1 })}`]);
  });
});
