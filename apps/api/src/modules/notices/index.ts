/**
 * The notices module's public surface (DESIGN.md §2; ADR 0217, ADR 0231): every instrument kind registers what it
 * tells (kinds.ts), writes its status changes' notices in the change's transaction (record.ts) and delivers them
 * after commit (deliver.ts); the job retries what could not be sent.
 */
export { deliverNotices, noticeMessage } from './deliver.ts';
export { NOTICES_DELIVER_JOB, registerNoticeJobs } from './job.ts';
export { type NoticeKind, type NoticeRecordType, registerNoticeKind } from './kinds.ts';
export { recordStatusChange, type StatusChange } from './record.ts';
