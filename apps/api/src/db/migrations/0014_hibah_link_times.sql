ALTER TABLE "hibah_receivers" ADD COLUMN "link_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hibah_receivers" ADD COLUMN "link_viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hibah_witnesses" ADD COLUMN "link_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hibah_witnesses" ADD COLUMN "link_viewed_at" timestamp with time zone;