/** The faraid engine and the estate rules around it (issue 9). */
export * from './amounts.ts';
export { FARAID_RULES, type FaraidRule, type FaraidStep, SOURCES as FARAID_SOURCES } from './context.ts';
export * from './deductions.ts';
export * from './engine.ts';
export * from './estate-distribution.ts';
export * from './executor-fee.ts';
export * from './harta-sepencarian.ts';
export * from './heir-bequests.ts';
export * from './heirs.ts';
export * from './one-third.ts';
export * from './predeceased-children.ts';
export * from './schema.ts';
export * from './wasiat-wajibah.ts';
export * from './will-estate.ts';
