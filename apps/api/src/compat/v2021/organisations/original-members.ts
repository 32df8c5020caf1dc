/**
 * Organisation members through the 2021 client's user screens (issue 20; reference §2.1 `POST user` variant (d),
 * `POST user/{id}/access`, `PATCH user-access/{id}`, §3.6 organisation user create/edit; ADR 0164): making a member
 * with the `POST user` form, and placing an existing membership (branch, role, status). Scoped as the rest of the
 * module (policy.ts): another tenant's member is a 404.
 */
import { O, staffCreateSchema } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { branches, organizations, user_accesses, users } from '../../../db/schema/index.ts';
import { type AuthUser, requireUser, userCan } from '../../../modules/auth/index.ts';
import {
  type Actor,
  createStaff,
  loadManagedOrganisation,
  managedOrganisationsWhere,
  rolesFor,
  serializeUserAccess,
} from '../../../modules/organisations/index.ts';
import { parseBody } from '../../../modules/wills/index.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { revokeAllTokens } from '../../../platform/auth/tokens.ts';
import { AppError, fieldError, forbidden, notFound } from '../../../platform/http/errors.ts';
import { roleFromOriginal } from '../auth/original-roles.ts';
import { attachPreValidation, type Body } from '../calls.ts';

/** The caller's memberships-of-`userId` in organisations the caller manages, when the caller holds `action`. */
export async function managedMemberships(
  db: Db,
  caller: AuthUser,
  userId: string,
  action: 'organisation:read' | 'staff:manage',
) {
  if (!userCan(caller, action)) return [];
  const managed = await managedOrganisationsWhere(db, caller);
  return db
    .select({ a: user_accesses, o: organizations })
    .from(user_accesses)
    .innerJoin(organizations, eq(organizations.id, user_accesses.organization_id))
    .where(and(eq(user_accesses.user_id, userId), managed));
}

/**
 * Place a membership as the 2021 user-edit screen does (`PATCH user-access/{id}` edit body, `POST user/{id}/access`):
 * branch (`accessible_id` or `branch_id`, a branch of the same organisation, else 422), role (a 2021 string mapped by
 * ADR 0135, then checked against the roles the organisation gives, 422) and status (1 active, 0 pending, 2
 * inactive; making an access active needs user:approve, 403). Nobody changes their own role (ADR 0106, 403).
 * Disabling or changing the role ends the member's sessions (ADR 0080). @returns `{ user_access }` (2021 shape).
 */
export async function editAccess(db: Db, actor: Actor, accessId: string, body: Body) {
  const [row] = await db
    .select({ a: user_accesses, u: users, o: organizations })
    .from(user_accesses)
    .innerJoin(users, eq(users.id, user_accesses.user_id))
    .innerJoin(organizations, eq(organizations.id, user_accesses.organization_id))
    .where(and(eq(user_accesses.id, accessId), await managedOrganisationsWhere(db, actor.user)))
    .limit(1);
  if (!row) throw notFound();
  const { a, u, o } = row;
  const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
  let role = a.role;
  if (str(body.role)) {
    role = roleFromOriginal(str(body.role), o.type === 'provider');
    if (!rolesFor(o).includes(role)) throw fieldError('role', O.roleNotAllowed);
  }
  if (u.id === actor.user.id && role !== a.role) throw new AppError('forbidden', 'organisations.own_role');
  let branchId = a.branch_id;
  const wanted = str(body.accessible_id) || str(body.branch_id);
  if (wanted) {
    const [b] = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.id, wanted), eq(branches.organization_id, o.id)))
      .limit(1);
    if (!b)
      throw fieldError(body.accessible_id !== undefined ? 'accessible_id' : 'branch_id', O.branchNotInOrganisation);
    branchId = b.id;
  }
  let status = a.status;
  if (str(body.status)) {
    const s = Number(str(body.status));
    if (![0, 1, 2].includes(s)) throw fieldError('status', 'validation.choose');
    if (s === 1 && a.status !== 1 && !userCan(actor.user, 'user:approve')) throw forbidden();
    status = s;
  }
  return db.transaction(async (tx) => {
    const [a2] = await tx
      .update(user_accesses)
      .set({ role, branch_id: branchId, status })
      .where(eq(user_accesses.id, a.id))
      .returning();
    if (role !== a.role) await tx.update(users).set({ role }).where(eq(users.id, u.id));
    if ((a.status === 1 && status !== 1) || role !== a.role) await revokeAllTokens(tx as unknown as Db, u.id);
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'staff.update',
      entityType: 'User',
      entityId: u.id,
      before: { role: a.role, branch_id: a.branch_id, status: a.status },
      after: { role, branch_id: branchId, status },
      ip: actor.ip,
    });
    const [b] = branchId ? await tx.select().from(branches).where(eq(branches.id, branchId)) : [null];
    return { user_access: serializeUserAccess({ a: a2, u: { ...u, role }, b: b ?? null, o }, true) };
  });
}

/**
 * `POST /user` variant (d) of the reference (§2.1; the organisation user-create screen): a body with
 * `organization_id` and a `role` other than `Client` creates a member of that organisation as
 * `POST /organization/{id}/user` does (staff.ts createStaff: invitation mail, access pending unless the creator may
 * approve) — a `preValidation` hook of the users module's route, after its guard ({@link membersOnRoutes}). Needs staff:manage (403) and an
 * organisation the caller manages (404); the 2021 role string is mapped by ADR 0135. 201 `{ user }`.
 * Any other body is left to the route (a client account, ADR 0133).
 */
function originalMemberCreate(ctx: Ctx) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const b = req.body as Body | undefined;
    if (!b || typeof b !== 'object') return;
    const orgId =
      typeof b.organization_id === 'string' || typeof b.organization_id === 'number'
        ? String(b.organization_id).trim()
        : '';
    const role = typeof b.role === 'string' ? b.role.trim() : '';
    if (!orgId || !role || role === 'Client') return;
    const user = requireUser(req);
    if (!userCan(user, 'staff:manage')) throw forbidden();
    const org = await loadManagedOrganisation(ctx.db, user, orgId);
    const input = parseBody(staffCreateSchema, {
      ...b,
      role: roleFromOriginal(role, org.type === 'provider'),
      branch_id: b.branch_id === '' || b.branch_id === null ? undefined : b.branch_id,
    });
    const out = await createStaff(ctx, { user, ip: req.ip, lang: req.lang }, org.id, input);
    return reply.status(201).send(out);
  };
}

/** Whether a `PATCH /user-access/{id}` body is the 2021 user-edit body (a `role`, `accessible_id` or `branch_id`). */
export const isAccessEdit = (b: Body) =>
  ['role', 'accessible_id', 'branch_id'].some((k) => b[k] !== undefined && b[k] !== '');

/**
 * Attach the 2021 member calls to the routes of the users and organisations modules (modules.ts, before them):
 * `POST /user` variant (d) ({@link originalMemberCreate}, preValidation) and the user-edit body of
 * `PATCH /user-access/{id}` ({@link editAccess}, a preHandler: after the route's schema, as when the route read
 * it; staff:manage is the route's own access, the organisation's scope is editAccess's). Any other body goes on
 * to the route (our approval `{ status: 1 }`).
 */
export function membersOnRoutes(api: FastifyInstance, ctx: Ctx) {
  attachPreValidation(api, { 'POST /user': originalMemberCreate(ctx) });
  const edit = async (req: FastifyRequest, reply: FastifyReply) => {
    const b = req.body as Body;
    if (!b || typeof b !== 'object' || !isAccessEdit(b)) return;
    const id = (req.params as { id: string }).id;
    return reply.send(await editAccess(ctx.db, { user: requireUser(req), ip: req.ip }, id, b));
  };
  api.addHook('onRoute', (route) => {
    if (route.url.replace(/^\/api/, '') !== '/user-access/:id' || ![route.method].flat().includes('PATCH')) return;
    const before = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...before, edit] as typeof route.preHandler;
  });
}
