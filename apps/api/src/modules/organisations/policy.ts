/**
 * Which organisations a caller may see (docs/api/payments.md "Staff/Admin: all; others: their own";
 * DESIGN.md §9.3 scoping in the WHERE clause, so an organisation not visible is a 404).
 *
 * - Roles with `will:read:any` (Staff, Officer, Accountant, Admin): every organisation.
 * - Members (Agent, Partner, …): the organisations of their active `user_accesses`.
 * - Users without a membership (a Client): active organisations whose preference allows public use
 *   (spec §3 preference "allow public") — a client who registers their own will picks the organisation,
 *   branch, agent and price at part b (reference §3.1).
 * - Everyone: the organisations of wills and hibahs/trusts they own (a grantor sees the organisation, its
 *   branches and its hibah prices at part C of a hibah an agent registered for them; ADR 0025).
 */
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations, user_accesses } from '../../db/schema/index.ts';
import { type AuthUser, userCan } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/http/errors.ts';

/** Ids of the organisations the user is an active member of (`user_accesses.status` 1). */
export async function memberOrganisationIds(db: Db, user: AuthUser): Promise<string[]> {
  const rows = await db
    .select({ id: user_accesses.organization_id })
    .from(user_accesses)
    .where(and(eq(user_accesses.user_id, user.id), eq(user_accesses.status, 1)));
  return [...new Set(rows.map((r) => r.id))];
}

/** Whether the user sees every organisation (including inactive ones). */
export const seesAllOrganisations = (user: AuthUser) => userCan(user, 'will:read:any');

/** The WHERE condition on `organizations` for what the user may see; undefined = everything. */
export async function visibleOrganisationsWhere(db: Db, user: AuthUser): Promise<SQL | undefined> {
  if (seesAllOrganisations(user)) return undefined;
  const members = await memberOrganisationIds(db, user);
  const publicActive = and(
    eq(organizations.status, 1),
    sql`exists (select 1 from preferences p where p.organization_id = ${organizations.id} and p.allow_public)`,
  );
  const ownWill = sql`exists (select 1 from wills w where w.organization_id = ${organizations.id} and w.user_id = ${user.id} and w.deleted_at is null)`;
  const ownHibah = sql`exists (select 1 from hibahs h where h.organization_id = ${organizations.id} and h.user_id = ${user.id} and h.deleted_at is null)`;
  const scope = members.length ? inArray(organizations.id, members) : (publicActive as SQL);
  return or(scope, ownWill, ownHibah);
}

/** The organisation `id` if visible to the user. @throws 404 otherwise. */
export async function loadVisibleOrganisation(db: Db, user: AuthUser, id: string) {
  const [org] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, id), await visibleOrganisationsWhere(db, user)))
    .limit(1);
  if (!org) throw notFound();
  return org;
}

/**
 * Whether the user manages every organisation (the provider's staff: `organisation:manage`); others
 * (a partner with `branch:manage`/`staff:manage`/`organisation:read`) only their own.
 */
export const managesAllOrganisations = (user: AuthUser) =>
  userCan(user, 'organisation:manage') || userCan(user, 'will:read:any');

/**
 * The WHERE condition on `organizations` for management views and changes (DESIGN.md §9.3): provider
 * staff everything (undefined); anyone else their active memberships only (never "public" ones).
 */
export async function managedOrganisationsWhere(db: Db, user: AuthUser): Promise<SQL | undefined> {
  if (managesAllOrganisations(user)) return undefined;
  const members = await memberOrganisationIds(db, user);
  return members.length ? inArray(organizations.id, members) : sql`false`;
}

/** The organisation `id` if the user manages it (see {@link managedOrganisationsWhere}). @throws 404 otherwise. */
export async function loadManagedOrganisation(db: Db, user: AuthUser, id: string) {
  const [org] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, id), await managedOrganisationsWhere(db, user)))
    .limit(1);
  if (!org) throw notFound();
  return org;
}
