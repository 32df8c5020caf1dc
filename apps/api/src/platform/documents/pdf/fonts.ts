/**
 * pdfmake 0.3 on the server (DESIGN.md §8 "PDFs"): fonts come from npm packages (no download, no system
 * fonts), Noto Sans for Latin text and Amiri for Arabic.
 *
 * Arabic: pdfmake hands each word to pdfkit, whose fontkit shapes it with the font's OpenType tables
 * (initial/medial/final forms, lam-alif and the Allah ligature) and reverses the glyphs of a
 * right-to-left run. pdfmake itself has no bidi: it lays the words of a line out left to right. So a
 * one-line Arabic phrase is given with its words in reverse order ({@link rtlLine}); checked by
 * rendering the Bismillah with `pdftoppm` and looking at it.
 *
 * Resource access is closed: no URL is ever fetched, and the only local files pdfmake may open are
 * these font files (images are passed as data URLs).
 */
import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);

/** Absolute path of a TTF shipped inside an `@expo-google-fonts/*` package. */
const fontFile = (pkg: string, file: string) => require.resolve(`@expo-google-fonts/${pkg}/${file}`);

const FONTS = {
  NotoSans: {
    normal: fontFile('noto-sans', '400Regular/NotoSans_400Regular.ttf'),
    bold: fontFile('noto-sans', '700Bold/NotoSans_700Bold.ttf'),
    italics: fontFile('noto-sans', '400Regular_Italic/NotoSans_400Regular_Italic.ttf'),
    bolditalics: fontFile('noto-sans', '700Bold_Italic/NotoSans_700Bold_Italic.ttf'),
  },
  Amiri: {
    normal: fontFile('amiri', '400Regular/Amiri_400Regular.ttf'),
    bold: fontFile('amiri', '700Bold/Amiri_700Bold.ttf'),
    italics: fontFile('amiri', '400Regular_Italic/Amiri_400Regular_Italic.ttf'),
    bolditalics: fontFile('amiri', '700Bold_Italic/Amiri_700Bold_Italic.ttf'),
  },
};
const allowedFiles = new Set(Object.values(FONTS).flatMap((f) => Object.values(f)));

pdfmake.setFonts(FONTS);
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => allowedFiles.has(path));

/** Font family names usable in a document definition. */
const LATIN_FONT = 'NotoSans';
export const ARABIC_FONT = 'Amiri';

/** The Bismillah, as printed at the top of a will. */
export const BISMILLAH = 'بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ ٱلرَّحِيمِ';

/**
 * Prepare a single line of right-to-left text for pdfmake: its words in reverse order, as separate
 * inlines with the spaces between them as inlines of their own (a space inside a word's run would be
 * reversed with it by fontkit and land on the wrong side). Each word is shaped and its glyphs reversed
 * by fontkit. Only for text that fits on one line. Use as `{ text: rtlLine(s), font: ARABIC_FONT }`.
 */
export function rtlLine(text: string): string[] {
  const words = text.trim().split(/\s+/).reverse();
  return words.flatMap((w, i) => (i === 0 ? [w] : [' ', w]));
}

/**
 * Render a document definition to PDF bytes (Noto Sans by default).
 * @returns the PDF file (starts with `%PDF-`).
 */
export async function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  const def: TDocumentDefinitions = { ...doc, defaultStyle: { font: LATIN_FONT, fontSize: 9, ...doc.defaultStyle } };
  const buf = await pdfmake.createPdf(def).getBuffer();
  return Buffer.from(buf);
}
