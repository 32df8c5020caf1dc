/**
 * Grants: who acts for a client (issue 16 item 1; ADR 0101). A client belongs to themself; an
 * organisation's people (Partner, Agent, branch users) act for them only under an active grant. One row is
 * both the request and the grant: `pending` (asked, awaiting the client) → `active` (approved by a
 * one-time code or on the client's dashboard, or created `active` when the organisation registered the
 * client) → `withdrawn` (by the client or provider staff); or `pending` → `refused`.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { branches, organizations } from './organisations.ts';
import { users } from './users.ts';

export const client_grants = pgTable(
  'client_grants',
  {
    id: idColumn(),
    /** The client (a user with role Client) the organisation acts for. */
    client_id: text('client_id')
      .notNull()
      .references(() => users.id),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** Only this agent of the organisation (null: the organisation's partners and agents of `branch_id`). */
    agent_id: text('agent_id').references(() => users.id),
    /** Only agents of this branch (null: any branch) when `agent_id` is null. */
    branch_id: text('branch_id').references(() => branches.id),
    /** How it came about: "registered" (the organisation registered the client) | "approved" (a request). */
    source: text('source').notNull(),
    /** "pending" | "active" | "refused" | "withdrawn". */
    status: text('status').notNull(),
    /** For a request: how the client is asked — "email" | "sms" (one-time code) | "dashboard". */
    channel: text('channel'),
    /** Who created the row (the registering or requesting person). */
    created_by: text('created_by').references(() => users.id),
    approved_at: tz('approved_at'),
    /** "code" | "dashboard" | "registered" | "backfill". */
    approved_via: text('approved_via'),
    refused_at: tz('refused_at'),
    withdrawn_at: tz('withdrawn_at'),
    withdrawn_by: text('withdrawn_by').references(() => users.id),
    /** The reason given on withdrawal or refusal (required from provider staff). */
    reason: text('reason'),
    /**
     * Tries at the request's one-time code, over every code sent for it (issue 36 item 3; ADR 0227): asking
     * again sends a new code but never new tries; at `GRANT_CODE_MAX_TRIES` (modules/grants/limits.ts) no code
     * approves it.
     */
    code_tries: integer('code_tries').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('client_grants_active_idx').on(t.client_id, t.organization_id).where(sql`status = 'active'`),
    index('client_grants_org_idx').on(t.organization_id, t.status),
  ],
);

/**
 * A requester a client has blocked (issue 36 item 3; ADR 0227): that person's grant requests to that client are
 * refused (403 `grants.requester_blocked`) and the client is sent nothing. The client removes the row to unblock.
 */
export const grant_blocks = pgTable(
  'grant_blocks',
  {
    client_id: text('client_id')
      .notNull()
      .references(() => users.id),
    /** The blocked person (the `created_by` of their requests). */
    requester_id: text('requester_id')
      .notNull()
      .references(() => users.id),
    created_at: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.client_id, t.requester_id] })],
);
