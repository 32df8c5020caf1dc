/**
 * The instruments module's public surface (DESIGN.md §2 "the shared core of will, hibah and amendment"; ADR 0217):
 * other modules import only from here. It holds the rules that are the same for every kind of instrument; a name
 * is added when a second kind needs it.
 */
export { assertOwnerAlive, ownerDeceasedSql } from './deceased-lock.ts';
export { maxAttemptsFor } from './ekyc-limit.ts';
export { containsPattern, statusCodes, statusIn } from './list-filters.ts';
// the people an instrument names may have changed (issue 41 item 3; ADR 0276)
export {
  afterNamedPeopleChanged,
  type NamedPeopleChange,
  namedPeopleChanged,
  onNamedPeopleChanged,
} from './named-people.ts';
export { preferenceOf, providerDefaults } from './organisation.ts';
export { userDetailRoutes } from './user-detail-routes.ts';
export { assertWitnessMayWitness, executorMykads, firstWitnessProblem } from './witness-rule.ts';
