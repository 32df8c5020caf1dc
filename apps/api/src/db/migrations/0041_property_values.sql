-- Issue 37 item 2 and issue 41 item 4 (ADR 0257): every property of a will carries the testator's estimate of its
-- value (value_sen, integer sen) and the date of that estimate (value_estimated_on, a Kuala Lumpur calendar date).
-- The value becomes bigint like the will's other estate figures (an integer stops at RM 21,474,836.47).
-- Existing rows are left as they are: a value without a date keeps a NULL date (when it was estimated is not known;
-- the row's timestamps say when it was saved, not when it was estimated), a property without a value keeps NULL.
-- The wizard asks for both before a will in progress is submitted; a registered will is not changed (its documents
-- are sealed); an amendment's draft asks for them when its property is saved.
ALTER TABLE "moveable_properties" ALTER COLUMN "value_sen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "moveable_properties" ADD COLUMN "value_estimated_on" date;--> statement-breakpoint
ALTER TABLE "immoveable_properties" ALTER COLUMN "value_sen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "immoveable_properties" ADD COLUMN "value_estimated_on" date;
