/**
 * Reading a MyKad front's printed particulars out of OCR text (issue 3 "MyKad OCR"; reference §2.8
 * `document-ocr` reply keys). Pure functions, no I/O (ocr.ts feeds them tesseract's words).
 *
 * The MyKad front prints, top to bottom on the left: the number as `YYMMDD-PB-###G`, the name (one or
 * two lines, upper case), the address (two to four lines, the last ones holding the 5-digit postcode,
 * the town and the state), then on the right `WARGANEGARA`, the religion (`ISLAM`) and the gender
 * (`LELAKI` / `PEREMPUAN`). OCR noise is tolerated: the number may come with spaces around the dashes,
 * with O for 0 or I/l for 1; lines of one or two characters are dropped; words read with low confidence
 * are dropped and the two columns are read apart (textFromOcrLines, ADR 0213).
 */
import { STATES } from '@wasiat/domain';

/** What was read; a field that could not be read is null. `ic_number` is 12 digits without dashes. */
export interface MykadParticulars {
  ic_number: string | null;
  name: string | null;
  address: string | null;
  postcode: string | null;
  city: string | null;
  state: string | null;
  /** "LELAKI" | "PEREMPUAN" as printed. */
  gender: string | null;
  religion: string | null;
  nationality: string | null;
}

const MARKERS = /^(WARGANEGARA|BUKAN WARGANEGARA|ISLAM|LELAKI|PEREMPUAN|KRISTIAN|BUDDHA|HINDU)\b/;
const HEADER = /(KAD PENGENALAN|MALAYSIA|IDENTITY CARD|MYKAD)/;

/** Digit look-alikes that OCR confuses inside a number. */
const toDigits = (s: string) => s.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1').replace(/[Ss]/g, '5').replace(/B/g, '8');

/** The 12-digit MyKad number in OCR text (`YYMMDD-PB-###G`, dashes optional), or null. */
export function findIcNumber(text: string): string | null {
  const m = /([0-9OoIlSB|]{6})\s*[-–—]?\s*([0-9OoIlSB|]{2})\s*[-–—]?\s*([0-9OoIlSB|]{4})(?![0-9])/.exec(text);
  if (!m) return null;
  const digits = toDigits(m[1] + m[2] + m[3]);
  return /^\d{12}$/.test(digits) ? digits : null;
}

/** The state (as the catalogue spells it) whose name appears in a line, or null. */
function stateIn(line: string): string | null {
  const up = line.toUpperCase();
  // Longest names first ("Wilayah Persekutuan Kuala Lumpur" before a shorter one it contains).
  // A card prints "KUALA LUMPUR" or "WILAYAH PERSEKUTUAN KUALA LUMPUR" for the catalogue's "W.P. Kuala Lumpur".
  for (const s of [...STATES].sort((a, b) => b.length - a.length)) {
    if (up.includes(s.replace(/^W\.P\. /, '').toUpperCase())) return s;
  }
  return null;
}

/** One word as the OCR engine placed it: its text, confidence (0–100) and box in pixels. */
export interface OcrWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

/**
 * Words read with less confidence than this (0–100) are dropped (ADR 0213). On 18 synthetic cards of the tests (six
 * faces, three names), every printed word was read at 82 or more, and every word of letters the engine "read" in
 * the photo (`EY`, `Za`, `Hales`, `D`) at 68 or less.
 */
const MIN_WORD_CONFIDENCE = 70;

/**
 * The card's text, one line per run of words (ADR 0213). A MyKad prints in columns: the number, name and address
 * on the left; the photo and WARGANEGARA / ISLAM / LELAKI on the right. The engine may join a left-hand line with
 * marks it read in the photo beside it, and its lines interleave the two columns. So words below
 * {@link MIN_WORD_CONFIDENCE} are dropped; a line is cut where two words stand further apart than twice the line's
 * letter height; and the runs that start in the left third of what was read come first, top to bottom, then a
 * blank line, then the others.
 *
 * @param lines the engine's lines, top to bottom, each with its words left to right.
 * @returns the text, lines separated by `\n` and the columns by a blank line, for {@link parseMykadText}.
 */
export function textFromOcrLines(lines: { words: OcrWord[] }[]): string {
  const runs: { text: string; x0: number; x1: number }[] = [];
  for (const line of lines) {
    const words = line.words.filter((w) => w.confidence >= MIN_WORD_CONFIDENCE && w.text.trim());
    if (!words.length) continue;
    const heights = words.map((w) => w.bbox.y1 - w.bbox.y0).sort((a, b) => a - b);
    const gap = 2 * heights[Math.floor(heights.length / 2)];
    let run = [words[0]];
    const close = () =>
      runs.push({ text: run.map((w) => w.text).join(' '), x0: run[0].bbox.x0, x1: run[run.length - 1].bbox.x1 });
    for (let i = 1; i < words.length; i++) {
      if (words[i].bbox.x0 - words[i - 1].bbox.x1 > gap) {
        close();
        run = [];
      }
      run.push(words[i]);
    }
    close();
  }
  if (!runs.length) return '';
  // The left column: runs that start in the left part of what was read (a third of its width).
  const left = Math.min(...runs.map((r) => r.x0));
  const edge = left + (Math.max(...runs.map((r) => r.x1)) - left) / 3;
  const column = (inLeft: boolean) => runs.filter((r) => r.x0 < edge === inLeft).map((r) => r.text);
  return [...column(true), '', ...column(false)].join('\n');
}

/** Parse OCR text of a MyKad front into its particulars (see the module comment). */
export function parseMykadText(text: string): MykadParticulars {
  // A blank line parts the card's columns (textFromOcrLines); it is kept as '' and ends the name and address.
  const lines = text
    .split(/\r?\n/)
    .map((l) =>
      l.trim() === ''
        ? ''
        : l
            .replace(/[^\p{L}\p{N}\s@'/.,()-]/gu, ' ')
            .replace(/\s+/g, ' ')
            .trim() || '-',
    )
    .filter((l) => l === '' || l.length > 2);
  const out: MykadParticulars = {
    ic_number: findIcNumber(text),
    name: null,
    address: null,
    postcode: null,
    city: null,
    state: null,
    gender: null,
    religion: null,
    nationality: null,
  };
  for (const l of lines) {
    const up = l.toUpperCase();
    if (/\bPEREMPUAN\b/.test(up)) out.gender = 'PEREMPUAN';
    else if (/\bLELAKI\b/.test(up)) out.gender ??= 'LELAKI';
    if (/\bISLAM\b/.test(up)) out.religion = 'ISLAM';
    if (/\bBUKAN WARGANEGARA\b/.test(up)) out.nationality = 'BUKAN WARGANEGARA';
    else if (/\bWARGANEGARA\b/.test(up)) out.nationality ??= 'WARGANEGARA';
  }
  const start = lines.findIndex((l) => findIcNumber(l) !== null);
  if (start < 0) return out;
  const body: string[] = [];
  for (const l of lines.slice(start + 1)) {
    const up = l.toUpperCase();
    if (l === '' && body.length) break;
    if (l === '') continue;
    if (MARKERS.test(up)) break;
    if (HEADER.test(up) && !body.length) continue;
    body.push(up);
  }
  // The name: the leading lines without digits (an address line starts with a number, or holds one).
  const nameLines: string[] = [];
  while (body.length && !/\d/.test(body[0]) && nameLines.length < 2 && !stateIn(body[0])) {
    nameLines.push(body.shift() as string);
    if (/\b(BIN|BINTI|A\/L|A\/P)\b/.test(nameLines.join(' ')) && body.length && /\d/.test(body[0])) break;
  }
  out.name = nameLines.length ? nameLines.join(' ') : null;
  if (body.length) {
    out.address = body.join(', ');
    for (const l of body) {
      const pc = /\b(\d{5})\b\s*(.*)$/.exec(l);
      if (pc) {
        out.postcode = pc[1];
        out.city = pc[2].trim() || null;
      }
      out.state = stateIn(l) ?? out.state;
    }
    if (out.city && out.state) {
      // "50480 KUALA LUMPUR" where the town is also the state: keep the town as read.
      out.city = out.city.replace(/,$/, '');
    }
  }
  return out;
}
