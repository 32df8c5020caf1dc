/** The module's public surface (ADR 0217). */
export { DocumentCheck } from './DocumentCheck.tsx';
