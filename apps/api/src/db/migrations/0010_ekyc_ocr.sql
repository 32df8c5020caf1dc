CREATE TABLE "document_ocrs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"wasiat_id" text,
	"attachment_id" text,
	"particulars" jsonb NOT NULL,
	"ic_number" text,
	"confirmed_at" timestamp with time zone,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ekyc_attempts" ADD COLUMN "antispoof" real;--> statement-breakpoint
ALTER TABLE "ekyc_attempts" ADD COLUMN "liveness" real;--> statement-breakpoint
ALTER TABLE "preferences" ADD COLUMN "ekyc_max_attempts" integer;--> statement-breakpoint
ALTER TABLE "document_ocrs" ADD CONSTRAINT "document_ocrs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_ocrs" ADD CONSTRAINT "document_ocrs_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_ocrs_user_idx" ON "document_ocrs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "otp_codes_destination_idx" ON "otp_codes" USING btree ("destination","created_at");