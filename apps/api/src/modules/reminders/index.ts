/** Will-review reminders (issue 17 item 17; ADR 0174, 0175): the public API of the module. */
export { REVIEW_REMINDERS_JOB, runReviewReminders } from './job.ts';
export { reminderRecordsOf, reminderSettings } from './settings.ts';
export { unsubscribeToken } from './token.ts';
