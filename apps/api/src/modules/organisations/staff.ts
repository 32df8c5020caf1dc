/**
 * Staff of an organisation and user access approval (issue 6; spec §6 "User access is requested and
 * approved by an administrator ('Approve Access')"; reference §2.1 POST user variant (d), `user/{id}/access`,
 * `user-access/{id}`, §4.6 access status 1 active / 0 pending / 2 inactive).
 *
 * - A new staff member gets an account without password and an invitation mail naming the organisation, role
 *   and inviter (a single-use link to /password/reset valid 7 days; auth/invitations.ts, ADR 0243; resent with
 *   `POST /api/user/{id}/invitation`). Their access is active at once when the
 *   creator may approve access (provider staff), otherwise pending until approved.
 * - Roles per organisation: the provider's own organisation gives provider roles; a partner's gives
 *   Agent or Partner (domain PROVIDER_STAFF_ROLES / PARTNER_STAFF_ROLES).
 * Every query is scoped to managed organisations (policy.ts): another tenant's staff is a 404.
 */
import {
  O,
  PARTNER_STAFF_ROLES,
  PROVIDER_STAFF_ROLES,
  type staffCreateSchema,
  type staffUpdateSchema,
} from '@wasiat/domain';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { branches, organizations, user_accesses, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { type AuthUser, userCan } from '../../platform/auth/guard.ts';
import { revokeAllTokens } from '../../platform/auth/tokens.ts';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import { assertChannelChange, channelsDiffer, mailChannelChanged, sendInvitation } from '../auth/index.ts';
import type { Actor } from './admin-service.ts';
import { loadManagedOrganisation, managedOrganisationsWhere } from './policy.ts';

type Org = typeof organizations.$inferSelect;
type Access = typeof user_accesses.$inferSelect;
type User = typeof users.$inferSelect;
type Branch = typeof branches.$inferSelect;

/** Roles that may be given in `org` (the provider's own organisation vs a partner's). */
export const rolesFor = (org: Org): readonly string[] =>
  org.type === 'provider' ? PROVIDER_STAFF_ROLES : PARTNER_STAFF_ROLES;

/** A staff member as the management screens read it (reference §2.1 `user/{id}` + `user_accesses`). */
export function serializeStaff(u: User, a: Access, org: Org, branch: Branch | null) {
  return {
    id: u.id,
    name: u.name,
    username: u.username,
    email: u.email,
    ic_number: u.ic_number,
    mobile_number: u.mobile_number,
    bank_name: u.bank_name,
    bank_account_number: u.bank_account_number,
    staff_id: u.staff_id,
    is_attended_course: u.is_attended_course ? 1 : 0,
    status: u.status,
    roles: [{ name: u.role }],
    has_password: u.password_hash ? 1 : 0,
    user_access: {
      id: a.id,
      organization_id: a.organization_id,
      branch_id: a.branch_id,
      role: a.role,
      status: a.status,
      organization: { id: org.id, name: org.name, code: org.code, type: org.type },
      accessible: branch ? { id: branch.id, name: org.name, branch_name: branch.branch_name } : null,
    },
  };
}

async function assertBranchOf(db: Db, org: Org, branchId: string | undefined) {
  if (!branchId) return null;
  const [b] = await db
    .select()
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.organization_id, org.id)))
    .limit(1);
  if (!b) throw fieldError('branch_id', O.branchNotInOrganisation);
  return b;
}

function assertRole(org: Org, role: string) {
  if (!rolesFor(org).includes(role)) throw fieldError('role', O.roleNotAllowed);
}

/**
 * The provider's own staff are paid through their bank: bank name and account number are required for a
 * user of the provider organisation (reference §3.8 org user "yes only for org type Awaris"; ADR 0019).
 * @throws 422 `organisations.bank_required` on the missing field.
 */
function assertBank(org: Org, input: { bank_name?: string; bank_account_number?: string }) {
  if (org.type !== 'provider') return;
  if (!input.bank_name) throw fieldError('bank_name', O.bankRequired);
  if (!input.bank_account_number) throw fieldError('bank_account_number', O.bankRequired);
}

/** The staff-only columns of `users` from a create/update body. */
const staffExtras = (input: {
  bank_name?: string;
  bank_account_number?: string;
  staff_id?: string;
  is_attended_course: 0 | 1;
}) => ({
  bank_name: input.bank_name ?? null,
  bank_account_number: input.bank_account_number ?? null,
  staff_id: input.staff_id ?? null,
  is_attended_course: input.is_attended_course === 1,
});

const staffSelect = (db: Db) =>
  db
    .select({ u: users, a: user_accesses, org: organizations, branch: branches })
    .from(user_accesses)
    .innerJoin(users, eq(users.id, user_accesses.user_id))
    .innerJoin(organizations, eq(organizations.id, user_accesses.organization_id))
    .leftJoin(branches, eq(branches.id, user_accesses.branch_id));

/**
 * `GET /api/organization/{id}/user-access?status&branch_id&name&limit&page` (organisation:read) →
 * `{ user_accesses: { data: [staff], … } }`: every membership (any status), by name.
 * @throws 404 when the organisation is not managed.
 */
export async function listStaff(
  db: Db,
  user: AuthUser,
  orgId: string,
  q: { limit?: number; page?: number; status?: number; branch_id?: string; name?: string },
) {
  const org = await loadManagedOrganisation(db, user, orgId);
  const conds: (SQL | undefined)[] = [eq(user_accesses.organization_id, org.id)];
  if (q.status !== undefined) conds.push(eq(user_accesses.status, q.status));
  if (q.branch_id) conds.push(eq(user_accesses.branch_id, q.branch_id));
  if (q.name) conds.push(or(ilike(users.name, `%${q.name}%`), ilike(users.username, `%${q.name}%`)));
  const where = and(...conds);
  const p = pageParams(q);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(user_accesses)
    .innerJoin(users, eq(users.id, user_accesses.user_id))
    .where(where);
  const rows = await staffSelect(db)
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(p.per_page)
    .offset(p.offset);
  return {
    user_accesses: toPage(
      rows.map((r) => serializeStaff(r.u, r.a, r.org, r.branch)),
      Number(n),
      p,
    ),
  };
}

/** The staff member `userId` of organisation `orgId` (managed by the caller). @throws 404 otherwise. */
async function loadStaff(db: Db, user: AuthUser, orgId: string, userId: string) {
  const org = await loadManagedOrganisation(db, user, orgId);
  const [row] = await staffSelect(db)
    .where(and(eq(user_accesses.organization_id, org.id), eq(user_accesses.user_id, userId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** `GET /api/organization/{id}/user/{user_id}` (organisation:read) → `{ user }`. @throws 404 when out of scope. */
export async function getStaff(db: Db, user: AuthUser, orgId: string, userId: string) {
  const r = await loadStaff(db, user, orgId, userId);
  return { user: serializeStaff(r.u, r.a, r.org, r.branch) };
}

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/**
 * `POST /api/organization/{id}/user` (staff:manage) → 201 `{ user }`: a new account (no password) with
 * an access to the organisation (and branch), status 1 when the creator may approve access, else 0
 * (pending). Username defaults to `<org code><last 6 MyKad digits>` in lower case (reference: org-code
 * prefixed). Sends the invitation mail (ADR 0243). @throws 404 (organisation), 422 `errors.mykad_taken`,
 * `errors.email_taken`, `organisations.username_taken`, `organisations.role_not_allowed`,
 * `organisations.branch_not_in_organisation`.
 */
export async function createStaff(
  ctx: Ctx,
  actor: Actor & { lang: 'ms' | 'en' },
  orgId: string,
  input: z.output<typeof staffCreateSchema>,
) {
  const { db } = ctx;
  const org = await loadManagedOrganisation(db, actor.user, orgId);
  assertRole(org, input.role);
  assertBank(org, input);
  const branch = await assertBranchOf(db, org, input.branch_id);
  const email = input.email.toLowerCase();
  const username = input.username ?? `${org.code}${input.ic_number.slice(-6)}`.toLowerCase();
  const taken = await db
    .select({ ic: users.ic_number, email: users.email, username: users.username })
    .from(users)
    .where(
      or(eq(users.ic_number, input.ic_number), eq(sql`lower(${users.email})`, email), eq(users.username, username)),
    );
  const fields: Record<string, string[]> = {};
  for (const t of taken) {
    if (t.ic === input.ic_number) fields.ic_number = ['errors.mykad_taken'];
    if (t.email?.toLowerCase() === email) fields.email = ['errors.email_taken'];
    if (t.username === username) fields.username = [O.usernameTaken];
  }
  if (Object.keys(fields).length) throw new AppError('validation', Object.values(fields)[0][0], fields);
  const status = userCan(actor.user, 'user:approve') ? 1 : 0;
  let created: { u: User; a: Access };
  try {
    created = await db.transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({
          name: input.name,
          username,
          email,
          ic_number: input.ic_number,
          mobile_number: input.mobile_number ?? null,
          role: input.role,
          status: 1,
          // their mails are in the inviter's language until they log in (ADR 0243)
          language: actor.lang,
          ...staffExtras(input),
        })
        .returning();
      const [a] = await tx
        .insert(user_accesses)
        .values({ user_id: u.id, organization_id: org.id, branch_id: branch?.id ?? null, role: input.role, status })
        .returning();
      await recordAudit(tx as unknown as Db, {
        actorId: actor.user.id,
        action: 'staff.create',
        entityType: 'User',
        entityId: u.id,
        after: { id: u.id, name: u.name, role: u.role, organization_id: org.id, branch_id: a.branch_id, status },
        ip: actor.ip,
      });
      return { u, a };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('ic_number', 'errors.mykad_taken');
    throw e;
  }
  await sendInvitation(ctx, { userId: created.u.id, invitedBy: actor.user.id, organizationId: org.id });
  return { user: serializeStaff(created.u, created.a, org, branch) };
}

/**
 * `PATCH /api/organization/{id}/user/{user_id}` (staff:manage) → `{ user }`: name, e-mail, mobile,
 * role, branch and access status (1 active, 0 pending, 2 inactive). Activating a pending access needs
 * `user:approve` (403 otherwise: a partner cannot approve their own staff).
 * @throws 404 when out of scope; 422 as create.
 */
export async function updateStaff(
  ctx: Ctx,
  actor: Actor & { lang: 'ms' | 'en' },
  orgId: string,
  userId: string,
  input: z.output<typeof staffUpdateSchema>,
) {
  const { db } = ctx;
  const { u, a, org } = await loadStaff(db, actor.user, orgId, userId);
  // Nobody changes their own role (issue 16 item 7; ADR 0106).
  if (u.id === actor.user.id && input.role !== a.role) throw new AppError('forbidden', 'organisations.own_role');
  assertRole(org, input.role);
  assertBank(org, input);
  const branch = await assertBranchOf(db, org, input.branch_id);
  if (a.status !== 1 && input.status === 1 && !userCan(actor.user, 'user:approve')) {
    throw new AppError('forbidden', 'errors.forbidden');
  }
  const email = input.email.toLowerCase();
  const [clash] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), sql`${users.id} <> ${u.id}`))
    .limit(1);
  if (clash) throw fieldError('email', 'errors.email_taken');
  // The e-mail and mobile recover the account: only the holder or provider staff with a reason (ADR 0105).
  const changed = channelsDiffer(u, email, input.mobile_number ?? null);
  const reason = changed.email || changed.mobile ? await assertChannelChange(db, actor, u, input) : null;
  const out = await db.transaction(async (tx) => {
    const [u2] = await tx
      .update(users)
      .set({
        name: input.name,
        email,
        mobile_number: input.mobile_number ?? null,
        role: input.role,
        ...staffExtras(input),
      })
      .where(eq(users.id, u.id))
      .returning();
    const [a2] = await tx
      .update(user_accesses)
      .set({ role: input.role, branch_id: branch?.id ?? null, status: input.status })
      .where(eq(user_accesses.id, a.id))
      .returning();
    // Issue 11 "Sessions" (ADR 0080): disabling a user or changing (removing) their role ends their
    // sessions; the next request with an old token is a 401.
    if ((a.status === 1 && input.status !== 1) || u.role !== input.role) {
      await revokeAllTokens(tx as unknown as Db, u.id);
    }
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'staff.update',
      entityType: 'User',
      entityId: u.id,
      before: { name: u.name, email: u.email, role: a.role, branch_id: a.branch_id, status: a.status },
      after: { name: u2.name, email: u2.email, role: a2.role, branch_id: a2.branch_id, status: a2.status },
      ip: actor.ip,
    });
    if (reason) {
      await recordAudit(tx as unknown as Db, {
        actorId: actor.user.id,
        action: 'user.channel_change',
        entityType: 'User',
        entityId: u.id,
        before: { email: u.email, mobile_number: u.mobile_number },
        after: { email: u2.email, mobile_number: u2.mobile_number, by: 'provider_staff', reason },
        ip: actor.ip,
      });
    }
    return { user: serializeStaff(u2, a2, org, branch) };
  });
  await mailChannelChanged(ctx, u, changed, actor.lang);
  return out;
}

/**
 * `PATCH /api/user-access/{id}` with `{ status: 1 }` (user:approve): 'Approve Access'; the user's role
 * becomes the access's role (access-requests.ts). Idempotent.
 * @returns `{ user_access: { id, status } }`. @throws 404 when not in a managed organisation.
 */
export async function approveAccess(db: Db, actor: Actor, accessId: string) {
  const [row] = await db
    .select({ a: user_accesses })
    .from(user_accesses)
    .innerJoin(organizations, eq(organizations.id, user_accesses.organization_id))
    .where(and(eq(user_accesses.id, accessId), await managedOrganisationsWhere(db, actor.user)))
    .limit(1);
  if (!row) throw notFound();
  if (row.a.status === 1) return { user_access: { id: row.a.id, status: 1 } };
  return db.transaction(async (tx) => {
    await tx.update(user_accesses).set({ status: 1 }).where(eq(user_accesses.id, row.a.id));
    // The approved role becomes the user's role (an access request by a client asks for e.g. Agent).
    await tx.update(users).set({ role: row.a.role }).where(eq(users.id, row.a.user_id));
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'user_access.approve',
      entityType: 'UserAccess',
      entityId: row.a.id,
      before: { status: row.a.status },
      after: { status: 1 },
      ip: actor.ip,
    });
    return { user_access: { id: row.a.id, status: 1 } };
  });
}

/**
 * `GET /api/user-access/pending?limit&page` (user:approve) → `{ user_accesses: { data: [staff], … } }`:
 * accesses waiting for approval (status 0), oldest first (/client/pending).
 */
export async function listPendingAccess(db: Db, user: AuthUser, q: { limit?: number; page?: number }) {
  const where = and(eq(user_accesses.status, 0), await managedOrganisationsWhere(db, user));
  const p = pageParams(q);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(user_accesses)
    .innerJoin(organizations, eq(organizations.id, user_accesses.organization_id))
    .where(where);
  const rows = await staffSelect(db)
    .where(where)
    .orderBy(asc(user_accesses.created_at), asc(user_accesses.id))
    .limit(p.per_page)
    .offset(p.offset);
  return {
    user_accesses: toPage(
      rows.map((r) => serializeStaff(r.u, r.a, r.org, r.branch)),
      Number(n),
      p,
    ),
  };
}
