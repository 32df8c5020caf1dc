-- Issue 42 item 2 (ADR 0284): "name contains" searches (the will list's and the amendment's will search, staff's
-- client list) read trigram GIN indexes instead of scanning every row. pg_trgm is a trusted extension
-- (PostgreSQL 13+), created by the database's owner; the embedded PGlite loads it at open (db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "will_user_details_name_trgm_idx" ON "will_user_details" USING gin ("name" gin_trgm_ops);
