-- Issue 41 item 3 (ADR 0276): the executor and each guardian of minor children a registered will names are asked
-- to accept their role; a guardian through a signed link mailed to the e-mail now recorded on `caretakers`.
ALTER TABLE "caretakers" ADD COLUMN "email" text;--> statement-breakpoint
CREATE TABLE "role_acceptances" (
	"id" text PRIMARY KEY NOT NULL,
	"wasiat_id" text NOT NULL,
	"organization_id" text,
	"role" text NOT NULL,
	"caretaker_id" text,
	"person_name" text NOT NULL,
	"person_id_number" text NOT NULL,
	"email" text,
	"wards" text,
	"role_key" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"reason" text,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "acceptance_mails" (
	"id" text PRIMARY KEY NOT NULL,
	"acceptance_id" text NOT NULL,
	"kind" text NOT NULL,
	"to_email" text NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "role_acceptances" ADD CONSTRAINT "role_acceptances_wasiat_id_wills_id_fk" FOREIGN KEY ("wasiat_id") REFERENCES "public"."wills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_acceptances" ADD CONSTRAINT "role_acceptances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_acceptances" ADD CONSTRAINT "role_acceptances_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acceptance_mails" ADD CONSTRAINT "acceptance_mails_acceptance_id_role_acceptances_id_fk" FOREIGN KEY ("acceptance_id") REFERENCES "public"."role_acceptances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "role_acceptances_will_idx" ON "role_acceptances" USING btree ("wasiat_id","state");--> statement-breakpoint
CREATE INDEX "acceptance_mails_unsent_idx" ON "acceptance_mails" USING btree ("sent_at");
