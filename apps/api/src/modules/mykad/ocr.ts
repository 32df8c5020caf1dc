/**
 * MyKad OCR (issue 3 "MyKad OCR (tesseract.js with the Malay and English language data shipped in
 * @tesseract.js-data packages)"; DESIGN.md §8; ADR 0090). tesseract.js runs recognition in a Node
 * worker thread, so the event loop stays free while a card is read. The language data comes from
 * node_modules only (no network at run time): `msa` and `eng` (`4.0.0_best_int`, LSTM) are copied
 * once into one folder under the OS temp dir, because tesseract.js takes one `langPath` for all
 * languages. The worker is created once per process, lazily, and shared (tesseract.js queues jobs).
 *
 * The image is prepared with sharp (EXIF rotation, greyscale, at least 1600 px wide, normalised) so the
 * card's small print is large enough for the LSTM model.
 */
import { copyFile, mkdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { type MykadParticulars, parseMykadText, textFromOcrLines } from './mykad-text.ts';

const require = createRequire(import.meta.url);
const LANGS = ['msa', 'eng'] as const;

/** Folder holding both `<lang>.traineddata.gz` files (copied from the @tesseract.js-data packages). */
async function langFolder(): Promise<string> {
  const dir = join(tmpdir(), 'wasiat-tessdata-4.0.0_best_int');
  await mkdir(dir, { recursive: true });
  for (const lang of LANGS) {
    const src = join(
      dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)),
      '4.0.0_best_int',
      `${lang}.traineddata.gz`,
    );
    const dest = join(dir, `${lang}.traineddata.gz`);
    const [a, b] = await Promise.all([stat(src), stat(dest).catch(() => null)]);
    if (!b || b.size !== a.size) await copyFile(src, dest);
  }
  return dir;
}

let starting: Promise<Worker> | null = null;

/** The shared OCR worker (created on first use; concurrent callers share the promise). */
function ocrWorker(): Promise<Worker> {
  starting ??= (async () => {
    const langPath = await langFolder();
    return createWorker([...LANGS], OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' });
  })().catch((e) => {
    starting = null;
    throw e;
  });
  return starting;
}

/** Stop the worker thread (tests, shutdown). */
export async function stopOcr() {
  const w = starting;
  starting = null;
  if (w) await (await w).terminate();
}

/** Prepare a card photo for OCR: upright, greyscale, ≥ 1600 px wide, contrast normalised, PNG. */
async function prepare(image: Buffer): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  const width = Math.max(1600, Math.min(meta.width ?? 1600, 2400));
  return sharp(image).rotate().greyscale().resize({ width }).normalise().png().toBuffer();
}

/**
 * The text and the particulars read from a MyKad front image. The text is rebuilt from the engine's words
 * (mykad-text.ts `textFromOcrLines`, ADR 0213): words read with low confidence are dropped and a line is cut
 * where the card's columns part. @throws if the image cannot be decoded.
 */
export async function readMykad(image: Buffer): Promise<{ text: string; particulars: MykadParticulars }> {
  const worker = await ocrWorker();
  const { data } = await worker.recognize(await prepare(image), {}, { blocks: true, text: false });
  const lines = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
  const text = textFromOcrLines(lines);
  return { text, particulars: parseMykadText(text) };
}
