-- Issue 18 (ADR 0112): the will list of a client (user_id) and of an agent (agent_id), newest first, read in
-- index order instead of sorting all their wills; these replace the single-column indexes.
DROP INDEX "wills_user_idx";--> statement-breakpoint
DROP INDEX "wills_agent_idx";--> statement-breakpoint
CREATE INDEX "wills_user_created_idx" ON "wills" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "wills_agent_created_idx" ON "wills" USING btree ("agent_id","created_at","id");