/** @wasiat/domain — pure rules, schemas and catalogues shared by the API and the web client (DESIGN.md §1). */
export * from './amendments.ts';
export * from './catalogues.ts';
export * from './faraid/index.ts';
export * from './hibah-amendments.ts';
export * from './i18n.ts';
export * from './money.ts';
export * from './permissions.ts';
export * from './status.ts';
export * from './validation/auth.ts';
export * from './validation/common.ts';
export * from './validation/hibah.ts';
export * from './validation/organisations.ts';
export * from './validation/payments.ts';
export * from './validation/profile.ts';
export * from './validation/programmes.ts';
export * from './validation/shares.ts';
export * from './validation/wills.ts';
