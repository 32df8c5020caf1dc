-- Issue 17 item 5 (ADR 0155): the testator's acknowledgement of bequests to heirs (shares of property above an
-- heir's faraid share), who, when, which bequests and which version. Rows are only added.
CREATE TABLE "heir_bequest_acknowledgements" (
	"id" text PRIMARY KEY NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"acknowledged_by" text NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL,
	"ip" text,
	"bequests" jsonb NOT NULL,
	"bequests_sha256" text NOT NULL,
	"document_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "heir_bequest_acknowledgements" ADD CONSTRAINT "heir_bequest_acknowledgements_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "heir_bequest_ack_subject_idx" ON "heir_bequest_acknowledgements" USING btree ("subject_type","subject_id","acknowledged_at");
