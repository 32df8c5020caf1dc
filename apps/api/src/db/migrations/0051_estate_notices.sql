-- Issue 40 item 8 (ADR 0273): "tell us once" — the institutions an organisation notifies of a death, the one notice
-- of a verified death sent to each (the mail is a death_mails row of kind estate_notice), and the replies.
CREATE TABLE "notice_recipients" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"created_by" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "estate_notices" (
	"id" text PRIMARY KEY NOT NULL,
	"death_report_id" text NOT NULL,
	"recipient_id" text NOT NULL,
	"recipient_name" text NOT NULL,
	"to_email" text NOT NULL,
	"reference" text NOT NULL,
	"listed" jsonb NOT NULL,
	"contact" text NOT NULL,
	"resend" boolean DEFAULT false NOT NULL,
	"death_mail_id" text,
	"sent_by" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "estate_notice_replies" (
	"id" text PRIMARY KEY NOT NULL,
	"notice_id" text NOT NULL,
	"text" text NOT NULL,
	"received_on" date NOT NULL,
	"attachment_id" text,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "notice_recipients" ADD CONSTRAINT "notice_recipients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_recipients" ADD CONSTRAINT "notice_recipients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_notices" ADD CONSTRAINT "estate_notices_death_report_id_death_reports_id_fk" FOREIGN KEY ("death_report_id") REFERENCES "public"."death_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_notices" ADD CONSTRAINT "estate_notices_recipient_id_notice_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."notice_recipients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_notices" ADD CONSTRAINT "estate_notices_death_mail_id_death_mails_id_fk" FOREIGN KEY ("death_mail_id") REFERENCES "public"."death_mails"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_notices" ADD CONSTRAINT "estate_notices_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_notice_replies" ADD CONSTRAINT "estate_notice_replies_notice_id_estate_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."estate_notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_notice_replies" ADD CONSTRAINT "estate_notice_replies_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_notice_replies" ADD CONSTRAINT "estate_notice_replies_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_recipients_org_idx" ON "notice_recipients" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "estate_notices_report_idx" ON "estate_notices" USING btree ("death_report_id","recipient_id");--> statement-breakpoint
CREATE INDEX "estate_notice_replies_notice_idx" ON "estate_notice_replies" USING btree ("notice_id");
