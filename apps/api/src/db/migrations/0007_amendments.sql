CREATE TABLE "amendment_numbers" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "amendment_reminders" (
	"id" text PRIMARY KEY NOT NULL,
	"amendment_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "amendment_witnesses" (
	"id" text PRIMARY KEY NOT NULL,
	"amendment_id" text NOT NULL,
	"name" text NOT NULL,
	"ic_number" text NOT NULL,
	"email" text NOT NULL,
	"address" text,
	"postcode" text,
	"city" text,
	"state" text,
	"otp_hash" text,
	"otp_expires_at" timestamp with time zone,
	"otp_failed" integer DEFAULT 0 NOT NULL,
	"otp_verified_at" timestamp with time zone,
	"signature_id" text,
	"confirmed_at" timestamp with time zone,
	"confirmed_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "amendments" (
	"id" text PRIMARY KEY NOT NULL,
	"amendmentable_type" text NOT NULL,
	"amendmentable_id" text NOT NULL,
	"user_id" text NOT NULL,
	"organization_id" text,
	"reference_no" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"handled_by" text,
	"is_staff_created" integer DEFAULT 0 NOT NULL,
	"price_sen" integer,
	"payment_received_at" timestamp with time zone,
	"draft" jsonb,
	"notes" text,
	"reason" text,
	"signature_id" text,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"passed_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"version_no" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "will_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"wasiat_id" text NOT NULL,
	"version_no" integer NOT NULL,
	"amendment_id" text,
	"content" jsonb NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wills" ADD COLUMN "current_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "amendment_reminders" ADD CONSTRAINT "amendment_reminders_amendment_id_amendments_id_fk" FOREIGN KEY ("amendment_id") REFERENCES "public"."amendments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendment_witnesses" ADD CONSTRAINT "amendment_witnesses_amendment_id_amendments_id_fk" FOREIGN KEY ("amendment_id") REFERENCES "public"."amendments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendments" ADD CONSTRAINT "amendments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendments" ADD CONSTRAINT "amendments_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "will_versions" ADD CONSTRAINT "will_versions_wasiat_id_wills_id_fk" FOREIGN KEY ("wasiat_id") REFERENCES "public"."wills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "will_versions" ADD CONSTRAINT "will_versions_amendment_id_amendments_id_fk" FOREIGN KEY ("amendment_id") REFERENCES "public"."amendments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "amendment_reminders_uq" ON "amendment_reminders" USING btree ("amendment_id","expires_at","days_before");--> statement-breakpoint
CREATE INDEX "amendment_witnesses_amendment_idx" ON "amendment_witnesses" USING btree ("amendment_id");--> statement-breakpoint
CREATE INDEX "amendments_owner_idx" ON "amendments" USING btree ("amendmentable_type","amendmentable_id","created_at");--> statement-breakpoint
CREATE INDEX "amendments_status_idx" ON "amendments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "amendments_expires_idx" ON "amendments" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "amendments_reference_uq" ON "amendments" USING btree ("reference_no");--> statement-breakpoint
CREATE UNIQUE INDEX "will_versions_uq" ON "will_versions" USING btree ("wasiat_id","version_no");