/**
 * A report's table laid out to fit the width of its PDF page (issue 38 item 4; ADR 0263). pdfmake's own
 * star widths give each column at least its longest word, and its `lightHorizontalLines` layout pads every cell
 * by 8 pt a side: with the 14–16 columns of the detailed, approved and financing lists (long names, a bank's
 * reason) the table grew wider than the page and the last columns — the paid amount, the financing status and
 * reason — were drawn off it. Here each column gets a share of the page's width by how much text it holds
 * (between {@link MIN_CHARS} and {@link MAX_CHARS} characters' worth), cells are padded 2 pt a side, and only a
 * word longer than its column may be broken between letters (pdfmake's `wordBreak: 'break-all'`).
 */

/** A cell as pdfmake takes it: its text, alignment and, for a word too long for its column, break-all. */
export interface PdfCell {
  text: string;
  alignment?: 'left' | 'right';
  bold?: boolean;
  wordBreak?: 'break-all';
}

/** Fewest and most characters a column's width is planned for (a column of 2-digit counts still shows its heading). */
const MIN_CHARS = 6;
const MAX_CHARS = 28;
/** Longest word a column is widened for before its words may break (a MyKad number, an amount, a date). */
const MAX_WORD = 14;
/** Padding of a cell, points a side. */
const PAD = 2;
/** Width of an average character of the body font, as a share of the font size (Noto Sans/Roboto ≈ 0.5–0.55). */
const CHAR_EM = 0.6;

/** The longest word of a text, in characters. */
const longestWord = (s: string) => s.split(/\s+/).reduce((m, w) => Math.max(m, w.length), 0);

/**
 * The widths (points, summing to `width` less the cells' padding) and cells of a table of `headings` and
 * `rows` (texts already formatted) at `fontSize` points, for a page whose printable width is `width` points.
 */
export function fitTable(
  headings: string[],
  rows: PdfCell[][],
  fontSize: number,
  width: number,
): { widths: number[]; body: PdfCell[][]; layout: Record<string, unknown> } {
  const n = headings.length;
  const charWidth = fontSize * CHAR_EM;
  const all = (i: number) => [headings[i], ...rows.map((r) => r[i]?.text ?? '')];
  // Each column first gets its longest word (up to MAX_WORD characters: a date, an amount, "Approved" stay whole),
  // then the rest of the page is shared by how much more text each column holds.
  const least = headings.map((_, i) => Math.min(Math.max(...all(i).map(longestWord)), MAX_WORD) * charWidth);
  const want = headings.map(
    (_, i) => Math.max(Math.min(Math.max(...all(i).map((x) => x.length)), MAX_CHARS), MIN_CHARS) * charWidth,
  );
  const usable = width - PAD * 2 * (n - 1);
  const floor = least.reduce((a, b) => a + b, 0);
  const scale = floor > usable ? usable / floor : 1;
  const spare = Math.max(usable - floor, 0);
  const extra = want.map((w, i) => Math.max(w - least[i], 0));
  const extraSum = extra.reduce((a, b) => a + b, 0) || 1;
  const widths = least.map((l, i) => Math.floor(l * scale + (spare * extra[i]) / extraSum));
  const fits = (i: number) => Math.floor(widths[i] / charWidth);
  const cell = (c: PdfCell, i: number): PdfCell =>
    longestWord(c.text) > fits(i) ? { ...c, wordBreak: 'break-all' } : c;
  const body = [headings.map((text, i) => cell({ text, bold: true }, i)), ...rows.map((r) => r.map(cell))];
  const layout = {
    hLineWidth: (i: number, node: { table: { body: unknown[]; headerRows?: number } }) =>
      i === 0 || i === node.table.body.length ? 0 : i === node.table.headerRows ? 1 : 0.5,
    vLineWidth: () => 0,
    hLineColor: (i: number) => (i === 1 ? '#000000' : '#aaaaaa'),
    paddingLeft: (i: number) => (i === 0 ? 0 : PAD),
    paddingRight: (i: number, node: { table: { widths: unknown[] } }) => (i === node.table.widths.length - 1 ? 0 : PAD),
  };
  return { widths, body, layout };
}
