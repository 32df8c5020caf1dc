ALTER TABLE "signature_events" ADD COLUMN "method" text DEFAULT 'drawn' NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "multi_use" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "issued_from" text;--> statement-breakpoint
UPDATE "promo_codes" SET "multi_use" = true, "organization_id" = NULL, "remarks" = 'Demo (multi-use)' WHERE "code" = 'DEMO50' AND "redeemed_at" IS NULL;