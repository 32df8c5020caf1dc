/**
 * The ekyc module's public surface (DESIGN.md §2; ADR 0217): other modules and the composition root import
 * only from here. It holds what they use today; a name is added when another module needs it.
 */
// the face check of a person opening a release after a death (deaths module; ADR 0295)
export { checkFace } from './face-check.ts';
// What the 2021 contract's adapter (apps/api/src/compat/v2021/ekyc/) calls.
export { decideManualReview, manualStatus } from './manual.ts';
export { mykadType, uploadMykad } from './mykad-documents.ts';
export { EKYC_LINK_TTL_SECONDS, ekycLinkPath, exchangeEkycLink, issueEkycLink } from './public.ts';
