/** The module's public surface (ADR 0217). */
export { downloadFile, klYear, openPdf, type Page, YearSelect } from './shared.tsx';
