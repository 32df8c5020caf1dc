-- Issue 40 item 3 (ADR 0267): on a verified death, each person a registered will or hibah of the deceased names
-- (the will's executor, heirs, receivers, guardians; the hibah's receivers and caretakers) with an e-mail and an
-- identity number on record gets a signed link, one row here; staff revoke it (revoked_at, revoked_by).
CREATE TABLE "death_releases" (
	"id" text PRIMARY KEY NOT NULL,
	"death_report_id" text NOT NULL,
	"instrument_type" text NOT NULL,
	"instrument_id" text NOT NULL,
	"instrument_reference" text NOT NULL,
	"organization_id" text,
	"person_name" text NOT NULL,
	"person_id_number" text NOT NULL,
	"role" text NOT NULL,
	"roles" jsonb NOT NULL,
	"email" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"identified_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "death_releases" ADD CONSTRAINT "death_releases_death_report_id_death_reports_id_fk" FOREIGN KEY ("death_report_id") REFERENCES "public"."death_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_releases" ADD CONSTRAINT "death_releases_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_releases" ADD CONSTRAINT "death_releases_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "death_releases_person_uq" ON "death_releases" USING btree ("death_report_id","instrument_type","instrument_id","email","person_id_number");--> statement-breakpoint
CREATE INDEX "death_releases_report_idx" ON "death_releases" USING btree ("death_report_id");
