/**
 * The institutions an organisation notifies of a death (issue 40 item 8; ADR 0273): each organisation keeps its
 * own list (banks, takaful operators, co-operatives, others: name, kind, e-mail, optional phone). Who manages a
 * list follows organisations/policy.ts (`managesAllOrganisations`, `memberOrganisationIds`): the provider's staff
 * any organisation's, a partner (`notice_recipient:manage`, permission table) only the organisations they are an
 * active member of — another organisation's list or entry is a 404. A removed entry is kept (`deleted_at`: the
 * notices sent to it name it) and no longer listed. Every change is audited (`notice_recipient.create|update|delete`).
 *
 * - {@link listRecipients}: `GET /api/organization/{id}/notice-recipient` → `{ notice_recipients: [Recipient] }`.
 * - {@link createRecipient}: `POST …` `{ name, kind, email, phone? }` → `Recipient`; 422 naming the field.
 * - {@link updateRecipient}: `PATCH /api/notice-recipient/{id}` (same body) → `Recipient`.
 * - {@link deleteRecipient}: `DELETE /api/notice-recipient/{id}` → void.
 */
import type { NoticeRecipientInput } from '@wasiat/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { notice_recipients, organizations } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { managesAllOrganisations, memberOrganisationIds } from '../organisations/index.ts';
import type { Actor } from './service.ts';

export type RecipientRow = typeof notice_recipients.$inferSelect;

/** A list entry as sent: `{ id, organization_id, name, kind, email, phone, created_at, updated_at }`. */
export const recipientBody = (r: RecipientRow) => ({
  id: r.id,
  organization_id: r.organization_id,
  name: r.name,
  kind: r.kind,
  email: r.email,
  phone: r.phone,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** Whether `user` manages the lists of organisation `orgId` (staff: any; a member: their own). */
async function managesList(db: Db, user: AuthUser, orgId: string): Promise<boolean> {
  if (managesAllOrganisations(user)) return true;
  return (await memberOrganisationIds(db, user)).includes(orgId);
}

/** Organisation `orgId` if the caller manages its list. @throws 404 otherwise (or when it does not exist). */
async function managedOrg(db: Db, user: AuthUser, orgId: string) {
  if (!(await managesList(db, user, orgId))) throw notFound();
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, orgId));
  if (!org) throw notFound();
  return org;
}

/** A live entry the caller manages. @throws 404 otherwise. */
async function managedRecipient(db: Db, user: AuthUser, id: string): Promise<RecipientRow> {
  const [row] = await db
    .select()
    .from(notice_recipients)
    .where(and(eq(notice_recipients.id, id), isNull(notice_recipients.deleted_at)));
  if (!row || !(await managesList(db, user, row.organization_id))) throw notFound();
  return row;
}

/** The live entries of organisations `orgIds`, by name. */
export async function recipientsOf(db: Db, orgIds: string[]): Promise<RecipientRow[]> {
  if (!orgIds.length) return [];
  return db
    .select()
    .from(notice_recipients)
    .where(and(isNull(notice_recipients.deleted_at), inArray(notice_recipients.organization_id, orgIds)))
    .orderBy(asc(notice_recipients.name));
}

/** `GET /api/organization/{id}/notice-recipient`. @throws 404 not the caller's organisation. */
export async function listRecipients(db: Db, user: AuthUser, orgId: string) {
  await managedOrg(db, user, orgId);
  return (await recipientsOf(db, [orgId])).map(recipientBody);
}

const fields = (b: NoticeRecipientInput) => ({ name: b.name, kind: b.kind, email: b.email, phone: b.phone ?? null });

/** `POST /api/organization/{id}/notice-recipient`. Audited. @throws 404 not the caller's organisation. */
export async function createRecipient(ctx: Ctx, actor: Actor, orgId: string, body: NoticeRecipientInput) {
  await managedOrg(ctx.db, actor.user, orgId);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notice_recipients)
      .values({ organization_id: orgId, ...fields(body), created_by: actor.user.id })
      .returning();
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'notice_recipient.create',
      entityType: 'NoticeRecipient',
      entityId: row.id,
      after: { organization_id: orgId, ...fields(body) },
      ip: actor.ip,
    });
    return recipientBody(row);
  });
}

/** `PATCH /api/notice-recipient/{id}`. Audited with before and after. @throws 404 not the caller's. */
export async function updateRecipient(ctx: Ctx, actor: Actor, id: string, body: NoticeRecipientInput) {
  const before = await managedRecipient(ctx.db, actor.user, id);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(notice_recipients)
      .set({ ...fields(body), updated_at: new Date() })
      .where(eq(notice_recipients.id, id))
      .returning();
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'notice_recipient.update',
      entityType: 'NoticeRecipient',
      entityId: id,
      before: { name: before.name, kind: before.kind, email: before.email, phone: before.phone },
      after: fields(body),
      ip: actor.ip,
    });
    return recipientBody(row);
  });
}

/** `DELETE /api/notice-recipient/{id}`: removed from the list (kept for its notices). Audited. @throws 404. */
export async function deleteRecipient(ctx: Ctx, actor: Actor, id: string) {
  const before = await managedRecipient(ctx.db, actor.user, id);
  await ctx.db.transaction(async (tx) => {
    await tx.update(notice_recipients).set({ deleted_at: new Date() }).where(eq(notice_recipients.id, id));
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'notice_recipient.delete',
      entityType: 'NoticeRecipient',
      entityId: id,
      before: { organization_id: before.organization_id, name: before.name, email: before.email },
      ip: actor.ip,
    });
  });
}
