CREATE TABLE "hibah_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"hibah_id" text NOT NULL,
	"version_no" integer NOT NULL,
	"amendment_id" text,
	"content" jsonb NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hibahs" ADD COLUMN "current_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "hibah_versions" ADD CONSTRAINT "hibah_versions_hibah_id_hibahs_id_fk" FOREIGN KEY ("hibah_id") REFERENCES "public"."hibahs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hibah_versions" ADD CONSTRAINT "hibah_versions_amendment_id_amendments_id_fk" FOREIGN KEY ("amendment_id") REFERENCES "public"."amendments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hibah_versions_uq" ON "hibah_versions" USING btree ("hibah_id","version_no");