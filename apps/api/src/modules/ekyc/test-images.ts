/**
 * Test images for face matching, made from the real photographs shipped in @vladmandic/face-api
 * (`demo/sample1.jpg` … `sample6.jpg`, group photos of 22 different people). Single faces are cropped
 * from them with sharp; a synthetic MyKad puts a greyscale, low-resolution, slightly rotated copy of a
 * face on a card-coloured background (sample2's faces are left out: at that resolution the detector
 * misses one of them). Used by ekyc.test.ts, bench/ekyc.ts and the e2e fixtures.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
export const SAMPLES_DIR = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
export const sample = (n: number) => join(SAMPLES_DIR, `sample${n}.jpg`);

/** Face boxes (x, y, width, height) found by the detector in the samples (at full resolution). */
export const FACES = {
  a: { file: 1, box: [414, 354, 177, 239] },
  b: { file: 1, box: [838, 420, 186, 227] },
  d: { file: 3, box: [585, 329, 199, 271] },
  e: { file: 4, box: [664, 52, 186, 257] },
  f: { file: 5, box: [787, 108, 156, 211] },
  g: { file: 6, box: [680, 320, 159, 306] },
} as const;
export type FaceKey = keyof typeof FACES;

/** A head-and-shoulders crop around one face (the margin keeps the whole head in view). */
export async function faceCrop(key: FaceKey, margin = 0.6): Promise<Buffer> {
  const { file, box } = FACES[key];
  const [x, y, w, h] = box;
  const meta = await sharp(sample(file)).metadata();
  const left = Math.max(0, Math.round(x - w * margin));
  const top = Math.max(0, Math.round(y - h * margin));
  const width = Math.min((meta.width ?? 0) - left, Math.round(w * (1 + 2 * margin)));
  const height = Math.min((meta.height ?? 0) - top, Math.round(h * (1 + 2 * margin)));
  return sharp(sample(file)).extract({ left, top, width, height }).jpeg({ quality: 90 }).toBuffer();
}

/**
 * A synthetic MyKad front: a pale card (856×540, ID-1 proportions) with the face in greyscale at low
 * resolution (the card photo is ~150 px wide) on the left, flipped horizontally.
 */
export async function syntheticMykad(key: FaceKey, opts: { grey?: boolean } = {}): Promise<Buffer> {
  const photo = await sharp(await faceCrop(key, 0.35))
    .greyscale(opts.grey ?? true)
    .flop()
    .resize({ width: 150 })
    .toBuffer();
  const small = await sharp(photo).resize({ width: 200 }).png().toBuffer();
  return sharp({ create: { width: 856, height: 540, channels: 3, background: { r: 190, g: 205, b: 225 } } })
    .composite([{ input: small, left: 40, top: 120 }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A blank image (no face). */
export const blankImage = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 240, g: 240, b: 240 } } })
    .jpeg()
    .toBuffer();

/** A whole group photo (more than one face). */
export const groupPhoto = (n = 1) => sharp(sample(n)).resize({ width: 1024 }).jpeg().toBuffer();

export const dataUrl = (b: Buffer, mime = 'image/jpeg') => `data:${mime};base64,${b.toString('base64')}`;

/** Particulars printed on a synthetic MyKad (see {@link syntheticMykadWithText}). */
export interface CardText {
  ic: string;
  name: string;
  address: string[];
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A synthetic MyKad front with printed particulars (for OCR): 856×540, the number `YYMMDD-PB-####` at the
 * top left, the name and address lines below it, WARGANEGARA / ISLAM / LELAKI at the bottom right, and
 * the face photo on the right (as the real card lays them out). Text is rendered by sharp from an SVG.
 */
export async function syntheticMykadWithText(key: FaceKey, card: CardText): Promise<Buffer> {
  const photo = await sharp(await faceCrop(key, 0.35))
    .greyscale()
    .resize({ width: 190, height: 240, fit: 'cover' })
    .png()
    .toBuffer();
  const ic = `${card.ic.slice(0, 6)}-${card.ic.slice(6, 8)}-${card.ic.slice(8)}`;
  const line = (y: number, text: string, size = 26, weight = 'bold') =>
    `<text x="40" y="${y}" font-family="DejaVu Sans" font-size="${size}" font-weight="${weight}" fill="#111">${escapeXml(text)}</text>`;
  const lines = [line(60, 'KAD PENGENALAN MALAYSIA', 22), line(130, ic, 34)];
  const names = card.name.toUpperCase().split('\n');
  for (const [i, n] of names.entries()) lines.push(line(330 + i * 32, n));
  for (const [i, a] of card.address.entries()) {
    lines.push(line(330 + (names.length + i) * 32, a.toUpperCase(), 24, 'normal'));
  }
  const right = (y: number, text: string) =>
    `<text x="820" y="${y}" text-anchor="end" font-family="DejaVu Sans" font-size="22" font-weight="bold" fill="#111">${text}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540">${lines.join('')}${right(440, 'WARGANEGARA')}${right(475, 'ISLAM')}${right(510, 'LELAKI')}</svg>`;
  return sharp({ create: { width: 856, height: 540, channels: 3, background: { r: 215, g: 225, b: 238 } } })
    .composite([
      { input: Buffer.from(svg), left: 0, top: 0 },
      { input: photo, left: 620, top: 90 },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}
