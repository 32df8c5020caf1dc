/**
 * The mykad module's public surface (DESIGN.md §2; ADR 0217): reading a MyKad image by OCR and keeping what
 * was read (reading.ts, ADR 0090). The will's documents (wills module) and every eKYC subject (ekyc module)
 * read cards through here, so neither module imports the other's files for it (ADR 0292).
 */

// the OCR worker is shared by the process; tests and shutdown stop it
export { stopOcr } from './ocr.ts';
export {
  assertSameMykad,
  documentOcr,
  latestReading,
  readCard,
  saveReading,
  serializeReading,
  testatorMykad,
} from './reading.ts';
