-- Issue 18 (ADR 0195): a client's total (wills/list-json.ts `totalOwn`: their wills not deleted) read from the
-- index alone. With deleted_at as the index's last column, `count(*) WHERE user_id = $1 AND deleted_at IS NULL`
-- is an index-only scan instead of one heap page per will; the list's order (user_id, created_at, id) is kept.
DROP INDEX "wills_user_created_idx";--> statement-breakpoint
CREATE INDEX "wills_user_created_idx" ON "wills" USING btree ("user_id","created_at","id","deleted_at");
