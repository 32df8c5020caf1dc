-- Issue 40 item 4 (ADR 0274): the estate file — the heirs asked again after the death (a will heir who died since the
-- will or is under guardianship, an heir born or married since) and the funeral costs and debts entered after it.
CREATE TABLE "estate_heir_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"death_report_id" text NOT NULL,
	"kind" text NOT NULL,
	"heir_id" text,
	"name" text,
	"relationship" text,
	"ic_number" text,
	"event_date" date NOT NULL,
	"note" text,
	"created_by" text NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "estate_claims" (
	"death_report_id" text PRIMARY KEY NOT NULL,
	"funeral_sen" bigint NOT NULL,
	"other_debts_sen" bigint NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "estate_heir_changes" ADD CONSTRAINT "estate_heir_changes_death_report_id_death_reports_id_fk" FOREIGN KEY ("death_report_id") REFERENCES "public"."death_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_heir_changes" ADD CONSTRAINT "estate_heir_changes_heir_id_heirs_id_fk" FOREIGN KEY ("heir_id") REFERENCES "public"."heirs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_heir_changes" ADD CONSTRAINT "estate_heir_changes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_heir_changes" ADD CONSTRAINT "estate_heir_changes_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_claims" ADD CONSTRAINT "estate_claims_death_report_id_death_reports_id_fk" FOREIGN KEY ("death_report_id") REFERENCES "public"."death_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_claims" ADD CONSTRAINT "estate_claims_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estate_heir_changes_report_idx" ON "estate_heir_changes" USING btree ("death_report_id");
