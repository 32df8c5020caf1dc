/** The whole schema, one file per module (DESIGN.md §2). */
export * from './amendments.ts';
export * from './audit.ts';
export * from './documents.ts';
export * from './ekyc.ts';
export * from './ekyc-ocr.ts';
export * from './files.ts';
export * from './hibah.ts';
export * from './organisations.ts';
export * from './payments.ts';
export * from './people.ts';
export * from './programmes.ts';
export * from './properties.ts';
export * from './reports.ts';
export * from './security.ts';
export * from './signatures.ts';
export * from './users.ts';
export * from './wills.ts';
