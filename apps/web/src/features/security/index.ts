/** The module's public surface (ADR 0217). */
export { ResetTwoFactorButton } from './ResetTwoFactorButton.tsx';
