/**
 * The grants a caller may see (issue 16; ADR 0101): the list's scope ({@link grantListScope}), the public shape of
 * a grant ({@link serializeGrant}) and `GET /api/client-grant` ({@link listGrants}).
 */
import { maskName } from '@wasiat/domain';
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { client_grants, grant_blocks, organizations, user_accesses, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { userCan } from '../../platform/auth/guard.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import { actsForClient } from './scope.ts';

type GrantRow = typeof client_grants.$inferSelect;

const agentUser = alias(users, 'grant_agent');
const requester = alias(users, 'grant_requester');
const clientUser = alias(users, 'grant_client');

/**
 * WHERE clause of the grants a caller may list: provider staff (`grant:audit`) every grant; a client their
 * own; a Partner their organisations'; an Agent the ones they asked for or that name them.
 */
export function grantListScope(user: AuthUser): SQL {
  if (userCan(user, 'grant:audit')) return sql`true`;
  const parts: SQL[] = [eq(client_grants.client_id, user.id)];
  if (userCan(user, 'will:read:organisation')) {
    parts.push(
      sql`${client_grants.organization_id} in (select ${user_accesses.organization_id} from ${user_accesses} where ${user_accesses.user_id} = ${user.id} and ${user_accesses.status} = 1)`,
    );
  }
  if (userCan(user, 'grant:request')) {
    parts.push(eq(client_grants.created_by, user.id), eq(client_grants.agent_id, user.id));
  }
  return or(...parts) as SQL;
}

/**
 * The grants with the names of their organisation, agent, requester and client, and whether `viewer` acts for the
 * client ({@link actsForClient}, in the same statement: no query per row).
 */
function selectGrants(db: Db, viewer: AuthUser) {
  return db
    .select({
      g: client_grants,
      organisation: organizations.name,
      agent: agentUser.name,
      requester: requester.name,
      client: clientUser.name,
      actsFor: sql<boolean>`${actsForClient(viewer, client_grants.client_id)}`,
      blocked: sql<boolean>`exists (select 1 from ${grant_blocks} where ${grant_blocks.client_id} = ${client_grants.client_id} and ${grant_blocks.requester_id} = ${client_grants.created_by})`,
    })
    .from(client_grants)
    .innerJoin(organizations, eq(organizations.id, client_grants.organization_id))
    .innerJoin(clientUser, eq(clientUser.id, client_grants.client_id))
    .leftJoin(agentUser, eq(agentUser.id, client_grants.agent_id))
    .leftJoin(requester, eq(requester.id, client_grants.created_by));
}

type Listed = Awaited<ReturnType<ReturnType<typeof selectGrants>['where']>>[number];

/**
 * The public shape of a grant: `{ id, client_id, client_name, organization_id, organization_name,
 * agent_id, agent_name, requested_by_name, branch_id, source, status, channel, approved_via, created_at,
 * approved_at, refused_at, withdrawn_at, reason, mine, requester_blocked }`. The client's name is masked (maskName,
 * as on the public verification pages) for a viewer who does not act for the client (e.g. a pending request's
 * requester). `requester_blocked` (issue 36 item 3; grants/blocks.ts): to the client, whether they blocked the
 * person who made the grant or request; null to anyone else and for a grant the client made themself.
 */
function serialize(viewer: AuthUser, r: Listed, actsFor: boolean) {
  const g = r.g;
  return {
    id: g.id,
    client_id: g.client_id,
    client_name: actsFor ? r.client : maskName(r.client),
    organization_id: g.organization_id,
    organization_name: r.organisation,
    agent_id: g.agent_id,
    agent_name: r.agent,
    requested_by_name: r.requester,
    branch_id: g.branch_id,
    source: g.source,
    status: g.status,
    channel: g.channel,
    approved_via: g.approved_via,
    created_at: g.created_at.toISOString(),
    approved_at: g.approved_at?.toISOString() ?? null,
    refused_at: g.refused_at?.toISOString() ?? null,
    withdrawn_at: g.withdrawn_at?.toISOString() ?? null,
    reason: g.reason,
    mine: g.client_id === viewer.id,
    requester_blocked:
      g.client_id === viewer.id && g.created_by && g.created_by !== g.client_id ? Boolean(r.blocked) : null,
  };
}

/** One grant in its public shape ({@link serialize}), as `viewer` may see it. */
export async function serializeGrant(db: Db, viewer: AuthUser, g: GrantRow) {
  const [r] = await selectGrants(db, viewer).where(eq(client_grants.id, g.id));
  return serialize(viewer, r, r.actsFor);
}

/**
 * `GET /api/client-grant ?status&user_id&organization_id&limit&page` → `{ grants: page }`, newest first,
 * scoped by {@link grantListScope}. A client's own list (their /profile and dashboard) has every status.
 */
export async function listGrants(
  db: Db,
  user: AuthUser,
  q: { status?: string; user_id?: string; organization_id?: string; limit?: number; page?: number },
) {
  const where = and(
    grantListScope(user),
    q.status ? eq(client_grants.status, q.status) : undefined,
    q.user_id ? eq(client_grants.client_id, q.user_id) : undefined,
    q.organization_id ? eq(client_grants.organization_id, q.organization_id) : undefined,
  );
  const p = pageParams(q);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(client_grants).where(where);
  const rows = await selectGrants(db, user)
    .where(where)
    .orderBy(desc(client_grants.created_at), desc(client_grants.id))
    .limit(p.per_page)
    .offset(p.offset);
  const staff = userCan(user, 'grant:audit');
  const data = rows.map((r) => serialize(user, r, staff || r.actsFor));
  return { grants: toPage(data, Number(n), p) };
}
