-- Issue 41 item 7 "Waqf and sadaqah" (ADR 0268): the list of institutions a bequest may go to (state Islamic
-- religious councils, mosques, registered charities, waqf institutions), kept by the provider's staff, and a
-- bequest's link to one with the kind and registration it had when chosen. Seeded with state Islamic religious
-- councils whose establishing law and section were read (ADR 0268); their contacts are left for staff to enter.
CREATE TABLE "institutions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"registration_no" text,
	"registered_under" text,
	"state" text,
	"email" text,
	"phone" text,
	"address" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "institutions_active_name_idx" ON "institutions" USING btree ("active","name");--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_name_registration_uq" ON "institutions" USING btree (lower("name"),coalesce("registration_no", ''),coalesce("registered_under", ''));--> statement-breakpoint
ALTER TABLE "bequests" ADD COLUMN "institution_id" text;--> statement-breakpoint
ALTER TABLE "bequests" ADD COLUMN "institution_kind" text;--> statement-breakpoint
ALTER TABLE "bequests" ADD COLUMN "institution_registration" text;--> statement-breakpoint
ALTER TABLE "bequests" ADD CONSTRAINT "bequests_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "institutions" ("id", "kind", "name", "registered_under", "state") VALUES
	('inst-seed-mais', 'council', 'Majlis Agama Islam Selangor (MAIS)', 'Enakmen Pentadbiran Agama Islam (Negeri Selangor) 2003 [En. 1/2003], s. 4', 'Selangor'),
	('inst-seed-maiwp', 'council', 'Majlis Agama Islam Wilayah Persekutuan (MAIWP)', 'Akta Pentadbiran Undang-Undang Islam (Wilayah-Wilayah Persekutuan) 1993 [Akta 505], s. 4', 'W.P. Kuala Lumpur'),
	('inst-seed-maim', 'council', 'Majlis Agama Islam Melaka', 'Enakmen Pentadbiran Agama Islam (Negeri Melaka) 2002 [En. 7/2002], s. 4', 'Melaka'),
	('inst-seed-mains', 'council', 'Majlis Agama Islam Negeri Sembilan', 'Enakmen Pentadbiran Agama Islam (Negeri Sembilan) 2003 [En. 10/2003], s. 4', 'Negeri Sembilan'),
	('inst-seed-maik', 'council', 'Majlis Agama Islam dan Adat Istiadat Melayu Kelantan', 'Enakmen Majlis Agama Islam dan Adat Istiadat Melayu Kelantan 1994 [En. 4/1994], s. 5', 'Kelantan');
