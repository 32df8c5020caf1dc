-- Issue 42 item 2 (ADR 0277): plain indexes for the lists in the shapes the screens send — each the list's scope or
-- filter, then its order (newest first: created_at, id), so a page is read in index order and stops after its rows.
-- wills: the status filter (verification list) and an organisation's list, with the id for the order's tie-break.
DROP INDEX IF EXISTS "wills_status_created_idx";--> statement-breakpoint
CREATE INDEX "wills_status_created_idx" ON "wills" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "wills_org_created_idx" ON "wills" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "will_user_details_ic_idx" ON "will_user_details" USING btree ("ic_number");--> statement-breakpoint
-- hibahs: every list is newest first (all, by status, an organisation's, an agent's, a grantor's own).
CREATE INDEX "hibahs_created_idx" ON "hibahs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "hibahs_status_created_idx" ON "hibahs" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "hibahs_org_created_idx" ON "hibahs" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "hibahs_agent_created_idx" ON "hibahs" USING btree ("agent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "hibahs_user_created_idx" ON "hibahs" USING btree ("user_id","created_at","id");--> statement-breakpoint
-- amendments: of wills or of hibahs (every screen names the kind), by status, a person's own, newest first.
CREATE INDEX "amendments_type_created_idx" ON "amendments" USING btree ("amendmentable_type","created_at","id");--> statement-breakpoint
CREATE INDEX "amendments_type_status_created_idx" ON "amendments" USING btree ("amendmentable_type","status","created_at","id");--> statement-breakpoint
CREATE INDEX "amendments_user_created_idx" ON "amendments" USING btree ("user_id","created_at","id");--> statement-breakpoint
-- payments: the staff confirmation queue (status, newest first; the manual modes filtered from it).
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at","id");--> statement-breakpoint
-- payments: a payer's history (those they made themself; payables/payerPaymentsWhere).
CREATE INDEX "payments_created_by_idx" ON "payments" USING btree ("created_by");
