-- Issue 41 item 5; ADR 0286: a will's property may be declared harta sepencarian (jointly acquired in a marriage)
-- with the spouse, the spouse's portion in basis points (1..10,000), the basis (agreed | estimated) and its note.
-- All NULL on existing rows (not declared); the will's single amount wills.harta_sepencarian_sen is kept and
-- applies while no property is declared.
ALTER TABLE "moveable_properties" ADD COLUMN "sepencarian_spouse_heir_id" text;--> statement-breakpoint
ALTER TABLE "moveable_properties" ADD COLUMN "sepencarian_spouse_name" text;--> statement-breakpoint
ALTER TABLE "moveable_properties" ADD COLUMN "sepencarian_spouse_ic" text;--> statement-breakpoint
ALTER TABLE "moveable_properties" ADD COLUMN "sepencarian_bp" integer;--> statement-breakpoint
ALTER TABLE "moveable_properties" ADD COLUMN "sepencarian_basis" text;--> statement-breakpoint
ALTER TABLE "moveable_properties" ADD COLUMN "sepencarian_basis_note" text;--> statement-breakpoint
ALTER TABLE "immoveable_properties" ADD COLUMN "sepencarian_spouse_heir_id" text;--> statement-breakpoint
ALTER TABLE "immoveable_properties" ADD COLUMN "sepencarian_spouse_name" text;--> statement-breakpoint
ALTER TABLE "immoveable_properties" ADD COLUMN "sepencarian_spouse_ic" text;--> statement-breakpoint
ALTER TABLE "immoveable_properties" ADD COLUMN "sepencarian_bp" integer;--> statement-breakpoint
ALTER TABLE "immoveable_properties" ADD COLUMN "sepencarian_basis" text;--> statement-breakpoint
ALTER TABLE "immoveable_properties" ADD COLUMN "sepencarian_basis_note" text;
