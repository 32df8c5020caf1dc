/**
 * The estates module's public surface (DESIGN.md §2; ADR 0217): the right office for a verified deceased's estate
 * (issue 40 item 7; ADR 0271) — the route and why, its checklist with uploads, and the printable application
 * and sijil faraid sheets; and "tell us once" (issue 40 item 8; ADR 0273): the institutions an organisation
 * notifies, one notice of the death to each and their replies (notice-routes.ts). The rule itself is the domain's
 * `estateRoute` (packages/domain/src/estate-route.ts).
 */

// The estate file's figures for the heirs' consent (consents module; ADR 0282: one source) and the decisions read.
export { consentsOf } from './file-consents.ts';
export { consentBasis } from './file-service.ts';
