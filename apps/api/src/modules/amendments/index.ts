/**
 * The amendments module's public surface (DESIGN.md §2; ADR 0217): other modules and the composition root import
 * only from here. It holds what they use today; a name is added when another module needs it.
 */
// What the 2021 contract's adapter (apps/api/src/compat/v2021/amendments/) calls: the drafts and their rules.
// the certificate-of-completion pages of an amended will or hibah (documents module; ADRs 0074, 0098, 0292)
export { amendmentCompletion, hibahAmendmentCompletion } from './completion.ts';
export type { Share, WillContent } from './content.ts';
export { changeDraft, saveDraft } from './draft.ts';
export { amendmentScope, assertCanEditDraft, canReadVersions, capacitiesOf } from './policy.ts';
export { type Amendment, findVisibleAmendment } from './records.ts';
export { signDraft } from './service.ts';
export { registerStatusReading, type StatusReading } from './status-reading.ts';
