/**
 * Tagged PDF output for pdfmake 0.3 (issue 37 item 7; WCAG 1.3.1 and 3.1.1; ADR 0299).
 *
 * pdfmake passes `tagged`, `language`, `displayTitle` and `version` through to PDFKit 0.19, which then
 * writes `/MarkInfo << /Marked true >>`, the catalogue's `/Lang` and an empty `/StructTreeRoot` — but
 * pdfmake's Renderer draws its text, vectors and images without marked content, so the structure tree
 * would stay empty. This module patches pdfmake's internals once, at module load (importing it is
 * enough; platform/documents/pdf/fonts.ts does, and every PDF goes through its `renderPdf`):
 *
 * - `LayoutBuilder.prototype.buildNextLine`: each laid-out text line remembers the text node it came
 *   from (`line._tagNode`), so the lines of one paragraph join one structure element and the node's
 *   style names give its role. `LayoutBuilder.prototype.addDynamicRepeatable` (page header and footer)
 *   and `addBackground`: their lines are flagged `line._tagArtifact` (`Pagination` / `Background`).
 * - `Renderer.prototype.renderPages`: when the PDFKit document is tagged, a `Document` structure
 *   element is added under the StructTreeRoot; the page items are then drawn in pdfmake's order, which
 *   is document order on each page — that order is the logical reading order.
 * - `Renderer.prototype.renderLine`: the line's drawing is wrapped in marked content with an MCID
 *   (`/P <</MCID n>> BDC … EMC`) and attached to its node's structure element: `P` by default, `H1` /
 *   `H2` for a node with the style {@link TAG_STYLE}.h1 / .h2, with `/Lang (en-MY)` for style
 *   `.english` and `/Lang (ar)` plus `/ActualText` for style `.arabic` (a line made by `rtlLine` of
 *   fonts.ts, whose words are stored in visual order: the ActualText is the logical text, so copying
 *   or reading the Basmala gives the words, not glyph fragments). Header/footer lines become
 *   `/Artifact <</Type /Pagination>>`; a blank line (a spacer) an `/Artifact <</Type /Layout>>`.
 * - `renderVector` (table rules, lines, cell fills), `renderSVG`, `renderWatermark`: `Artifact`.
 * - `renderImage`: a `Figure` with `/Alt` and a layout BBox when the image node was made with
 *   {@link figure}; otherwise an `Artifact` (the QR code: its URL is printed as text beside it).
 *
 * Pinned to pdfmake 0.3.x: {@link assertPdfmakeInternals} runs at load and throws if the version or one
 * of the patched methods changes, and tagged-pdf.test.ts checks the same, so an upgrade fails loudly
 * rather than silently producing untagged PDFs.
 */
import { createRequire } from 'node:module';
import type { ContentImage } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);

/** pdfmake's internals (CommonJS, `exports.default`); the same module instances its Printer uses. */
const Renderer = require('pdfmake/js/Renderer.js').default;
const LayoutBuilder = require('pdfmake/js/LayoutBuilder.js').default;
const PDFMAKE_VERSION: string = require('pdfmake/package.json').version;

/** The pdfmake versions this hook was written against (major.minor). */
const PDFMAKE_SUPPORTED = /^0\.3\./;

/** The pdfmake methods this module wraps; each must exist on the prototype named. */
export const PATCHED_METHODS = {
  Renderer: ['renderPages', 'renderLine', 'renderVector', 'renderImage', 'renderSVG', 'renderWatermark'],
  LayoutBuilder: ['buildNextLine', 'addDynamicRepeatable', 'addBackground'],
} as const;

/**
 * Style names that give a text node its structure role or language (add them to a node's `style`;
 * `renderPdf` defines them as empty styles, so they change nothing in the layout).
 */
export const TAG_STYLE = {
  /** The document's title → `H1`. */
  h1: 'tag-h1',
  /** A section heading → `H2`. */
  h2: 'tag-h2',
  /** English text of a bilingual document → `/Lang (en-MY)`. */
  english: 'tag-en',
  /** One Arabic line made by `rtlLine` (words in visual order) → `/Lang (ar)`, `/ActualText` logical text. */
  arabic: 'tag-ar',
} as const;

/** The empty style definitions of {@link TAG_STYLE}, for a document definition's `styles`. */
export const TAG_STYLE_DEFS: Record<string, Record<string, never>> = Object.fromEntries(
  Object.values(TAG_STYLE).map((s) => [s, {}]),
);

/**
 * Mark an image node as informative: it is tagged as a `Figure` with `alt` as its `/Alt` text
 * (otherwise images are artifacts). Returns the same node.
 */
export function figure<T extends ContentImage>(node: T, alt: string): T {
  return Object.assign(node, { _tagAlt: alt });
}

/**
 * Throw if the installed pdfmake is not 0.3.x or lacks a method this module wraps (ADR 0299).
 * @throws Error naming the version or the missing method.
 */
export function assertPdfmakeInternals(): void {
  if (!PDFMAKE_SUPPORTED.test(PDFMAKE_VERSION)) {
    throw new Error(`tagged PDFs: written for pdfmake 0.3.x, found ${PDFMAKE_VERSION} (ADR 0299)`);
  }
  const protos = { Renderer: Renderer?.prototype, LayoutBuilder: LayoutBuilder?.prototype };
  for (const [cls, methods] of Object.entries(PATCHED_METHODS)) {
    for (const m of methods) {
      if (typeof protos[cls as keyof typeof protos]?.[m] !== 'function') {
        throw new Error(`tagged PDFs: pdfmake ${PDFMAKE_VERSION} has no ${cls}.prototype.${m} (ADR 0299)`);
      }
    }
  }
}

/** pdfmake's and PDFKit's internals: untyped JavaScript. */
type Any = any;

/** A text node as pdfmake's layout sees it: the document definition node after preprocessing. */
interface TextNode {
  text?: unknown;
  style?: string | string[];
}

function styleNames(node: TextNode | undefined): string[] {
  if (!node?.style) return [];
  return Array.isArray(node.style) ? node.style : [node.style];
}

/** The logical text of an `rtlLine` node: its pieces (visual order) reversed and joined. */
function logicalText(node: TextNode): string {
  const parts = Array.isArray(node.text) ? node.text : [node.text];
  return parts
    .map((p) => (typeof p === 'string' ? p : typeof p?.text === 'string' ? p.text : ''))
    .reverse()
    .join('');
}

/** Structure type and options of a text node (see the module comment). */
function roleOf(node: TextNode | undefined): { type: string; options: Record<string, string> } {
  const s = styleNames(node);
  const type = s.includes(TAG_STYLE.h1) ? 'H1' : s.includes(TAG_STYLE.h2) ? 'H2' : 'P';
  if (node && s.includes(TAG_STYLE.arabic)) return { type, options: { lang: 'ar', actual: logicalText(node) } };
  if (s.includes(TAG_STYLE.english)) return { type, options: { lang: 'en-MY' } };
  return { type, options: {} };
}

/** Draw `draw` inside an artifact of `type` (no type: a plain `/Artifact BMC`). */
function asArtifact(doc: Any, type: string | null, draw: () => void) {
  doc.markContent('Artifact', type ? { type } : null);
  try {
    draw();
  } finally {
    doc.endMarkedContent();
  }
}

interface TagState {
  root: Any;
  elements: Map<object, Any>;
}
const STATE = Symbol('taggedPdfState');

function install() {
  assertPdfmakeInternals();
  const lb = LayoutBuilder.prototype;
  const r = Renderer.prototype;
  if (r[STATE] !== undefined) return; // installed once per process
  r[STATE] = null;

  const buildNextLine = lb.buildNextLine;
  lb.buildNextLine = function (this: Any, textNode: TextNode) {
    const line = buildNextLine.call(this, textNode);
    if (line) {
      line._tagNode = textNode;
      if (this._tagArtifact) line._tagArtifact = this._tagArtifact;
    }
    return line;
  };
  const withArtifactFlag = (orig: (...a: unknown[]) => unknown, type: string) =>
    function (this: Any, ...args: unknown[]) {
      const before = this._tagArtifact;
      this._tagArtifact = type;
      try {
        return orig.apply(this, args);
      } finally {
        this._tagArtifact = before;
      }
    };
  lb.addDynamicRepeatable = withArtifactFlag(lb.addDynamicRepeatable, 'Pagination');
  lb.addBackground = withArtifactFlag(lb.addBackground, 'Background');

  const { renderPages, renderLine, renderVector, renderImage, renderSVG, renderWatermark } = r;
  r.renderPages = function (this: Any, pages: unknown) {
    const doc = this.pdfDocument;
    if (!doc.options?.tagged) return renderPages.call(this, pages);
    const root = doc.struct('Document');
    doc.addStructure(root);
    this[STATE] = { root, elements: new Map() } satisfies TagState;
    try {
      return renderPages.call(this, pages);
    } finally {
      root.end();
      this[STATE] = null;
    }
  };
  r.renderLine = function (this: Any, line: Any, x: number, y: number) {
    const state: TagState | null = this[STATE];
    if (!state) return renderLine.call(this, line, x, y);
    const doc = this.pdfDocument;
    if (line._tagArtifact) return asArtifact(doc, line._tagArtifact, () => renderLine.call(this, line, x, y));
    // A blank line (a spacer `{ text: ' ' }`) is layout, not content.
    if (line.inlines.every((i: { text: string }) => !i.text.trim())) {
      return asArtifact(doc, 'Layout', () => renderLine.call(this, line, x, y));
    }
    const node: TextNode | undefined = line._tagNode;
    const { type, options } = roleOf(node);
    let element = node ? state.elements.get(node) : undefined;
    const first = !element;
    if (!element) {
      element = doc.struct(type, options);
      state.root.add(element);
      if (node) state.elements.set(node, element);
    }
    // A one-line node with ActualText also carries it on its marked content (a Span), which text
    // extractors that ignore the structure tree (pdftotext) honour.
    const span = options.actual && first && line.lastLineInParagraph;
    const content = doc.markStructureContent(span ? 'Span' : type, span ? options : {});
    try {
      renderLine.call(this, line, x, y);
    } finally {
      doc.endMarkedContent();
    }
    element.add(content);
  };
  r.renderVector = function (this: Any, ...args: unknown[]) {
    if (!this[STATE]) return renderVector.apply(this, args);
    asArtifact(this.pdfDocument, null, () => renderVector.apply(this, args));
  };
  r.renderSVG = function (this: Any, ...args: unknown[]) {
    if (!this[STATE]) return renderSVG.apply(this, args);
    asArtifact(this.pdfDocument, null, () => renderSVG.apply(this, args));
  };
  r.renderWatermark = function (this: Any, ...args: unknown[]) {
    if (!this[STATE]) return renderWatermark.apply(this, args);
    asArtifact(this.pdfDocument, null, () => renderWatermark.apply(this, args));
  };
  r.renderImage = function (this: Any, image: Any) {
    const state: TagState | null = this[STATE];
    if (!state) return renderImage.call(this, image);
    const doc = this.pdfDocument;
    if (typeof image._tagAlt !== 'string') return asArtifact(doc, null, () => renderImage.call(this, image));
    const w = image._width ?? 0;
    const h = image._height ?? 0;
    const element = doc.struct('Figure', { alt: image._tagAlt, bbox: [image.x, image.y, image.x + w, image.y + h] });
    state.root.add(element);
    const content = doc.markStructureContent('Figure');
    try {
      renderImage.call(this, image);
    } finally {
      doc.endMarkedContent();
    }
    element.add(content);
  };
}

install();
