/**
 * The embedded database's extensions, loaded wherever PGlite is opened (the app, backup and restore, the tests):
 * a data directory made with an extension can only be opened with it.
 * - `pg_trgm`: trigram indexes, so a "name contains" search (`ILIKE '%…%'`) is read from a GIN index instead of
 *   scanning every row (issue 42 item 2; migration 0059, ADR 0284). PostgreSQL ships it in its contrib package
 *   and it is a trusted extension (PostgreSQL 13+): the database's owner may create it.
 */
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** PGlite's `extensions` option, the same everywhere. */
export const pgliteExtensions = { pg_trgm };
