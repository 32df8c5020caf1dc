-- Issue 40 item 5 (ADR 0275): the heirs' consent to a deceased's bequests to heirs or beyond one third (Enakmen Wasiat
-- Orang Islam (Selangor) 1999 s.26), one final decision per heir and bequest; and the heirs marked under guardianship.
CREATE TABLE "estate_consents" (
	"id" text PRIMARY KEY NOT NULL,
	"death_report_id" text NOT NULL,
	"wasiat_id" text NOT NULL,
	"heir_id" text NOT NULL,
	"release_id" text NOT NULL,
	"bequest_ref" text NOT NULL,
	"reason" text NOT NULL,
	"amount_sen" bigint,
	"label" text NOT NULL,
	"decision" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "estate_heir_wards" (
	"death_report_id" text NOT NULL,
	"heir_id" text NOT NULL,
	"under_guardianship" boolean NOT NULL,
	"note" text,
	"set_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estate_heir_wards_death_report_id_heir_id_pk" PRIMARY KEY("death_report_id","heir_id")
);--> statement-breakpoint
ALTER TABLE "estate_consents" ADD CONSTRAINT "estate_consents_death_report_id_death_reports_id_fk" FOREIGN KEY ("death_report_id") REFERENCES "public"."death_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_consents" ADD CONSTRAINT "estate_consents_wasiat_id_wills_id_fk" FOREIGN KEY ("wasiat_id") REFERENCES "public"."wills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_consents" ADD CONSTRAINT "estate_consents_heir_id_heirs_id_fk" FOREIGN KEY ("heir_id") REFERENCES "public"."heirs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_consents" ADD CONSTRAINT "estate_consents_release_id_death_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."death_releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_heir_wards" ADD CONSTRAINT "estate_heir_wards_death_report_id_death_reports_id_fk" FOREIGN KEY ("death_report_id") REFERENCES "public"."death_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_heir_wards" ADD CONSTRAINT "estate_heir_wards_heir_id_heirs_id_fk" FOREIGN KEY ("heir_id") REFERENCES "public"."heirs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_heir_wards" ADD CONSTRAINT "estate_heir_wards_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estate_consents_uq" ON "estate_consents" USING btree ("death_report_id","heir_id","bequest_ref");--> statement-breakpoint
CREATE INDEX "estate_consents_report_idx" ON "estate_consents" USING btree ("death_report_id");
