/**
 * The deaths module's public surface (DESIGN.md §2; ADR 0217): after a death (issue 40 items 1 to 3; ADRs 0261,
 * 0262, 0267) — death reports and their verification by staff, the "is there a will?" inquiry, the release of the
 * documents to the people the instruments name (release-*.ts), and the mails they send.
 * The lock a verified death puts on the deceased's instruments is the instruments module's (deceased-lock.ts).
 */
export { isDeathStaff, verifiedReportScope } from './policy.ts';
// The heirs' consent through their release access (consents module; issue 40 item 5, ADR 0275).
// Every public release/consent route decides through the estate roles of the one permission table (ADR 0288).
export { estateRelease, type ReleaseQuery } from './release-access.ts';
// An heir added on the estate file since the will gets a release too (estates module; ADR 0282).
export { issueAddedHeirRelease, revokeAddedHeirRelease } from './release-added.ts';
