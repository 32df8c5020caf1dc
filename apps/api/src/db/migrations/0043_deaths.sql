-- Issue 40 items 1 and 2 (ADRs 0261, 0262): a death is reported (the deceased's MyKad, the date, the death
-- certificate's number and scan, the reporter's relationship after their own eKYC) and verified by staff — two
-- different staff members when the deceased has a registered will or hibah. A verified death locks the deceased's
-- instruments, closes open drafts and amendments (death_closures), tells the organisations that registered them
-- (death_report_organisations, death_mails) and answers the "is there a will?" inquiries kept for it (will_inquiries).
CREATE TABLE "death_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"deceased_ic" text NOT NULL,
	"date_of_death" date NOT NULL,
	"certificate_no" text NOT NULL,
	"certificate_key" text NOT NULL,
	"certificate_attachment_id" text,
	"reporter_id" text NOT NULL,
	"relationship" text NOT NULL,
	"reporter_ekyc_at" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"deceased_user_id" text,
	"verifications_needed" integer,
	"first_verified_by" text,
	"first_verified_at" timestamp with time zone,
	"verified_by" text,
	"verified_at" timestamp with time zone,
	"refused_by" text,
	"refused_at" timestamp with time zone,
	"refusal_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "death_reports" ADD CONSTRAINT "death_reports_certificate_attachment_id_attachments_id_fk" FOREIGN KEY ("certificate_attachment_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_reports" ADD CONSTRAINT "death_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_reports" ADD CONSTRAINT "death_reports_deceased_user_id_users_id_fk" FOREIGN KEY ("deceased_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_reports" ADD CONSTRAINT "death_reports_first_verified_by_users_id_fk" FOREIGN KEY ("first_verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_reports" ADD CONSTRAINT "death_reports_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_reports" ADD CONSTRAINT "death_reports_refused_by_users_id_fk" FOREIGN KEY ("refused_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "death_reports_open_uq" ON "death_reports" USING btree ("deceased_ic") WHERE "death_reports"."status" in ('pending', 'verified');--> statement-breakpoint
CREATE INDEX "death_reports_deceased_user_idx" ON "death_reports" USING btree ("deceased_user_id") WHERE "death_reports"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "death_reports_status_created_idx" ON "death_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "death_reports_reporter_idx" ON "death_reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE TABLE "death_report_organisations" (
	"death_report_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "death_report_organisations_death_report_id_organization_id_pk" PRIMARY KEY("death_report_id","organization_id")
);--> statement-breakpoint
ALTER TABLE "death_report_organisations" ADD CONSTRAINT "death_report_organisations_death_report_id_death_reports_id_fk" FOREIGN KEY ("death_report_id") REFERENCES "public"."death_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_report_organisations" ADD CONSTRAINT "death_report_organisations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "death_report_organisations_org_idx" ON "death_report_organisations" USING btree ("organization_id");--> statement-breakpoint
CREATE TABLE "death_closures" (
	"id" text PRIMARY KEY NOT NULL,
	"death_report_id" text NOT NULL,
	"record_type" text NOT NULL,
	"record_id" text NOT NULL,
	"organization_id" text,
	"reference" text NOT NULL,
	"state" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "death_closures" ADD CONSTRAINT "death_closures_death_report_id_death_reports_id_fk" FOREIGN KEY ("death_report_id") REFERENCES "public"."death_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_closures" ADD CONSTRAINT "death_closures_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "death_closures_record_uq" ON "death_closures" USING btree ("death_report_id","record_type","record_id");--> statement-breakpoint
CREATE INDEX "death_closures_record_idx" ON "death_closures" USING btree ("record_type","record_id");--> statement-breakpoint
CREATE TABLE "will_inquiries" (
	"id" text PRIMARY KEY NOT NULL,
	"deceased_ic" text NOT NULL,
	"certificate_no" text NOT NULL,
	"certificate_key" text NOT NULL,
	"email" text NOT NULL,
	"language" text DEFAULT 'ms' NOT NULL,
	"death_report_id" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "will_inquiries" ADD CONSTRAINT "will_inquiries_death_report_id_death_reports_id_fk" FOREIGN KEY ("death_report_id") REFERENCES "public"."death_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "will_inquiries_waiting_idx" ON "will_inquiries" USING btree ("deceased_ic","certificate_key","answered_at");--> statement-breakpoint
CREATE TABLE "death_mails" (
	"id" text PRIMARY KEY NOT NULL,
	"death_report_id" text NOT NULL,
	"kind" text NOT NULL,
	"organization_id" text,
	"will_inquiry_id" text,
	"to_email" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "death_mails" ADD CONSTRAINT "death_mails_death_report_id_death_reports_id_fk" FOREIGN KEY ("death_report_id") REFERENCES "public"."death_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_mails" ADD CONSTRAINT "death_mails_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_mails" ADD CONSTRAINT "death_mails_will_inquiry_id_will_inquiries_id_fk" FOREIGN KEY ("will_inquiry_id") REFERENCES "public"."will_inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "death_mails_unsent_idx" ON "death_mails" USING btree ("sent_at");
