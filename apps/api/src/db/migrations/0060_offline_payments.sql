-- Offline (6) payments declared by the payer (ADR 0285): how the money was paid and on which day.
-- Additive and nullable: existing payments keep every value; offline payments recorded before this (by staff,
-- settled at once) simply have no method or day.
ALTER TABLE "payments" ADD COLUMN "offline_method" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_on" date;
