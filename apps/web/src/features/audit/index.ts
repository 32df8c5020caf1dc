/** What other features may use from the audit feature (DESIGN.md §9.1 feature boundaries). */
export { type AuditEvent, changedFields, RecordHistory } from './RecordHistory.tsx';
