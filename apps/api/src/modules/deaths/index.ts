/**
 * The deaths module's public surface (DESIGN.md §2; ADR 0217): after a death (issue 40 items 1 and 2; ADRs 0261,
 * 0262) — death reports and their verification by staff, the "is there a will?" inquiry, and the mails both send.
 * The lock a verified death puts on the deceased's instruments is the instruments module's (deceased-lock.ts).
 */
export { DEATH_MAIL_JOB } from './mail.ts';
export { deathsRoutes } from './routes.ts';
