CREATE TABLE "client_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"agent_id" text,
	"branch_id" text,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"channel" text,
	"created_by" text,
	"approved_at" timestamp with time zone,
	"approved_via" text,
	"refused_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "client_grant_id" text;--> statement-breakpoint
ALTER TABLE "client_grants" ADD CONSTRAINT "client_grants_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_grants" ADD CONSTRAINT "client_grants_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_grants" ADD CONSTRAINT "client_grants_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_grants" ADD CONSTRAINT "client_grants_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_grants" ADD CONSTRAINT "client_grants_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_grants" ADD CONSTRAINT "client_grants_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_grants_active_idx" ON "client_grants" USING btree ("client_id","organization_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "client_grants_org_idx" ON "client_grants" USING btree ("organization_id","status");--> statement-breakpoint
-- Backfill (ADR 0101): every existing client <-> organisation relation becomes an active grant, so nobody
-- loses access they had: a will or hibah of a client under an organisation (per agent who registered it;
-- agent null = the whole organisation), and a client account created by a member of an organisation
-- (audit event user.create by that member).
INSERT INTO "client_grants" ("id", "client_id", "organization_id", "agent_id", "branch_id", "source", "status", "created_by", "approved_at", "approved_via")
SELECT replace(gen_random_uuid()::text, '-', ''), r.client_id, r.organization_id, r.agent_id, NULL, 'registered', 'active', r.agent_id, now(), 'backfill'
FROM (
  SELECT DISTINCT w.user_id AS client_id, w.organization_id, w.agent_id
  FROM "wills" w JOIN "users" u ON u.id = w.user_id
  WHERE u.role = 'Client' AND w.organization_id IS NOT NULL AND w.deleted_at IS NULL AND (w.agent_id IS NULL OR w.agent_id <> w.user_id)
  UNION
  SELECT DISTINCT h.user_id, h.organization_id, h.agent_id
  FROM "hibahs" h JOIN "users" u ON u.id = h.user_id
  WHERE u.role = 'Client' AND h.organization_id IS NOT NULL AND h.deleted_at IS NULL AND (h.agent_id IS NULL OR h.agent_id <> h.user_id)
  UNION
  SELECT DISTINCT a.entity_id, ua.organization_id, CASE WHEN actor.role = 'Agent' THEN actor.id ELSE NULL END
  FROM "audit_events" a
  JOIN "users" u ON u.id = a.entity_id AND u.role = 'Client'
  JOIN "users" actor ON actor.id = a.actor_id AND actor.id <> u.id
  JOIN "user_accesses" ua ON ua.user_id = actor.id AND ua.status = 1
  WHERE a.action = 'user.create' AND a.entity_type = 'User'
) r;
