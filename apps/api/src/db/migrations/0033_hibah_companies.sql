-- Issue 21 item 6 (ADR 0165): the company that makes a corporate hibah or trust (products 1-2) in place of a
-- person's particulars: name, SSM registration number, registered address, authorised signatories (jsonb
-- array of { name, ic_number, designation }) and the board resolution (an attachment). One per hibah.
CREATE TABLE "hibah_companies" (
	"id" text PRIMARY KEY NOT NULL,
	"hibah_id" text NOT NULL,
	"name" text NOT NULL,
	"registration_number" text NOT NULL,
	"address" text,
	"postcode" text,
	"city" text,
	"state" text,
	"signatories" jsonb NOT NULL,
	"board_resolution_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "hibah_companies" ADD CONSTRAINT "hibah_companies_hibah_id_hibahs_id_fk" FOREIGN KEY ("hibah_id") REFERENCES "public"."hibahs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibah_companies" ADD CONSTRAINT "hibah_companies_board_resolution_id_attachments_id_fk" FOREIGN KEY ("board_resolution_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hibah_companies_hibah_uq" ON "hibah_companies" USING btree ("hibah_id");
