/** The module's public surface (ADR 0217). */
export { type MultipartFile, readMultipart } from './multipart.ts';
