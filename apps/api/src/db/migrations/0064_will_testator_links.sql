-- A signed link to a testator who is not present: they read the draft, declare and sign on their own device
-- (issue 38 item 5; ADR 0298).
CREATE TABLE "will_testator_links" (
	"id" text PRIMARY KEY NOT NULL,
	"wasiat_id" text NOT NULL,
	"sent_by" text NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"document_sha256" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "will_testator_links" ADD CONSTRAINT "will_testator_links_wasiat_id_wills_id_fk" FOREIGN KEY ("wasiat_id") REFERENCES "public"."wills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "will_testator_links" ADD CONSTRAINT "will_testator_links_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "will_testator_links_will_idx" ON "will_testator_links" USING btree ("wasiat_id","sent_at");
