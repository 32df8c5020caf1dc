-- Issue 38 items 5 and 8 (ADR 0243): a staff member, partner user or client registered by an agent is invited by
-- a 7-day link to set their password, naming who invited them and for which organisation. The link is a row of
-- password_resets of kind 'invitation'; a resend revokes the previous one (revoked_at).
ALTER TABLE "password_resets" ADD COLUMN "kind" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "invited_by" text;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "organization_id" text;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_resets_user_kind_idx" ON "password_resets" USING btree ("user_id","kind");
