/** Public face of the grants feature (issue 16; ADR 0101). */
export type { Grant, GrantsAnswer } from './api.ts';
export { grantsQuery } from './api.ts';
export { GrantList, PendingRequests } from './GrantSections.tsx';
export { RequestAccess } from './RequestAccess.tsx';
