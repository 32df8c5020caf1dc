-- Issue 36 item 3 (ADR 0227): a grant request's wrong codes are counted on the grant itself, so asking again
-- (a new code) never gives new tries; and a client may block a requester, whose requests are then refused.
ALTER TABLE "client_grants" ADD COLUMN "code_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "grant_blocks" (
	"client_id" text NOT NULL,
	"requester_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grant_blocks_client_id_requester_id_pk" PRIMARY KEY("client_id","requester_id")
);--> statement-breakpoint
ALTER TABLE "grant_blocks" ADD CONSTRAINT "grant_blocks_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_blocks" ADD CONSTRAINT "grant_blocks_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
