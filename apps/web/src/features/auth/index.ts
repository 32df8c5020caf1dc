/** The module's public surface (ADR 0217). */
export { AuthCard } from './AuthCard.tsx';
