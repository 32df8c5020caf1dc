/**
 * What other features use from the eKYC feature: the eKYC step of a record (will, hibah, amendment), the
 * MyKad images of a hibah or amendment, the MyKad reading panel and the agent's
 * eKYC link.
 */
// the face check of a person without an account (deaths release; ADR 0295)
export { CardAndSelfie } from './CardAndSelfie.tsx';
export { EkycLinkPanel } from './EkycLinkPanel.tsx';
export { type EkycableType, type EkycRecord, EkycStep, MIN_VERIFICATION_SCORE, serverFailed } from './EkycStep.tsx';
export { type DocumentRow, MykadImages, sidesOf } from './MykadImages.tsx';
export { hasReading, type MykadOcr, MykadReading } from './MykadReading.tsx';
export { MYKAD_SIDES, MykadSide, type MykadSideName } from './MykadSide.tsx';
export type { PublicEkyc } from './publicSession.ts';
