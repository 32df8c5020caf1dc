-- The application's database role on PostgreSQL (issue 11 "Audit trail: insert-only (the application's
-- database role has no UPDATE or DELETE on it)"; docs/operations.md "Database roles"; ADR 0073).
--
-- Run as the role that owns the schema (the one that runs the migrations), after the migrations and again
-- after each upgrade (idempotent):
--   psql "$OWNER_DATABASE_URL" -v ON_ERROR_STOP=1 -f apps/api/src/db/roles.sql
--   psql "$OWNER_DATABASE_URL" -c "ALTER ROLE wasiat_app LOGIN PASSWORD '…'"
-- then run the API with DATABASE_URL=postgres://wasiat_app:…@host/db.
--
-- wasiat_app may read and write every table except audit_events, where it may only SELECT and INSERT:
-- no UPDATE, DELETE or TRUNCATE (the triggers of migration 0001 refuse those for every role as well, the
-- owner included; the grant is the second, independent lock). It owns nothing, so it cannot ALTER or DROP
-- a table or disable a trigger.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'wasiat_app') THEN
    CREATE ROLE wasiat_app NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
  END IF;
  EXECUTE format('GRANT CONNECT, TEMPORARY ON DATABASE %I TO wasiat_app', current_database());
END
$$;

GRANT USAGE ON SCHEMA public TO wasiat_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO wasiat_app;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO wasiat_app;

-- The audit trail: read and append only.
REVOKE ALL ON TABLE audit_events FROM PUBLIC;
REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON TABLE audit_events FROM wasiat_app;
GRANT SELECT, INSERT ON TABLE audit_events TO wasiat_app;

-- Tables and sequences that later migrations create (as the owner running this script) get the same grants;
-- re-run this script after a migration so audit_events-like exceptions are applied again.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO wasiat_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO wasiat_app;

-- The migrator's bookkeeping (drizzle): the API checks it on start; read-only for the application.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'drizzle') THEN
    GRANT USAGE ON SCHEMA drizzle TO wasiat_app;
    GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO wasiat_app;
  END IF;
END
$$;
