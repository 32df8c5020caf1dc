/**
 * Public face of the institutions feature (issue 41 item 7; ADR 0268): its routes, and the query of the list that
 * the will wizard's bequest form chooses from.
 */
export { useInstitutions } from './api.ts';
export { institutionsRoutes } from './routes.tsx';
