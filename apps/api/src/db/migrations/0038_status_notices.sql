-- Issue 34 item 2 (ADR 0231): every status change of a will, hibah or amendment is told to the people it concerns,
-- once, in their language, by e-mail and (where they chose it) SMS. Rows are written with the change and delivered
-- after commit.
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'ms' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_sms" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "status_notices" (
	"id" text PRIMARY KEY NOT NULL,
	"record_type" text NOT NULL,
	"record_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" integer NOT NULL,
	"reference" text NOT NULL,
	"reason" text,
	"changed_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);--> statement-breakpoint
ALTER TABLE "status_notices" ADD CONSTRAINT "status_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "status_notices_once_uq" ON "status_notices" USING btree ("record_type","record_id","user_id","status","changed_at");--> statement-breakpoint
CREATE INDEX "status_notices_unsent_idx" ON "status_notices" USING btree ("sent_at");
