-- The face eKYC of a person opening a release after a death (issue 40 item 3; ADR 0295).
ALTER TABLE "death_releases" ADD COLUMN "face_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "death_releases" ADD COLUMN "face_score" double precision;--> statement-breakpoint
ALTER TABLE "death_releases" ADD COLUMN "face_verified_at" timestamp with time zone;
