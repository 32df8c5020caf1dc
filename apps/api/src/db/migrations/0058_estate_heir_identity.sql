-- Issue 40 items 4–5; ADR 0282: an estate heir is a will's heirs row OR an heir added on the estate file
-- (estate_heir_changes, kind 'added'), so consents and guardianship marks are keyed to that estate-heir identity
-- and no longer reference the heirs table. Every existing row is kept as it is (its heir_id is a heirs row id).
-- An added heir may be given an e-mail, for their release link (the consent access, ADR 0267).
ALTER TABLE "estate_consents" DROP CONSTRAINT IF EXISTS "estate_consents_heir_id_heirs_id_fk";--> statement-breakpoint
ALTER TABLE "estate_heir_wards" DROP CONSTRAINT IF EXISTS "estate_heir_wards_heir_id_heirs_id_fk";--> statement-breakpoint
ALTER TABLE "estate_heir_changes" ADD COLUMN "email" text;
