-- Issue 41 item 1 (ADR 0266): the executed original of a will — the paper signed by hand before two witnesses,
-- uploaded as a scan, checked by staff against the sealed version's SHA-256 printed on every page, and recorded
-- with its custody (provider or testator) and place. wills.executed_original_at/_version: when, and for which version, one was recorded.
ALTER TABLE "wills" ADD COLUMN "executed_original_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wills" ADD COLUMN "executed_original_version" integer;--> statement-breakpoint
CREATE TABLE "will_executed_originals" (
	"id" text PRIMARY KEY NOT NULL,
	"wasiat_id" text NOT NULL,
	"version_no" integer NOT NULL,
	"scan_attachment_id" text NOT NULL,
	"custody" text NOT NULL,
	"custody_place" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"printed_sha256" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"refusal_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "will_executed_originals" ADD CONSTRAINT "will_executed_originals_wasiat_id_wills_id_fk" FOREIGN KEY ("wasiat_id") REFERENCES "public"."wills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "will_executed_originals" ADD CONSTRAINT "will_executed_originals_scan_attachment_id_attachments_id_fk" FOREIGN KEY ("scan_attachment_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "will_executed_originals" ADD CONSTRAINT "will_executed_originals_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "will_executed_originals" ADD CONSTRAINT "will_executed_originals_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "will_executed_originals_will_idx" ON "will_executed_originals" USING btree ("wasiat_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "will_executed_originals_pending_uq" ON "will_executed_originals" USING btree ("wasiat_id") WHERE "will_executed_originals"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "will_executed_originals_verified_uq" ON "will_executed_originals" USING btree ("wasiat_id","version_no") WHERE "will_executed_originals"."status" = 'verified';
