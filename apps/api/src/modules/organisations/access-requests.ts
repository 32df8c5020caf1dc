/**
 * User access requests (issue 6; spec §6 "User access is requested and approved by an administrator
 * ('Approve Access')"; spec §7 `POST /api/user/` "access request" → `user`; reference §4.6 access status
 * 1 active / 0 pending / 2 inactive).
 *
 * A logged-in user without an active or pending access asks to join an organisation (and branch) in a
 * role the organisation gives (staff.ts `rolesFor`, never Admin). The access is pending (status 0): it
 * shows in `GET /api/user-access/pending` for the provider's staff, who approve it with
 * `PATCH /api/user-access/{id} { status: 1 }` (staff.ts `approveAccess`, which also gives the user the
 * requested role). Until then the user can log in but the web shows only a notice (ADR 0014).
 */
import type { accessRequestSchema } from '@wasiat/domain';
import { O } from '@wasiat/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { branches, organizations, user_accesses } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { serializeUser } from '../auth/index.ts';
import type { Actor } from './admin-service.ts';
import { rolesFor } from './staff.ts';

/**
 * `POST /api/user/ { organization_id, branch_id?, role }` (any logged-in user) → 201 `{ user }` (the
 * caller, `user_access.status` 0). @throws 404 when the organisation is unknown or inactive; 422
 * `organisations.access_exists` (organization_id) when the caller already has an active or pending access,
 * `organisations.role_not_allowed` (role), `organisations.branch_not_in_organisation` (branch_id).
 */
export async function requestAccess(db: Db, actor: Actor, input: z.output<typeof accessRequestSchema>) {
  const [org] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, input.organization_id), eq(organizations.status, 1)))
    .limit(1);
  if (!org) throw notFound();
  if (input.role === 'Admin' || !rolesFor(org).includes(input.role)) throw fieldError('role', O.roleNotAllowed);
  if (input.branch_id) {
    const [b] = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.id, input.branch_id), eq(branches.organization_id, org.id), eq(branches.status, 1)))
      .limit(1);
    if (!b) throw fieldError('branch_id', O.branchNotInOrganisation);
  }
  const [existing] = await db
    .select({ id: user_accesses.id })
    .from(user_accesses)
    .where(and(eq(user_accesses.user_id, actor.user.id), inArray(user_accesses.status, [0, 1])))
    .limit(1);
  if (existing) throw fieldError('organization_id', O.accessExists);
  await db.transaction(async (tx) => {
    const [a] = await tx
      .insert(user_accesses)
      .values({
        user_id: actor.user.id,
        organization_id: org.id,
        branch_id: input.branch_id ?? null,
        role: input.role,
        status: 0,
      })
      .returning();
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'user_access.request',
      entityType: 'UserAccess',
      entityId: a.id,
      after: { organization_id: org.id, branch_id: a.branch_id, role: a.role, status: 0 },
      ip: actor.ip,
    });
  });
  return { user: await serializeUser(db, actor.user) };
}
