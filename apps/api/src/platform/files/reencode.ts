/**
 * Uploaded images are re-encoded (issue 11 "uploads re-encoded (images through sharp, EXIF stripped)"):
 * the pixels are decoded and written anew in the same format, turned upright by their EXIF orientation,
 * and nothing else of the original is kept — no EXIF (GPS position, camera, time), no XMP/IPTC, no comment
 * segments, no bytes appended after the image (polyglots). A file that sharp cannot decode is refused;
 * decoder warnings (a slightly damaged JPEG that browsers show) are tolerated (`failOn: 'none'`).
 */
import sharp from 'sharp';
import { AppError } from '../http/errors.ts';

/** Largest decoded image accepted (pixels): 50 megapixels, above any phone camera's photo. */
const MAX_PIXELS = 50_000_000;

/**
 * Re-encode an image of a detected `mime` (image/jpeg, image/png or image/webp) without metadata.
 * @throws AppError 422 `errors.file_type` on `field` when the bytes do not decode as that image.
 */
export async function reencodeImage(data: Buffer, mime: string, field: string): Promise<Buffer> {
  try {
    const img = sharp(data, { failOn: 'none', limitInputPixels: MAX_PIXELS }).rotate();
    if (mime === 'image/jpeg') return await img.jpeg({ quality: 90 }).toBuffer();
    if (mime === 'image/png') return await img.png().toBuffer();
    if (mime === 'image/webp') return await img.webp({ quality: 90 }).toBuffer();
  } catch {
    // fall through to the refusal
  }
  throw new AppError('validation', 'errors.file_type', { [field]: ['errors.file_type'] });
}
