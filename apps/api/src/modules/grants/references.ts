/**
 * Ids that arrive in a request's body or query string (issue 16 item 1; ADR 0101): `user_id`,
 * `wasiat_id`, `hibah_id`, `organization_id`, `agent_id`, `branch_id`, and `*_type` / `*_id` pairs such as
 * `heirable_*`, `receivable_*`, `paymentable_*`, `witnessable_*`. One rule for all of them: **a referenced
 * record the caller may not act on is a 404** — the same answer as the same id in the path, never a 2xx
 * and never a 422 that would tell "exists but not yours" apart from "does not exist".
 *
 * Modules register how to decide visibility of their kind of record ({@link registerReferenceKind}; e.g.
 * the wills module registers "Wasiat" with its `willScope`), so this module knows no other module's
 * tables. The kinds "User" (the grant check itself), "Organization", "Agent" and "Branch" are registered
 * here.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches, organizations, user_accesses, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/http/errors.ts';
import { actsForAnyClient, actsForClient } from './scope.ts';

/** Decides whether `user` may use the record `id` of one kind: resolves true/false, never throws. */
export type ReferenceCheck = (db: Db, user: AuthUser, id: string) => Promise<boolean>;

const kinds = new Map<string, ReferenceCheck>();

/**
 * Register (or replace) the check of a record kind, by its morph name as stored in `*_type` columns
 * ("Wasiat", "Hibah", "Amendment", "Payment", …). Called once by the owning module at import.
 */
export function registerReferenceKind(kind: string, check: ReferenceCheck) {
  kinds.set(kind, check);
}

/** The body/query field names whose value is a record id, and the kind each refers to. */
export const REFERENCE_FIELDS: Readonly<Record<string, string>> = {
  user_id: 'User',
  client_id: 'User',
  wasiat_id: 'Wasiat',
  will_id: 'Wasiat',
  hibah_id: 'Hibah',
  amendment_id: 'Amendment',
  organization_id: 'Organization',
  agent_id: 'Agent',
  branch_id: 'Branch',
};

/** Morph aliases accepted in `*_type` fields (the 2021 client sent both short and class names). */
const KIND_ALIASES: Record<string, string> = {
  wasiat: 'Wasiat',
  will: 'Wasiat',
  'app\\models\\wasiat': 'Wasiat',
  hibah: 'Hibah',
  'app\\models\\hibah': 'Hibah',
  amendment: 'Amendment',
  pindaan: 'Amendment',
  user: 'User',
  'app\\models\\user': 'User',
};

/** The registered kind a `*_type` value names, or null. */
export function kindOf(type: unknown): string | null {
  if (typeof type !== 'string') return null;
  if (kinds.has(type)) return type;
  return KIND_ALIASES[type.toLowerCase()] ?? null;
}

/**
 * Whether `user` may use record `id` of `kind`. An unknown kind is refused (fails closed).
 */
export async function mayReference(db: Db, user: AuthUser, kind: string, id: string): Promise<boolean> {
  const check = kinds.get(kind);
  if (!check) return false;
  return check(db, user, id);
}

/**
 * Check one referenced id. @throws 404 `errors.not_found` when the caller may not use it (or the kind is
 * unknown).
 */
export async function assertReference(db: Db, user: AuthUser, kind: string, id: string) {
  if (!(await mayReference(db, user, kind, id))) throw notFound();
}

/**
 * Check every id a body or query carries: each field of {@link REFERENCE_FIELDS} with a non-empty
 * string value, and each `<name>_type` + `<name>_id` pair (the type names the kind). Fields listed in
 * `skip` are left to the caller (e.g. an `organization_id` a client may pick among public organisations).
 * @throws 404 on the first id the caller may not use; 404 as well for a `*_type` naming no known kind.
 */
export async function assertReferences(
  db: Db,
  user: AuthUser,
  input: Record<string, unknown> | null | undefined,
  opts: { skip?: readonly string[] } = {},
) {
  if (!input || typeof input !== 'object') return;
  const skip = new Set(opts.skip ?? []);
  for (const [field, value] of Object.entries(input)) {
    if (skip.has(field) || typeof value !== 'string' || value === '') continue;
    const pair = /^(.+)_id$/.exec(field);
    const typeField = pair ? `${pair[1]}_type` : null;
    if (typeField && typeField in input) {
      const kind = kindOf(input[typeField]);
      if (!kind) throw notFound();
      await assertReference(db, user, kind, value);
      continue;
    }
    const kind = REFERENCE_FIELDS[field];
    if (kind) await assertReference(db, user, kind, value);
  }
}

/** The organisations of the caller (active access), as a subquery. */
const myOrgs = (user: AuthUser) =>
  sql`(select ${user_accesses.organization_id} from ${user_accesses} where ${user_accesses.user_id} = ${user.id} and ${user_accesses.status} = 1)`;

const exists = async (q: Promise<unknown[]>) => (await q).length > 0;

// "User": a client the caller acts for (the grant), or the caller themself; staff any user.
registerReferenceKind('User', (db, user, id) =>
  exists(
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), actsForClient(user, users.id)))
      .limit(1),
  ),
);
// "Organization": staff any; others their own organisations.
registerReferenceKind('Organization', (db, user, id) =>
  exists(
    db
      .select({ id: organizations.id })
      .from(organizations)
      .where(
        and(eq(organizations.id, id), actsForAnyClient(user) ? undefined : inArray(organizations.id, myOrgs(user))),
      )
      .limit(1),
  ),
);
// "Agent": the caller themself; staff any member of an organisation; a partner the members of theirs.
registerReferenceKind('Agent', async (db, user, id) => {
  if (id === user.id) return true;
  return exists(
    db
      .select({ id: user_accesses.id })
      .from(user_accesses)
      .where(
        and(
          eq(user_accesses.user_id, id),
          eq(user_accesses.status, 1),
          actsForAnyClient(user) ? undefined : inArray(user_accesses.organization_id, myOrgs(user)),
        ),
      )
      .limit(1),
  );
});
// "Branch": staff any; others a branch of their own organisations.
registerReferenceKind('Branch', (db, user, id) =>
  exists(
    db
      .select({ id: branches.id })
      .from(branches)
      .where(
        and(eq(branches.id, id), actsForAnyClient(user) ? undefined : inArray(branches.organization_id, myOrgs(user))),
      )
      .limit(1),
  ),
);
