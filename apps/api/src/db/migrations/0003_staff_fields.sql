ALTER TABLE "users" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bank_account_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_attended_course" boolean DEFAULT false NOT NULL;