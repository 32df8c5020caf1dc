CREATE TABLE "ekyc_links" (
	"id" text PRIMARY KEY NOT NULL,
	"wasiat_id" text NOT NULL,
	"issued_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ekyc_manual_reviews" ALTER COLUMN "wasiat_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "amendments" ADD COLUMN "ekyc_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "amendments" ADD COLUMN "ekyc_method" text;--> statement-breakpoint
ALTER TABLE "amendments" ADD COLUMN "face_verification_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ekyc_manual_reviews" ADD COLUMN "ekycable_type" text DEFAULT 'Wasiat' NOT NULL;--> statement-breakpoint
ALTER TABLE "ekyc_manual_reviews" ADD COLUMN "ekycable_id" text;--> statement-breakpoint
UPDATE "ekyc_manual_reviews" SET "ekycable_id" = "wasiat_id" WHERE "ekycable_id" IS NULL;--> statement-breakpoint
ALTER TABLE "ekyc_manual_reviews" ALTER COLUMN "ekycable_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "hibah_id" text;--> statement-breakpoint
ALTER TABLE "hibah_receivers" ADD COLUMN "otp_hash" text;--> statement-breakpoint
ALTER TABLE "hibah_receivers" ADD COLUMN "otp_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hibah_receivers" ADD COLUMN "otp_failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ekyc_links" ADD CONSTRAINT "ekyc_links_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ekyc_links" ADD CONSTRAINT "ekyc_links_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ekyc_links_will_idx" ON "ekyc_links" USING btree ("wasiat_id","created_at");--> statement-breakpoint
CREATE INDEX "ekyc_manual_reviews_owner_idx" ON "ekyc_manual_reviews" USING btree ("ekycable_type","ekycable_id");