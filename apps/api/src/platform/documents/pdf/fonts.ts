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
import { TAG_STYLE_DEFS } from './tagged.ts';

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

/** Language tags of the documents (BCP 47): Malay-first bilingual documents are `ms-MY`. */
export type DocumentLanguage = 'ms-MY' | 'en-MY';

/**
 * Render a document definition to PDF bytes (Noto Sans by default), as a tagged PDF 1.7 (ADR 0299):
 * `/MarkInfo /Marked true`, the catalogue's `/Lang` (`doc.language`, default `ms-MY`: the documents are
 * Malay first with English beside; WCAG 3.1.1), the title shown in the window title bar
 * (`displayTitle`; `doc.info.title`, required) and a structure tree in reading order built by the
 * renderer hook of tagged.ts (paragraphs, headings by the `TAG_STYLE` styles, artifacts for rules,
 * footers and decorative images; WCAG 1.3.1). Every PDF of the platform is made here.
 * @returns the PDF file (starts with `%PDF-1.7`).
 * @throws Error when `doc.info.title` is empty (a tagged document must have a title; PDF/UA-1 §7.1).
 */
export async function renderPdf(doc: TDocumentDefinitions & { language?: DocumentLanguage }): Promise<Buffer> {
  if (!doc.info?.title?.trim()) throw new Error('renderPdf: info.title is required (tagged PDF; ADR 0299)');
  const def: TDocumentDefinitions & { language: DocumentLanguage } = {
    ...doc,
    version: '1.7',
    tagged: true,
    displayTitle: true,
    language: doc.language ?? 'ms-MY',
    styles: { ...TAG_STYLE_DEFS, ...doc.styles },
    defaultStyle: { font: LATIN_FONT, fontSize: 9, ...doc.defaultStyle },
  };
  const buf = await pdfmake.createPdf(def).getBuffer();
  return Buffer.from(buf);
}
