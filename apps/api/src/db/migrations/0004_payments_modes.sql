CREATE TABLE "receipt_counters" (
	"organization_key" text PRIMARY KEY NOT NULL,
	"last_no" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "payments_receipt_uq";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "allow_loan_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "allow_atb_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "organization_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_bill_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "slip_attachment_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "account_no" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "atb_amount_sen" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "atb_frequency" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "atb_other_frequency" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "atb_start_date" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "financing_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_mail_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_mail_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_mail_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_mail_error" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_org_uq" ON "payments" USING btree (coalesce("organization_id", ''),"receipt_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_bill_uq" ON "payments" USING btree ("gateway","gateway_bill_id");--> statement-breakpoint
CREATE INDEX "payments_status_option_idx" ON "payments" USING btree ("status","payment_options_id");--> statement-breakpoint
CREATE INDEX "payments_mail_due_idx" ON "payments" USING btree ("receipt_mail_status","receipt_mail_next_at");--> statement-breakpoint
-- Backfill (ADR 0042): the organisation of existing will payments, and each organisation's receipt counter
-- from the receipts already issued, so per-organisation numbering continues without a clash.
UPDATE "payments" SET "organization_id" = "wills"."organization_id" FROM "wills" WHERE "payments"."paymentable_type" = 'Wasiat' AND "payments"."paymentable_id" = "wills"."id";--> statement-breakpoint
INSERT INTO "receipt_counters" ("organization_key", "last_no") SELECT coalesce("organization_id", ''), max(substring("receipt_no" from '([0-9]+)$')::int) FROM "payments" WHERE "receipt_no" IS NOT NULL GROUP BY 1;
