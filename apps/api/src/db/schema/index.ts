/** The whole schema, one file per module (DESIGN.md §2). */
export * from './audit.ts';
export * from './ekyc.ts';
export * from './files.ts';
export * from './organisations.ts';
export * from './payments.ts';
export * from './people.ts';
export * from './properties.ts';
export * from './signatures.ts';
export * from './users.ts';
export * from './wills.ts';
