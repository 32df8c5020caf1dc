/** Public face of the hibah feature for other features (the dashboard's early requests; ADR 0143). */
export { type HibahPage, hibahsInProcessQuery } from './queries.ts';
