CREATE TABLE "job_dead_letters" (
	"id" text PRIMARY KEY NOT NULL,
	"job_name" text NOT NULL,
	"queue_job_id" text,
	"attempts" integer NOT NULL,
	"error" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_dead_letters_failed_idx" ON "job_dead_letters" USING btree ("failed_at");