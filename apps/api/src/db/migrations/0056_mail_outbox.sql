-- Issue 34 "write it once" (ADR 0280): one transactional mail outbox for the platform (platform/mail/outbox.ts) in
-- place of the deaths module's `death_mails` (deaths and estates) and the acceptances module's `acceptance_mails`.
-- Every row is carried whole: its id, recipient, attempts, claim, sent state, last error and creation time.
-- A death mail keeps its kind, its text, its death report as `subject_ref` and its organisation or inquiry in `refs`;
-- an acceptance mail (its text composed at the sending) keeps its acceptance as `subject_ref` and its kind under the
-- prefix `acceptance.` (kinds are unique across modules). The estate notices' mail column points to the new table.
-- Then the two old tables are dropped.
CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_ref" text NOT NULL,
	"refs" jsonb,
	"to_email" text NOT NULL,
	"subject" text,
	"body" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_subject_idx" ON "mail_outbox" USING btree ("subject_ref","kind");--> statement-breakpoint
INSERT INTO "mail_outbox" ("id", "kind", "subject_ref", "refs", "to_email", "subject", "body", "attempts", "claimed_at", "sent_at", "last_error", "created_at")
SELECT "id", "kind", "death_report_id",
	NULLIF(jsonb_strip_nulls(jsonb_build_object('organization_id', "organization_id", 'will_inquiry_id', "will_inquiry_id")), '{}'::jsonb),
	"to_email", "subject", "body", "attempts", "claimed_at", "sent_at", "last_error", "created_at"
FROM "death_mails";--> statement-breakpoint
INSERT INTO "mail_outbox" ("id", "kind", "subject_ref", "refs", "to_email", "subject", "body", "attempts", "claimed_at", "sent_at", "last_error", "created_at")
SELECT "id", 'acceptance.' || "kind", "acceptance_id", NULL, "to_email", NULL, NULL, "attempts", "claimed_at", "sent_at", "last_error", "created_at"
FROM "acceptance_mails";--> statement-breakpoint
ALTER TABLE "estate_notices" DROP CONSTRAINT "estate_notices_death_mail_id_death_mails_id_fk";--> statement-breakpoint
ALTER TABLE "estate_notices" ADD CONSTRAINT "estate_notices_death_mail_id_mail_outbox_id_fk" FOREIGN KEY ("death_mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP TABLE "death_mails";--> statement-breakpoint
DROP TABLE "acceptance_mails";
