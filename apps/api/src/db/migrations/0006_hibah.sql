CREATE TABLE "hibah_asset_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"hibah_id" text NOT NULL,
	"property_id" text,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"amount_sen" bigint NOT NULL,
	"balance_before_sen" bigint NOT NULL,
	"balance_after_sen" bigint NOT NULL,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hibah_tx_amount_pos" CHECK ("hibah_asset_transactions"."amount_sen" > 0),
	CONSTRAINT "hibah_tx_type" CHECK ("hibah_asset_transactions"."type" in ('credit', 'debit')),
	CONSTRAINT "hibah_tx_balance" CHECK ("hibah_asset_transactions"."balance_after_sen" >= 0 and "hibah_asset_transactions"."balance_after_sen" = "hibah_asset_transactions"."balance_before_sen" + case when "hibah_asset_transactions"."type" = 'credit' then "hibah_asset_transactions"."amount_sen" else -"hibah_asset_transactions"."amount_sen" end)
);
--> statement-breakpoint
CREATE TABLE "hibah_caretakers" (
	"id" text PRIMARY KEY NOT NULL,
	"hibah_id" text NOT NULL,
	"receiver_id" text,
	"name" text NOT NULL,
	"ic_number" text NOT NULL,
	"old_ic_number" text,
	"relationship" text NOT NULL,
	"mobile_number" text,
	"home_phone_number" text,
	"email" text,
	"address" text,
	"postcode" text,
	"city" text,
	"state" text,
	"bank_name" text,
	"bank_account_number" text,
	"has_allowance" boolean DEFAULT false NOT NULL,
	"allowance_amount_sen" integer,
	"allowance_frequency" text,
	"other_allowance_frequency" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hibah_coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"organization_id" text,
	"amount_sen" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" text,
	"redeemed_by" text,
	"redeemed_at" timestamp with time zone,
	"hibah_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hibah_heirs" (
	"id" text PRIMARY KEY NOT NULL,
	"hibah_id" text NOT NULL,
	"name" text NOT NULL,
	"relationship" text NOT NULL,
	"ic_number" text,
	"email" text,
	"mobile_number" text,
	"home_phone_number" text,
	"address" text,
	"postcode" text,
	"city" text,
	"state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hibah_numbers" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hibah_properties" (
	"id" text PRIMARY KEY NOT NULL,
	"hibah_id" text NOT NULL,
	"kind" text NOT NULL,
	"property_type" text NOT NULL,
	"category" text,
	"institution_name" text,
	"account_number" text,
	"policy_number" text,
	"company_registration_number" text,
	"transport_type" text,
	"transport_manufacturer" text,
	"transport_model" text,
	"transport_registration_number" text,
	"one_cent_username" text,
	"one_cent_wallet_name" text,
	"property_no" text,
	"lot_number" text,
	"city_type" text,
	"city" text,
	"district" text,
	"state" text,
	"address" text,
	"value_sen" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hibah_property_receivers" (
	"id" text PRIMARY KEY NOT NULL,
	"property_id" text NOT NULL,
	"receiver_id" text NOT NULL,
	"portion" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hibah_receivers" (
	"id" text PRIMARY KEY NOT NULL,
	"hibah_id" text NOT NULL,
	"name" text NOT NULL,
	"relationship" text NOT NULL,
	"ic_number" text,
	"email" text,
	"mobile_number" text,
	"home_phone_number" text,
	"address" text,
	"postcode" text,
	"city" text,
	"state" text,
	"is_minor" boolean DEFAULT false NOT NULL,
	"signature_id" text,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hibah_user_details" (
	"id" text PRIMARY KEY NOT NULL,
	"hibah_id" text NOT NULL,
	"designation" text,
	"name" text,
	"ic_number" text,
	"other_ic_number" text,
	"gender" integer,
	"race" integer,
	"religion" integer,
	"nationality" integer,
	"marital_status" text,
	"email" text,
	"mobile_number" text,
	"home_phone_number" text,
	"correspondence_address" text,
	"correspondence_postcode" text,
	"correspondence_city" text,
	"correspondence_state" text,
	"permanent_address" text,
	"permanent_postcode" text,
	"permanent_city" text,
	"permanent_state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hibah_witnesses" (
	"id" text PRIMARY KEY NOT NULL,
	"hibah_id" text NOT NULL,
	"name" text NOT NULL,
	"ic_number" text NOT NULL,
	"email" text NOT NULL,
	"mobile_number" text,
	"address" text,
	"postcode" text,
	"city" text,
	"state" text,
	"otp_hash" text,
	"otp_expires_at" timestamp with time zone,
	"otp_failed_attempts" integer DEFAULT 0 NOT NULL,
	"signature_id" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hibahs" (
	"id" text PRIMARY KEY NOT NULL,
	"hibah_type" integer NOT NULL,
	"user_id" text NOT NULL,
	"agent_id" text,
	"created_by" text NOT NULL,
	"organization_id" text,
	"branch_id" text,
	"pricing_id" text,
	"status" integer DEFAULT 0 NOT NULL,
	"price_sen" integer,
	"discount_sen" integer DEFAULT 0 NOT NULL,
	"payment_options_id" integer,
	"payment_received_at" timestamp with time zone,
	"is_cash_payment" boolean DEFAULT false NOT NULL,
	"acknowledged_pdpa" boolean DEFAULT false NOT NULL,
	"acknowledged_confirmation" boolean DEFAULT false NOT NULL,
	"signature_id" text,
	"ekyc_verified_at" timestamp with time zone,
	"ekyc_method" text,
	"face_verification_count" integer DEFAULT 0 NOT NULL,
	"employer_name" text,
	"employer_address" text,
	"job_title" text,
	"yearly_income" text,
	"income_source" text,
	"income_source_other" text,
	"hibah_property_source" text,
	"hibah_property_source_other" text,
	"trust_purpose_type" text,
	"trust_purpose" text,
	"is_revocable" boolean DEFAULT false NOT NULL,
	"period" text,
	"other_period_instructions" text,
	"distribution_lifetime_instruction" text,
	"distribution_after_death_instruction" text,
	"one_cent_maximum_moveable_property" integer DEFAULT 0 NOT NULL,
	"is_draft_accepted" boolean DEFAULT false NOT NULL,
	"draft_sent_at" timestamp with time zone,
	"draft_expires_at" timestamp with time zone,
	"draft_accepted_at" timestamp with time zone,
	"draft_reminded_at" timestamp with time zone,
	"draft_expired_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"verified_by" text,
	"rejected_reason" text,
	"hibah_number" text,
	"registered_at" timestamp with time zone,
	"current_total_sen" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hibahs_total_nonneg" CHECK ("hibahs"."current_total_sen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "hibah_asset_transactions" ADD CONSTRAINT "hibah_asset_transactions_hibah_id_hibahs_id_fk" FOREIGN KEY ("hibah_id") REFERENCES "public"."hibahs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibah_asset_transactions" ADD CONSTRAINT "hibah_asset_transactions_property_id_hibah_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."hibah_properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibah_asset_transactions" ADD CONSTRAINT "hibah_asset_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibah_caretakers" ADD CONSTRAINT "hibah_caretakers_hibah_id_hibahs_id_fk" FOREIGN KEY ("hibah_id") REFERENCES "public"."hibahs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibah_caretakers" ADD CONSTRAINT "hibah_caretakers_receiver_id_hibah_receivers_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."hibah_receivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibah_coupons" ADD CONSTRAINT "hibah_coupons_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibah_coupons" ADD CONSTRAINT "hibah_coupons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibah_coupons" ADD CONSTRAINT "hibah_coupons_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibah_coupons" ADD CONSTRAINT "hibah_coupons_hibah_id_hibahs_id_fk" FOREIGN KEY ("hibah_id") REFERENCES "public"."hibahs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibah_heirs" ADD CONSTRAINT "hibah_heirs_hibah_id_hibahs_id_fk" FOREIGN KEY ("hibah_id") REFERENCES "public"."hibahs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibah_properties" ADD CONSTRAINT "hibah_properties_hibah_id_hibahs_id_fk" FOREIGN KEY ("hibah_id") REFERENCES "public"."hibahs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibah_property_receivers" ADD CONSTRAINT "hibah_property_receivers_property_id_hibah_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."hibah_properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibah_property_receivers" ADD CONSTRAINT "hibah_property_receivers_receiver_id_hibah_receivers_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."hibah_receivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibah_receivers" ADD CONSTRAINT "hibah_receivers_hibah_id_hibahs_id_fk" FOREIGN KEY ("hibah_id") REFERENCES "public"."hibahs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibah_user_details" ADD CONSTRAINT "hibah_user_details_hibah_id_hibahs_id_fk" FOREIGN KEY ("hibah_id") REFERENCES "public"."hibahs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibah_witnesses" ADD CONSTRAINT "hibah_witnesses_hibah_id_hibahs_id_fk" FOREIGN KEY ("hibah_id") REFERENCES "public"."hibahs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibahs" ADD CONSTRAINT "hibahs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibahs" ADD CONSTRAINT "hibahs_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibahs" ADD CONSTRAINT "hibahs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibahs" ADD CONSTRAINT "hibahs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibahs" ADD CONSTRAINT "hibahs_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibahs" ADD CONSTRAINT "hibahs_pricing_id_pricings_id_fk" FOREIGN KEY ("pricing_id") REFERENCES "public"."pricings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibahs" ADD CONSTRAINT "hibahs_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hibah_asset_transactions_seq_uq" ON "hibah_asset_transactions" USING btree ("hibah_id","seq");--> statement-breakpoint
CREATE INDEX "hibah_caretakers_hibah_idx" ON "hibah_caretakers" USING btree ("hibah_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hibah_coupons_code_uq" ON "hibah_coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "hibah_heirs_hibah_idx" ON "hibah_heirs" USING btree ("hibah_id");--> statement-breakpoint
CREATE INDEX "hibah_properties_hibah_idx" ON "hibah_properties" USING btree ("hibah_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "hibah_property_receivers_uq" ON "hibah_property_receivers" USING btree ("property_id","receiver_id");--> statement-breakpoint
CREATE INDEX "hibah_receivers_hibah_idx" ON "hibah_receivers" USING btree ("hibah_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hibah_user_details_hibah_uq" ON "hibah_user_details" USING btree ("hibah_id");--> statement-breakpoint
CREATE INDEX "hibah_witnesses_hibah_idx" ON "hibah_witnesses" USING btree ("hibah_id");--> statement-breakpoint
CREATE INDEX "hibahs_user_idx" ON "hibahs" USING btree ("user_id","hibah_type");--> statement-breakpoint
CREATE INDEX "hibahs_agent_idx" ON "hibahs" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "hibahs_org_status_idx" ON "hibahs" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "hibahs_draft_idx" ON "hibahs" USING btree ("status","draft_expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hibahs_number_uq" ON "hibahs" USING btree ("hibah_number");