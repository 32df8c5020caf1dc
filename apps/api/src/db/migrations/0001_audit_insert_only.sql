-- Audit events are insert-only (issue 11 "Audit trail: insert-only"; OWASP ASVS 5.0 V16 "security logs are
-- protected from modification"): UPDATE, DELETE and TRUNCATE of audit_events raise. Runs on PGlite and PostgreSQL.
CREATE OR REPLACE FUNCTION audit_events_insert_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is insert-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_update_delete BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_insert_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_insert_only();
