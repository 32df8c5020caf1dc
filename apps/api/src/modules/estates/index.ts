/**
 * The estates module's public surface (DESIGN.md §2; ADR 0217): the right office for a verified deceased's estate
 * (issue 40 item 7; ADR 0271) — the route and why, its checklist with uploads, and the printable application
 * and sijil faraid sheets. The rule itself is the domain's `estateRoute` (packages/domain/src/estate-route.ts).
 */
export { estatesRoutes } from './routes.ts';
