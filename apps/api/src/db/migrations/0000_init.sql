CREATE TABLE "audit_events" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_id" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"prev_hash" text,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ekyc_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"actor_id" text,
	"ekycable_type" text,
	"ekycable_id" text,
	"selfie_attachment_id" text,
	"mykad_attachment_id" text,
	"verification_score" real,
	"distance" real,
	"passed" boolean DEFAULT false NOT NULL,
	"outcome" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ekyc_manual_reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"wasiat_id" text NOT NULL,
	"user_id" text NOT NULL,
	"attachment_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"uploaded_by" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"wasiat_id" text,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"attachable_type" text NOT NULL,
	"attachable_id" text NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"original_filename" text,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"branch_name" text NOT NULL,
	"code" text,
	"is_headquarter" boolean DEFAULT false NOT NULL,
	"email" text,
	"phone_number" text,
	"address" text,
	"postcode" text,
	"city" text,
	"state" text,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"is_partner" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"short_name" text,
	"code" text NOT NULL,
	"registration_number" text,
	"partner_code" text,
	"mykad_number" text,
	"email" text,
	"phone_number" text,
	"website" text,
	"address" text,
	"postcode" text,
	"city" text,
	"state" text,
	"status" integer DEFAULT 1 NOT NULL,
	"allow_payment_gateway" boolean DEFAULT true NOT NULL,
	"allow_cash_payment" boolean DEFAULT true NOT NULL,
	"allow_direct_payment" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preferences" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"allow_public" boolean DEFAULT true NOT NULL,
	"allow_payments" boolean DEFAULT true NOT NULL,
	"allow_wasiat" boolean DEFAULT true NOT NULL,
	"allow_hibah" boolean DEFAULT false NOT NULL,
	"allow_corporate" boolean DEFAULT false NOT NULL,
	"allow_property" boolean DEFAULT true NOT NULL,
	"allow_guardians" boolean DEFAULT true NOT NULL,
	"allow_beneficiaries" boolean DEFAULT true NOT NULL,
	"total_receivers" integer,
	"total_caretakers" integer,
	"total_properties" integer,
	"stock_account_type" text,
	"fixed_property_name" text,
	"fixed_stock_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricings" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"product" text NOT NULL,
	"plan" text NOT NULL,
	"description" text,
	"price_sen" integer NOT NULL,
	"amendment_price_sen" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	"effective_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"paymentable_type" text NOT NULL,
	"paymentable_id" text NOT NULL,
	"payment_options_id" integer NOT NULL,
	"amount_sen" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference" text,
	"gateway_reference" text,
	"promo_code_id" text,
	"paid_at" timestamp with time zone,
	"confirmed_by" text,
	"confirmed_at" timestamp with time zone,
	"created_by" text,
	"receipt_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text,
	"code" text NOT NULL,
	"discount_sen" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"generated_by" text,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redeemed_by" text,
	"redeemed_at" timestamp with time zone,
	"redeemed_for" text,
	"remarks" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bequests" (
	"id" text PRIMARY KEY NOT NULL,
	"wasiat_id" text NOT NULL,
	"beneficiary_name" text NOT NULL,
	"ic_number" text,
	"relationship" text,
	"purpose" text,
	"portion" text NOT NULL,
	"amount_sen" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caretakers" (
	"id" text PRIMARY KEY NOT NULL,
	"caretakerable_type" text NOT NULL,
	"caretakerable_id" text NOT NULL,
	"name" text NOT NULL,
	"ic_number" text NOT NULL,
	"relationship" text NOT NULL,
	"mobile_number" text,
	"wards" text,
	"address" text,
	"postcode" text,
	"city" text,
	"state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "heirs" (
	"id" text PRIMARY KEY NOT NULL,
	"heirable_type" text NOT NULL,
	"heirable_id" text NOT NULL,
	"name" text NOT NULL,
	"relationship" text NOT NULL,
	"ic_number" text,
	"mobile_number" text,
	"home_phone_number" text,
	"email" text,
	"address" text,
	"postcode" text,
	"city" text,
	"state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receivers" (
	"id" text PRIMARY KEY NOT NULL,
	"receivable_type" text NOT NULL,
	"receivable_id" text NOT NULL,
	"name" text NOT NULL,
	"relationship" text NOT NULL,
	"ic_number" text,
	"email" text,
	"mobile_number" text,
	"address" text,
	"postcode" text,
	"city" text,
	"state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "witnesses" (
	"id" text PRIMARY KEY NOT NULL,
	"witnessable_type" text NOT NULL,
	"witnessable_id" text NOT NULL,
	"name" text NOT NULL,
	"ic_number" text NOT NULL,
	"email" text,
	"address" text,
	"postcode" text,
	"city" text,
	"state" text,
	"signature_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "immoveable_properties" (
	"id" text PRIMARY KEY NOT NULL,
	"immoveable_type" text NOT NULL,
	"immoveable_id" text NOT NULL,
	"category" text NOT NULL,
	"property_type" text NOT NULL,
	"property_no" text NOT NULL,
	"lot_number" text NOT NULL,
	"city_type" text,
	"city" text,
	"district" text,
	"state" text,
	"address" text,
	"value_sen" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moveable_properties" (
	"id" text PRIMARY KEY NOT NULL,
	"moveable_type" text NOT NULL,
	"moveable_id" text NOT NULL,
	"property_type" text NOT NULL,
	"institution_name" text,
	"account_number" text,
	"policy_number" text,
	"company_registration_number" text,
	"transport_type" text,
	"transport_manufacturer" text,
	"transport_model" text,
	"transport_registration_number" text,
	"value_sen" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_receivers" (
	"id" text PRIMARY KEY NOT NULL,
	"receiver_id" text NOT NULL,
	"propertyable_type" text NOT NULL,
	"propertyable_id" text NOT NULL,
	"portion" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_events" (
	"id" text PRIMARY KEY NOT NULL,
	"signable_type" text NOT NULL,
	"signable_id" text NOT NULL,
	"role" text NOT NULL,
	"signer_name" text NOT NULL,
	"witness_id" text,
	"attachment_id" text NOT NULL,
	"actor_id" text,
	"ip" text,
	"document_sha256" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text DEFAULT 'api-private' NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"first_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_accesses" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"branch_id" text,
	"role" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"ic_number" text,
	"mobile_number" text,
	"designation" text,
	"gender" integer,
	"office_phone_number" text,
	"address" text,
	"postcode" text,
	"city" text,
	"state" text,
	"password_hash" text,
	"role" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"pdpa_accepted_at" timestamp with time zone,
	"signature_id" text,
	"face_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "will_numbers" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "will_user_details" (
	"id" text PRIMARY KEY NOT NULL,
	"wasiat_id" text NOT NULL,
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
CREATE TABLE "wills" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"agent_id" text,
	"created_by" text NOT NULL,
	"organization_id" text,
	"branch_id" text,
	"pricing_id" text,
	"wasiat_type" integer,
	"plan" text,
	"status" integer DEFAULT 0 NOT NULL,
	"price_sen" integer,
	"discount_sen" integer DEFAULT 0 NOT NULL,
	"payment_options_id" integer,
	"payment_received_at" timestamp with time zone,
	"acknowledged_pdpa" boolean DEFAULT false NOT NULL,
	"acknowledged_confirmation" boolean DEFAULT false NOT NULL,
	"signature_id" text,
	"ekyc_verified_at" timestamp with time zone,
	"ekyc_method" text,
	"face_verification_count" integer DEFAULT 0 NOT NULL,
	"parts_done" text[] DEFAULT '{}' NOT NULL,
	"submitted_at" timestamp with time zone,
	"wasiat_no" text,
	"registered_at" timestamp with time zone,
	"verified_by" text,
	"rejected_reason" text,
	"option_delete_id" integer,
	"rejected_at" timestamp with time zone,
	"estimated_estate_sen" bigint,
	"funeral_sen" bigint,
	"debts_sen" bigint,
	"harta_sepencarian_sen" bigint,
	"heirs_consent" boolean DEFAULT false NOT NULL,
	"heirs_consent_note" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ekyc_attempts" ADD CONSTRAINT "ekyc_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ekyc_attempts" ADD CONSTRAINT "ekyc_attempts_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ekyc_manual_reviews" ADD CONSTRAINT "ekyc_manual_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ekyc_manual_reviews" ADD CONSTRAINT "ekyc_manual_reviews_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ekyc_manual_reviews" ADD CONSTRAINT "ekyc_manual_reviews_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferences" ADD CONSTRAINT "preferences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricings" ADD CONSTRAINT "pricings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_generated_by_users_id_fk" FOREIGN KEY ("generated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_receivers" ADD CONSTRAINT "property_receivers_receiver_id_receivers_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."receivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_events" ADD CONSTRAINT "signature_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accesses" ADD CONSTRAINT "user_accesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accesses" ADD CONSTRAINT "user_accesses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accesses" ADD CONSTRAINT "user_accesses_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "will_user_details" ADD CONSTRAINT "will_user_details_wasiat_id_wills_id_fk" FOREIGN KEY ("wasiat_id") REFERENCES "public"."wills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wills" ADD CONSTRAINT "wills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wills" ADD CONSTRAINT "wills_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wills" ADD CONSTRAINT "wills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wills" ADD CONSTRAINT "wills_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wills" ADD CONSTRAINT "wills_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wills" ADD CONSTRAINT "wills_pricing_id_pricings_id_fk" FOREIGN KEY ("pricing_id") REFERENCES "public"."pricings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wills" ADD CONSTRAINT "wills_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_seq_idx" ON "audit_events" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "ekyc_attempts_user_idx" ON "ekyc_attempts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ekyc_attempts_owner_idx" ON "ekyc_attempts" USING btree ("ekycable_type","ekycable_id");--> statement-breakpoint
CREATE INDEX "ekyc_manual_reviews_status_idx" ON "ekyc_manual_reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "ekyc_manual_reviews_will_idx" ON "ekyc_manual_reviews" USING btree ("wasiat_id");--> statement-breakpoint
CREATE INDEX "otp_codes_user_idx" ON "otp_codes" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "attachments_owner_idx" ON "attachments" USING btree ("attachable_type","attachable_id","type");--> statement-breakpoint
CREATE INDEX "branches_org_idx" ON "branches" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_code_uq" ON "organizations" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_partner_code_uq" ON "organizations" USING btree ("partner_code");--> statement-breakpoint
CREATE UNIQUE INDEX "preferences_org_uq" ON "preferences" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "pricings_org_idx" ON "pricings" USING btree ("organization_id","product");--> statement-breakpoint
CREATE INDEX "products_org_idx" ON "products" USING btree ("organization_id","category");--> statement-breakpoint
CREATE INDEX "payments_owner_idx" ON "payments" USING btree ("paymentable_type","paymentable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_uq" ON "payments" USING btree ("receipt_no");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_uq" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promo_codes_org_idx" ON "promo_codes" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "bequests_will_idx" ON "bequests" USING btree ("wasiat_id");--> statement-breakpoint
CREATE INDEX "caretakers_owner_idx" ON "caretakers" USING btree ("caretakerable_type","caretakerable_id");--> statement-breakpoint
CREATE INDEX "heirs_owner_idx" ON "heirs" USING btree ("heirable_type","heirable_id");--> statement-breakpoint
CREATE INDEX "receivers_owner_idx" ON "receivers" USING btree ("receivable_type","receivable_id");--> statement-breakpoint
CREATE INDEX "witnesses_owner_idx" ON "witnesses" USING btree ("witnessable_type","witnessable_id");--> statement-breakpoint
CREATE INDEX "immoveable_owner_idx" ON "immoveable_properties" USING btree ("immoveable_type","immoveable_id");--> statement-breakpoint
CREATE INDEX "moveable_owner_idx" ON "moveable_properties" USING btree ("moveable_type","moveable_id");--> statement-breakpoint
CREATE INDEX "property_receivers_prop_idx" ON "property_receivers" USING btree ("propertyable_type","propertyable_id");--> statement-breakpoint
CREATE INDEX "signature_events_signable_idx" ON "signature_events" USING btree ("signable_type","signable_id","signed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_hash_uq" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_hash_uq" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_accesses_user_idx" ON "user_accesses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_ic_uq" ON "users" USING btree ("ic_number");--> statement-breakpoint
CREATE UNIQUE INDEX "will_user_details_will_uq" ON "will_user_details" USING btree ("wasiat_id");--> statement-breakpoint
CREATE INDEX "wills_user_idx" ON "wills" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wills_agent_idx" ON "wills" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "wills_org_status_idx" ON "wills" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "wills_status_created_idx" ON "wills" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "wills_created_idx" ON "wills" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wills_no_uq" ON "wills" USING btree ("wasiat_no");--> statement-breakpoint
CREATE INDEX "wills_created_kl_idx" ON "wills" USING btree (("created_at" AT TIME ZONE 'Asia/Kuala_Lumpur'),"status","plan","payment_options_id","branch_id","organization_id","price_sen","discount_sen","payment_received_at","deleted_at");--> statement-breakpoint
CREATE INDEX "wills_org_created_kl_idx" ON "wills" USING btree ("organization_id",("created_at" AT TIME ZONE 'Asia/Kuala_Lumpur'));--> statement-breakpoint
CREATE INDEX "wills_registered_kl_idx" ON "wills" USING btree (("registered_at" AT TIME ZONE 'Asia/Kuala_Lumpur'));