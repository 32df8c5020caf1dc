/**
 * Public face of the acceptances feature (issue 41 item 3; ADR 0276): its routes, and the panel the will's page
 * shows (who the will names and whether they accepted).
 */
export { AcceptancesPanel } from './AcceptancesPanel.tsx';
export { acceptancesRoutes } from './routes.tsx';
