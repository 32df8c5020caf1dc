-- Issue 41 items 2 and 8 (ADRs 0259, 0260). A witness of a will, a hibah or an amendment records how they were
-- identified (identified_by: email_code | staff; when, and for staff who) and may give their spouse's MyKad, so
-- the one witness rule (packages/domain witness-eligibility.ts) can refuse the spouse of an heir or a receiver.
-- A will records the state whose law governs it and when the testator confirmed it.
ALTER TABLE "witnesses" ADD COLUMN "spouse_ic_number" text;--> statement-breakpoint
ALTER TABLE "witnesses" ADD COLUMN "identified_by" text;--> statement-breakpoint
ALTER TABLE "witnesses" ADD COLUMN "identified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "witnesses" ADD COLUMN "identified_by_user_id" text;--> statement-breakpoint
ALTER TABLE "witnesses" ADD CONSTRAINT "witnesses_identified_by_user_id_users_id_fk" FOREIGN KEY ("identified_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibah_witnesses" ADD COLUMN "spouse_ic_number" text;--> statement-breakpoint
ALTER TABLE "hibah_witnesses" ADD COLUMN "identified_by" text;--> statement-breakpoint
ALTER TABLE "hibah_witnesses" ADD COLUMN "identified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "amendment_witnesses" ADD COLUMN "spouse_ic_number" text;--> statement-breakpoint
ALTER TABLE "amendment_witnesses" ADD COLUMN "identified_by" text;--> statement-breakpoint
ALTER TABLE "amendment_witnesses" ADD COLUMN "identified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wills" ADD COLUMN "governing_state" text;--> statement-breakpoint
ALTER TABLE "wills" ADD COLUMN "governing_state_confirmed_at" timestamp with time zone;
