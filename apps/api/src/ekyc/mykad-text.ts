/**
 * Reading a MyKad front's printed particulars out of OCR text (issue 3 "MyKad OCR"; reference §2.8
 * `document-ocr` reply keys). Pure functions, no I/O (ocr.ts feeds them tesseract's text).
 *
 * The MyKad front prints, top to bottom on the left: the number as `YYMMDD-PB-###G`, the name (one or
 * two lines, upper case), the address (two to four lines, the last ones holding the 5-digit postcode,
 * the town and the state), then on the right `WARGANEGARA`, the religion (`ISLAM`) and the gender
 * (`LELAKI` / `PEREMPUAN`). OCR noise is tolerated: the number may come with spaces around the dashes,
 * with O for 0 or I/l for 1; lines of one or two characters are dropped.
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

/** Parse OCR text of a MyKad front into its particulars (see the module comment). */
export function parseMykadText(text: string): MykadParticulars {
  const lines = text
    .split(/\r?\n/)
    .map((l) =>
      l
        .replace(/[^\p{L}\p{N}\s@'/.,()-]/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((l) => l.length > 2);
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
