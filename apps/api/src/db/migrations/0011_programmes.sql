CREATE TABLE "certificate_upload_rows" (
	"id" text PRIMARY KEY NOT NULL,
	"upload_id" text NOT NULL,
	"row_no" integer NOT NULL,
	"member_name" text,
	"ic_number" text,
	"certificate_no" text,
	"issue_date" text,
	"status" text NOT NULL,
	"reasons" text[] DEFAULT '{}' NOT NULL,
	"certificate_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"programme_id" text NOT NULL,
	"kind" text NOT NULL,
	"file_name" text,
	"upload_hash" text NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"accepted_count" integer DEFAULT 0 NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"programme_id" text NOT NULL,
	"upload_id" text,
	"certificate_no" text NOT NULL,
	"member_name" text NOT NULL,
	"ic_number" text NOT NULL,
	"issue_date" date NOT NULL,
	"attachment_id" text,
	"pdf_sha256" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejected_reason" text,
	"verified_by" text,
	"verified_at" timestamp with time zone,
	"will_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programmes" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"organization_id" text NOT NULL,
	"pricing_id" text,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qurban_animals" (
	"id" text PRIMARY KEY NOT NULL,
	"season_id" text NOT NULL,
	"animal_no" integer NOT NULL,
	"shares_total" integer NOT NULL,
	"shares_taken" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qurban_animals_shares_ck" CHECK ("qurban_animals"."shares_taken" >= 0 AND "qurban_animals"."shares_taken" <= "qurban_animals"."shares_total")
);
--> statement-breakpoint
CREATE TABLE "qurban_asset_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"season_id" text NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"amount_sen" integer NOT NULL,
	"current_total_sen" bigint NOT NULL,
	"balance_after_sen" bigint NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qurban_asset_tx_balance_ck" CHECK ("qurban_asset_transactions"."balance_after_sen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "qurban_fund_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"season_id" text NOT NULL,
	"amount_sen" integer NOT NULL,
	"reference" text NOT NULL,
	"description" text,
	"fund_transferred_at" timestamp with time zone NOT NULL,
	"fund_for_transaction_date" date,
	"proof_attachment_id" text,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qurban_seasons" (
	"id" text PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"location" text NOT NULL,
	"country" text NOT NULL,
	"animal_type" text NOT NULL,
	"shares_per_animal" integer NOT NULL,
	"price_per_share_sen" integer NOT NULL,
	"max_animals" integer,
	"partner_name" text,
	"status" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qurban_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"animal_id" text NOT NULL,
	"slot" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qurban_shares_slot_ck" CHECK ("qurban_shares"."slot" BETWEEN 1 AND 7)
);
--> statement-breakpoint
CREATE TABLE "qurban_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"season_id" text NOT NULL,
	"ref_no" text NOT NULL,
	"user_id" text NOT NULL,
	"client_name" text NOT NULL,
	"client_mykad_number" text,
	"on_behalf_of" text NOT NULL,
	"shares" integer NOT NULL,
	"price_per_share_sen" integer NOT NULL,
	"amount_sen" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"payment_options_id" integer,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificate_upload_rows" ADD CONSTRAINT "certificate_upload_rows_upload_id_certificate_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."certificate_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_upload_rows" ADD CONSTRAINT "certificate_upload_rows_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_uploads" ADD CONSTRAINT "certificate_uploads_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_uploads" ADD CONSTRAINT "certificate_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_upload_id_certificate_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."certificate_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_will_id_wills_id_fk" FOREIGN KEY ("will_id") REFERENCES "public"."wills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmes" ADD CONSTRAINT "programmes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmes" ADD CONSTRAINT "programmes_pricing_id_pricings_id_fk" FOREIGN KEY ("pricing_id") REFERENCES "public"."pricings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qurban_animals" ADD CONSTRAINT "qurban_animals_season_id_qurban_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."qurban_seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qurban_asset_transactions" ADD CONSTRAINT "qurban_asset_transactions_season_id_qurban_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."qurban_seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qurban_fund_transfers" ADD CONSTRAINT "qurban_fund_transfers_season_id_qurban_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."qurban_seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qurban_fund_transfers" ADD CONSTRAINT "qurban_fund_transfers_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qurban_seasons" ADD CONSTRAINT "qurban_seasons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qurban_shares" ADD CONSTRAINT "qurban_shares_transaction_id_qurban_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."qurban_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qurban_shares" ADD CONSTRAINT "qurban_shares_animal_id_qurban_animals_id_fk" FOREIGN KEY ("animal_id") REFERENCES "public"."qurban_animals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qurban_transactions" ADD CONSTRAINT "qurban_transactions_season_id_qurban_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."qurban_seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qurban_transactions" ADD CONSTRAINT "qurban_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_upload_rows_upload_idx" ON "certificate_upload_rows" USING btree ("upload_id","row_no");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_uploads_hash_uq" ON "certificate_uploads" USING btree ("programme_id","upload_hash");--> statement-breakpoint
CREATE INDEX "certificate_uploads_created_idx" ON "certificate_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_no_uq" ON "certificates" USING btree ("programme_id","certificate_no");--> statement-breakpoint
CREATE INDEX "certificates_status_idx" ON "certificates" USING btree ("programme_id","status");--> statement-breakpoint
CREATE INDEX "certificates_ic_idx" ON "certificates" USING btree ("ic_number");--> statement-breakpoint
CREATE UNIQUE INDEX "programmes_code_uq" ON "programmes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "programmes_org_idx" ON "programmes" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qurban_animals_no_uq" ON "qurban_animals" USING btree ("season_id","animal_no");--> statement-breakpoint
CREATE UNIQUE INDEX "qurban_asset_tx_seq_uq" ON "qurban_asset_transactions" USING btree ("season_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "qurban_asset_tx_source_uq" ON "qurban_asset_transactions" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "qurban_fund_transfers_season_idx" ON "qurban_fund_transfers" USING btree ("season_id","fund_transferred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "qurban_shares_slot_uq" ON "qurban_shares" USING btree ("animal_id","slot");--> statement-breakpoint
CREATE INDEX "qurban_shares_tx_idx" ON "qurban_shares" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qurban_transactions_ref_uq" ON "qurban_transactions" USING btree ("ref_no");--> statement-breakpoint
CREATE INDEX "qurban_transactions_season_idx" ON "qurban_transactions" USING btree ("season_id","status");--> statement-breakpoint
CREATE INDEX "qurban_transactions_user_idx" ON "qurban_transactions" USING btree ("user_id");