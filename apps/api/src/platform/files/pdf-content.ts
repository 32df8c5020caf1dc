/**
 * What a PDF upload may carry (issue 36 item 5; ADR 0229): a document to read, nothing that runs or opens.
 * Checked for every upload detected as a PDF (uploads.ts `checkFile`), in the untrusted-file worker:
 * - no HTML markup anywhere in its bytes (a PDF+HTML polyglot: script, frame, object, svg, img and similar tags,
 *   an element with an event handler, a `javascript:` address) — HTML *before* `%PDF-` is already refused by the
 *   magic-byte check, which wants `%PDF` at the start;
 * - no active content in any object pdf-lib parses (compressed object streams included, `#xx` name escapes
 *   decoded): `/JavaScript`, `/JS`, `/Launch`, `/EmbeddedFile(s)`, `/FileAttachment`, `/RichMedia`, `/GoToE`, `/XFA`;
 * - parseable by pdf-lib, with every object stream decodable (else its objects could not be inspected), within
 *   the worker's time limit.
 */
import { AppError } from '../http/errors.ts';
import { parseUntrusted, UntrustedFileError } from './untrusted-worker.ts';

/** Message keys of the refusals (locales `errors.*`). */
export const PDF_ACTIVE_CONTENT = 'errors.pdf_active_content';
export const PDF_UNREADABLE = 'errors.pdf_unreadable';

/**
 * Refuse a PDF that carries active content or HTML, or that cannot be inspected.
 * @throws AppError 422 on `field`: `errors.pdf_active_content` (JavaScript, launch action, embedded file, HTML),
 *   `errors.pdf_unreadable` (pdf-lib cannot parse it or an object stream in it, or it takes over 2 s).
 */
export async function checkPdfContent(data: Buffer, field: string): Promise<void> {
  let verdict: { verdict: 'clean' | 'active'; found?: string };
  try {
    verdict = await parseUntrusted('pdf', data);
  } catch (err) {
    if (err instanceof UntrustedFileError)
      throw new AppError('validation', PDF_UNREADABLE, { [field]: [PDF_UNREADABLE] });
    throw err;
  }
  if (verdict.verdict !== 'clean') {
    throw new AppError('validation', PDF_ACTIVE_CONTENT, { [field]: [PDF_ACTIVE_CONTENT] });
  }
}
