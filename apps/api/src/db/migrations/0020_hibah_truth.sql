ALTER TABLE "hibah_receivers" ADD COLUMN "otp_channel" text;--> statement-breakpoint
ALTER TABLE "hibah_receivers" ADD COLUMN "otp_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hibah_receivers" ADD COLUMN "accepted_by_caretaker_id" text;--> statement-breakpoint
ALTER TABLE "hibah_witnesses" ADD COLUMN "otp_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hibahs" ADD COLUMN "draft_accepted_sha256" text;--> statement-breakpoint
ALTER TABLE "hibahs" ADD COLUMN "approved_sha256" text;