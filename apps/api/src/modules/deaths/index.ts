/**
 * The deaths module's public surface (DESIGN.md §2; ADR 0217): after a death (issue 40 items 1 to 3; ADRs 0261,
 * 0262, 0267) — death reports and their verification by staff, the "is there a will?" inquiry, the release of the
 * documents to the people the instruments name (release-*.ts), and the mails they send.
 * The lock a verified death puts on the deceased's instruments is the instruments module's (deceased-lock.ts).
 */
// The outbox, for the estates module's notices to institutions (issue 40 item 8; ADR 0273).
export { DEATH_MAIL_JOB, deliverDeathMails, queueMail } from './mail.ts';
export { isDeathStaff, verifiedReportScope } from './policy.ts';
// The heirs' consent through their release access (consents module; issue 40 item 5, ADR 0275).
export { assertAccess, liveRelease, type ReleaseQuery } from './release-access.ts';
export { deathsRoutes } from './routes.ts';
