/**
 * Public face of the grants module (issue 16; ADR 0101 "who acts for a client"). Other modules use only
 * what is exported here:
 *
 * - {@link actsForClient}`(user, clientIdColumnOrValue, { organizationId? })` — drizzle `SQL` to put INSIDE
 *   a WHERE clause: the caller may act for that client (staff: all; self; Partner/Agent: active grant).
 * - {@link grantExists} — the grant part alone (for scopes that already handle self/staff), and
 *   {@link grantExistsPrepared} for prepared statements.
 * - {@link assertActsFor}, {@link mayActFor} — the same for one id from a body or query string (404).
 * - {@link assertReferences}`(db, user, bodyOrQuery, { skip? })` — checks every referenced id of a body or
 *   query (`user_id`, `wasiat_id`, `hibah_id`, `organization_id`, `agent_id`, `branch_id`, `*_type`/`*_id`
 *   pairs): 404 on the first the caller may not use. Modules register their record kinds with
 *   {@link registerReferenceKind} ("Wasiat", "Hibah", "Amendment", …).
 * - {@link grantOnRegistration} — call when a Partner/Agent registers a client (creates the active grant);
 *   {@link grantOnClientChoice} — when a client themself registers a will or hibah under an organisation.
 */
export {
  assertReference,
  assertReferences,
  kindOf,
  mayReference,
  REFERENCE_FIELDS,
  type ReferenceCheck,
  registerReferenceKind,
} from './references.ts';
export {
  actsForAnyClient,
  actsForClient,
  assertActsFor,
  grantExists,
  grantExistsPrepared,
  type IdRef,
  mayActFor,
} from './scope.ts';
export { grantOnClientChoice, grantOnRegistration } from './service.ts';
