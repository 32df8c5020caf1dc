/** Public face of the deaths feature (issue 40; ADRs 0261, 0262): its routes. */
export { deathsRoutes } from './routes.tsx';
