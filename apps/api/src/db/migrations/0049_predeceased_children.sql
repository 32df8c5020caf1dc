-- Issue 41 item 6 (ADR 0270): the testator's children who died before them and their children, read by the
-- wasiat wajibah rule (Enakmen Wasiat Orang Islam (Selangor) 1999 s.27 and the other states' provisions).
CREATE TABLE "will_predeceased_children" (
	"id" text PRIMARY KEY NOT NULL,
	"wasiat_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"sex" text NOT NULL,
	"died_on" date NOT NULL,
	"children" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "will_predeceased_children" ADD CONSTRAINT "will_predeceased_children_wasiat_id_wills_id_fk" FOREIGN KEY ("wasiat_id") REFERENCES "public"."wills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "will_predeceased_children_wasiat_idx" ON "will_predeceased_children" USING btree ("wasiat_id","position");
