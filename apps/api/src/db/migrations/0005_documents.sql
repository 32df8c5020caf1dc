CREATE TABLE "issued_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"kind" text NOT NULL,
	"content_sha256" text NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signature_events" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "signature_events" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signature_events" ADD COLUMN "viewed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_content_uq" ON "issued_documents" USING btree ("subject_type","subject_id","kind","content_sha256");--> statement-breakpoint
CREATE INDEX "issued_documents_sha_idx" ON "issued_documents" USING btree ("subject_type","subject_id","sha256");