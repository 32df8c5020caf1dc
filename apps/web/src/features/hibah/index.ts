/**
 * Public face of the hibah feature for other features: the dashboard's early requests (ADR 0143) and the base
 * path of a product's wizard (`/trust`, `/amanah/harta-pusaka`, `/trust-onecent`; the payment status page, ADR 0242).
 */

export { HibahSections } from './components/DashboardSections.tsx';
export { wizardBase } from './products.ts';
export { type HibahPage, hibahsInProcessQuery } from './queries.ts';
