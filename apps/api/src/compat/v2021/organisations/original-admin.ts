/**
 * The 2021 client's organisation-administration calls that have no counterpart among our own routes (issue 20;
 * reference §1.7 uploads, §2.1 users, §2.9 organisations; ADRs 0138, 0164), declared by the adapter itself on
 * the organisations module's public services. Every route declares its action (`config.access`) and is scoped
 * as the rest of that module (its policy.ts): another tenant's record is a 404.
 *
 * - `GET /organization/{id}/logo?stream=false` (anyone who sees the organisation) → `{ logo: { id, public_path }
 *   | null }`; without `stream=false` the image itself (404 when none).
 *   `POST /organization/{id}/logo` (organisation:manage) multipart `document` or JSON base64 → 201 `{ attachment }`.
 * - `GET /user/{id}/profile-picture?stream=false` → `{ profile_picture: { id, public_path } | null }` (own; a member
 *   of an organisation the caller manages, organisation:read; a client in the caller's client scope).
 *   `POST /user/{id}/profile-picture` → 201 `{ attachment }` (own; a managed member with staff:manage; a client in
 *   scope with client:edit).
 * - `GET /organization/{id}/testator?name&limit&page` (client:read) → `{ testators: page }`: the caller's clients
 *   (as `GET /client`), the organisation must be visible (404).
 * - `GET /organization/{id}/pending-user-access-approval?type=` (user:approve) → `{ organizations: [{ id, code,
 *   name, type, pending_user_access_count }] }`: managed organisations of that type with accesses waiting.
 * - `POST /user/{id}/change-password { password }` (staff:manage: a member whose access in a managed organisation
 *   is ACTIVE; client:edit: a client in scope; ADR 0226) → `{ message }`: the holder is sent a single-use link to
 *   set a password; the `password` sent is NOT set (ADR 0164).
 * - `POST /user` with `organization_id` and a non-Client `role` (variant (d)): a member
 *   (original-members.ts originalMemberCreate, a hook of the users route).
 * - `POST /user/{id}/access { organization_id, accessible_type, accessible_id, role, status }` (staff:manage) and the
 *   edit body of `PATCH /user-access/{id}` (the organisations module's route): place an existing membership
 *   (branch, role, status) — original-members.ts editAccess.
 */
import { translate } from '@wasiat/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { attachments, organizations, user_accesses, users } from '../../../db/schema/index.ts';
import { type AuthUser, requestPasswordReset, requireUser, userCan } from '../../../modules/auth/index.ts';
import { clientScope, listClients } from '../../../modules/clients/index.ts';
import {
  loadManagedOrganisation,
  loadVisibleOrganisation,
  managedOrganisationsWhere,
} from '../../../modules/organisations/index.ts';
import { multipartToBody, registerAttachableReader } from '../../../modules/wills/index.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { decodeBase64, IMAGE_TYPES, saveAttachment } from '../../../platform/files/uploads.ts';
import { fieldError, notFound } from '../../../platform/http/errors.ts';
import { optionalQuery, pageQuery } from '../../../platform/http/pagination.ts';
import { ORIGINAL_ORGANISATION_TYPES } from './original-contract.ts';
import { editAccess, managedMemberships } from './original-members.ts';

type Body = Record<string, unknown>;
const idParams = z.object({ id: z.string().min(1).max(64) });
const publicPath = (id: string) => `/api/attachment/${id}/file`;
const asFile = (a: typeof attachments.$inferSelect | undefined) =>
  a ? { id: a.id, type: a.type, public_path: publicPath(a.id), mime_type: a.mime_type } : null;
/** `stream=false` (also the client's `stream=false>`) asks for JSON metadata instead of the bytes (reference §1.7). */
const wantsJson = (q: unknown) => String((q as Body)?.stream ?? '').startsWith('false');
/** An upload: multipart `document` (turned into a data URL by multipartToBody) or JSON `{ is_base64, document }`. */
const uploadBody = z.object({ document: z.string().min(1), document_filename: z.string().max(255).optional() }).loose();

/**
 * Answer a GET of an image slot: `{ [key]: file | null }` with `stream=false`, else the image's bytes (404 when
 * there is none), never cached.
 */
async function sendImage(
  ctx: Ctx,
  req: FastifyRequest,
  reply: FastifyReply,
  a: typeof attachments.$inferSelect | undefined,
  key: string,
) {
  if (wantsJson(req.query)) return { [key]: asFile(a) };
  if (!a) throw notFound();
  return reply
    .type(a.mime_type)
    .header('cache-control', 'private, no-store')
    .send(await ctx.store.get(a.storage_key));
}

/** The newest attachment of `type` owned by (`ownerType`, `ownerId`). */
async function latest(db: Db, ownerType: string, ownerId: string, type: string) {
  const [a] = await db
    .select()
    .from(attachments)
    .where(
      and(
        eq(attachments.attachable_type, ownerType),
        eq(attachments.attachable_id, ownerId),
        eq(attachments.type, type),
      ),
    )
    .orderBy(sql`${attachments.created_at} desc`)
    .limit(1);
  return a;
}

/**
 * The user `userId` when the caller may read (`write` false) or change (`write` true) their picture or password:
 * their own account (not for `password`), a member of an organisation the caller manages, or a client in the
 * caller's client scope (client:read / client:edit). @throws 404 otherwise.
 */
async function reachableUser(db: Db, caller: AuthUser, userId: string, write: boolean, self = true) {
  if (self && userId === caller.id) return caller.id;
  if ((await managedMemberships(db, caller, userId, write ? 'staff:manage' : 'organisation:read')).length) {
    return userId;
  }
  if (userCan(caller, write ? 'client:edit' : 'client:read')) {
    const [c] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), clientScope(caller)))
      .limit(1);
    if (c) return c.id;
  }
  throw notFound();
}

/**
 * The user an administrator may send a password link to (issue 36 item 7; ADR 0226): a member with an ACTIVE
 * access (status 1) in an organisation the caller manages with staff:manage, or a client in the caller's client
 * scope with client:edit (an active grant, ADR 0101). A pending request to join (status 0) or an inactive
 * access reaches nobody, nor does the caller themself. @returns the user id. @throws 404 otherwise.
 */
async function resettableUser(db: Db, caller: AuthUser, userId: string) {
  if (userId === caller.id) throw notFound();
  const memberships = await managedMemberships(db, caller, userId, 'staff:manage');
  if (memberships.some((m) => m.a.status === 1)) return userId;
  if (userCan(caller, 'client:edit')) {
    const [c] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), clientScope(caller)))
      .limit(1);
    if (c) return c.id;
  }
  throw notFound();
}

/** Register the routes of this file (see the module comment; modules.ts). */
export async function originalAdminRoutes(api: FastifyInstance, ctx: Ctx) {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const actor = (req: FastifyRequest) => ({ user: requireUser(req), ip: req.ip });
  registerAttachableReader('Organization', (d, user, id) => loadVisibleOrganisation(d, user, id));

  /** The organisation's logo: `{ logo }` with `stream=false`, else the image (404 when none). */
  r.get(
    '/organization/:id/logo',
    {
      config: { access: 'authenticated' },
      schema: { params: idParams, querystring: z.object({ stream: z.string().max(10).optional() }).loose() },
    },
    async (req, reply) => {
      const org = await loadVisibleOrganisation(db, requireUser(req), req.params.id);
      return sendImage(ctx, req, reply, await latest(db, 'Organization', org.id, 'logo'), 'logo');
    },
  );

  /** Upload the organisation's logo (an image; replaces the previous one). */
  r.post(
    '/organization/:id/logo',
    {
      config: { access: 'organisation:manage' },
      schema: { params: idParams, body: uploadBody },
      preValidation: multipartToBody,
    },
    async (req, reply) => {
      const a = actor(req);
      const org = await loadManagedOrganisation(db, a.user, req.params.id);
      const att = await saveAttachment(db, ctx.store, {
        attachableType: 'Organization',
        attachableId: org.id,
        type: 'logo',
        data: decodeBase64(req.body.document, 'document'),
        allowed: IMAGE_TYPES,
        originalFilename: req.body.document_filename ?? null,
        uploadedBy: a.user.id,
        replace: true,
      });
      await recordAudit(db, {
        actorId: a.user.id,
        action: 'organisation.update',
        entityType: 'Organization',
        entityId: org.id,
        after: { logo_id: att.id },
        ip: a.ip,
      });
      return reply.status(201).send({ attachment: asFile(att) });
    },
  );

  /** A user's profile picture: `{ profile_picture }` with `stream=false`, else the image (404 when none). */
  r.get(
    '/user/:id/profile-picture',
    {
      config: { access: 'authenticated' },
      schema: { params: idParams, querystring: z.object({ stream: z.string().max(10).optional() }).loose() },
    },
    async (req, reply) => {
      const id = await reachableUser(db, requireUser(req), req.params.id, false);
      return sendImage(ctx, req, reply, await latest(db, 'UserPicture', id, 'profile_picture'), 'profile_picture');
    },
  );

  /** Upload a user's profile picture (an image; replaces the previous one). */
  r.post(
    '/user/:id/profile-picture',
    {
      config: { access: 'authenticated' },
      schema: { params: idParams, body: uploadBody },
      preValidation: multipartToBody,
    },
    async (req, reply) => {
      const a = actor(req);
      const id = await reachableUser(db, a.user, req.params.id, true);
      const att = await saveAttachment(db, ctx.store, {
        attachableType: 'UserPicture',
        attachableId: id,
        type: 'profile_picture',
        data: decodeBase64(req.body.document, 'document'),
        allowed: IMAGE_TYPES,
        originalFilename: req.body.document_filename ?? null,
        uploadedBy: a.user.id,
        replace: true,
      });
      await recordAudit(db, {
        actorId: a.user.id,
        action: 'user.profile',
        entityType: 'User',
        entityId: id,
        after: { profile_picture_id: att.id },
        ip: a.ip,
      });
      return reply.status(201).send({ attachment: asFile(att) });
    },
  );
  // the picture's bytes through `attachment/{id}/file`: whoever may read the picture (reachableUser)
  registerAttachableReader('UserPicture', (d, user, id) => reachableUser(d, user, id, false));

  /** The organisation's testators: the caller's clients (as `GET /client`). */
  r.get(
    '/organization/:id/testator',
    {
      config: { access: 'client:read' },
      schema: {
        params: idParams,
        querystring: z.object({ ...pageQuery, name: optionalQuery(z.string().trim().max(100)) }),
      },
    },
    async (req) => {
      const user = requireUser(req);
      await loadVisibleOrganisation(db, user, req.params.id);
      return { testators: (await listClients(db, user, req.query)).users };
    },
  );

  /** Organisations of a type with accesses waiting for approval, and how many. */
  r.get(
    '/organization/:id/pending-user-access-approval',
    {
      config: { access: 'user:approve' },
      schema: { params: idParams, querystring: z.object({ type: optionalQuery(z.string().max(30)) }) },
    },
    async (req) => {
      const user = requireUser(req);
      await loadManagedOrganisation(db, user, req.params.id);
      const t = req.query.type;
      const type =
        t === 'Awaris' || t === 'AWARIS' ? 'provider' : t ? (ORIGINAL_ORGANISATION_TYPES[t] ?? t) : undefined;
      const conds: (SQL | undefined)[] = [eq(user_accesses.status, 0), await managedOrganisationsWhere(db, user)];
      if (type) conds.push(eq(organizations.type, type));
      const rows = await db
        .select({
          id: organizations.id,
          code: organizations.code,
          name: organizations.name,
          type: organizations.type,
          pending_user_access_count: sql<number>`count(${user_accesses.id})::int`,
        })
        .from(user_accesses)
        .innerJoin(organizations, eq(organizations.id, user_accesses.organization_id))
        .where(and(...conds))
        .groupBy(organizations.id, organizations.code, organizations.name, organizations.type)
        .orderBy(asc(organizations.name));
      return {
        organizations: rows.map((o) => ({ ...o, pending_user_access_count: Number(o.pending_user_access_count) })),
      };
    },
  );

  /** An administrator's password reset for another user: the holder gets a link (the password sent is not set). */
  r.post(
    '/user/:id/change-password',
    {
      config: { access: ['staff:manage', 'client:edit'] },
      schema: { params: idParams, body: z.object({ password: z.string().max(200).optional() }).loose() },
    },
    async (req) => {
      const a = actor(req);
      const id = await resettableUser(db, a.user, req.params.id);
      const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
      if (!u?.email) throw fieldError('email', 'validation.required');
      await requestPasswordReset(ctx, u.email, req.lang);
      return { message: translate('organisations.password_link_sent', req.lang) };
    },
  );

  /** Place an existing membership of the user in an organisation the caller manages (branch, role, status). */
  r.post(
    '/user/:id/access',
    {
      config: { access: 'staff:manage' },
      schema: {
        params: idParams,
        body: z.object({ organization_id: z.coerce.string().trim().min(1).max(64) }).loose(),
      },
    },
    async (req, reply) => {
      const a = actor(req);
      const rows = await managedMemberships(db, a.user, req.params.id, 'staff:manage');
      const m = rows.find((x) => x.o.id === req.body.organization_id);
      if (!m) throw notFound();
      // the status was decided when the member was made (active when the creator may approve, else pending):
      // the form's `status` (0 for new staff) would otherwise send an approved member back to the queue
      const { status: _ignored, ...placing } = req.body as Body;
      return reply.status(201).send(await editAccess(db, a, m.a.id, placing));
    },
  );
}
