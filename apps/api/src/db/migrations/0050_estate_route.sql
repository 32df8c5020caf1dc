-- Issue 40 item 7 (ADR 0271): the right office for a verified deceased's estate — the values staff enter over the
-- registered will's (Act 98 s.3(2) as amended by Act A1643; Act 532 s.17) and the checklist of documents per route.
CREATE TABLE "estate_values" (
	"death_report_id" text PRIMARY KEY NOT NULL,
	"movable_sen" bigint NOT NULL,
	"immovable_sen" bigint NOT NULL,
	"executor_named" boolean,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "estate_checklist_items" (
	"id" text PRIMARY KEY NOT NULL,
	"death_report_id" text NOT NULL,
	"code" text NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"ticked_by" text,
	"ticked_at" timestamp with time zone,
	"attachment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "estate_values" ADD CONSTRAINT "estate_values_death_report_id_death_reports_id_fk" FOREIGN KEY ("death_report_id") REFERENCES "public"."death_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_values" ADD CONSTRAINT "estate_values_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_checklist_items" ADD CONSTRAINT "estate_checklist_items_death_report_id_death_reports_id_fk" FOREIGN KEY ("death_report_id") REFERENCES "public"."death_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_checklist_items" ADD CONSTRAINT "estate_checklist_items_ticked_by_users_id_fk" FOREIGN KEY ("ticked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_checklist_items" ADD CONSTRAINT "estate_checklist_items_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estate_checklist_items_uq" ON "estate_checklist_items" USING btree ("death_report_id","code");--> statement-breakpoint
CREATE INDEX "estate_checklist_items_report_idx" ON "estate_checklist_items" USING btree ("death_report_id");
