CREATE TABLE "user_ekyc" (
	"user_id" text PRIMARY KEY NOT NULL,
	"face_verification_count" integer DEFAULT 0 NOT NULL,
	"ekyc_verified_at" timestamp with time zone,
	"ekyc_method" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "user_ekyc" ADD CONSTRAINT "user_ekyc_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "user_ekyc" ("user_id", "face_verification_count", "ekyc_verified_at", "ekyc_method")
SELECT "user_id", count(*)::integer,
	min("created_at") FILTER (WHERE "passed"),
	CASE WHEN bool_or("passed") THEN 'Face' END
FROM "ekyc_attempts" WHERE "ekycable_type" IS NULL GROUP BY "user_id";
