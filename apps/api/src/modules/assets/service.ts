/**
 * Changing the asset map (issue 40 item 6; ADR 0269): add, change and remove entries, attach and remove their
 * documents. Every change is audited (`asset.create|update|delete`, `asset.document`, `asset.document_delete`) in
 * the change's transaction. A map whose testator's death has been verified no longer changes (instruments
 * `assertOwnerAlive`: 422 `deaths.instrument_locked`; ADR 0261). Bodies are checked by the domain schemas before
 * these run (422 naming the field).
 */
import type { AssetInput } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { assets, attachments } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { DOCUMENT_TYPES, decodeBase64, Uploads } from '../../platform/files/uploads.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { assertOwnerAlive } from '../instruments/index.ts';
import { assertCanManage, mapOwner } from './policy.ts';
import { ASSET_ATTACHABLE, ASSET_DOCUMENT, type Conn, findVisibleAsset, readAsset } from './queries.ts';

/** The acting user and their IP (audit events). */
export interface Actor {
  user: AuthUser;
  ip?: string;
}

type Fields = Omit<AssetInput, 'user_id'>;

/** The columns of an entry from a body: absent optional fields become null. */
const columns = (b: Fields) => ({
  kind: b.kind,
  description: b.description,
  institution: b.institution ?? null,
  reference: b.reference ?? null,
  value_sen: b.value_sen,
  value_estimated_on: b.value_estimated_on,
  nominee_name: b.nominee_name ?? null,
  nominee_relationship: b.nominee_relationship ?? null,
});

const audit = (
  tx: Conn,
  actor: Actor,
  action: Parameters<typeof recordAudit>[1]['action'],
  id: string,
  before: unknown,
  after: unknown,
) =>
  recordAudit(tx as unknown as Db, {
    actorId: actor.user.id,
    action,
    entityType: 'Asset',
    entityId: id,
    before,
    after,
    ip: actor.ip,
  });

/**
 * Add an entry to the map of `body.user_id` (or the caller's own): policy.ts `mapOwner` (404 / 403 / 422
 * `assets.client_required`), the owner alive. @returns the entry ({@link readAsset}).
 */
export async function createAsset(db: Db, actor: Actor, body: AssetInput) {
  const owner = await mapOwner(db, actor.user, body.user_id, true);
  const id = await db.transaction(async (tx) => {
    await assertOwnerAlive(tx, owner);
    const [row] = await tx
      .insert(assets)
      .values({ ...columns(body), user_id: owner, created_by: actor.user.id })
      .returning();
    await audit(tx, actor, 'asset.create', row.id, null, row);
    return row.id;
  });
  return readAsset(db, actor.user, id);
}

/** Change an entry (every field; absent optional ones cleared). 404 out of scope, 403 read-only callers. */
export async function updateAsset(db: Db, actor: Actor, id: string, body: Fields) {
  await db.transaction(async (tx) => {
    const before = await findVisibleAsset(tx, actor.user, id);
    assertCanManage(actor.user, before.user_id);
    await assertOwnerAlive(tx, before.user_id);
    const [after] = await tx.update(assets).set(columns(body)).where(eq(assets.id, id)).returning();
    await audit(tx, actor, 'asset.update', id, before, after);
  });
  return readAsset(db, actor.user, id);
}

/** Remove an entry from the map (kept with its documents, marked removed). 404 / 403 as {@link updateAsset}. */
export async function deleteAsset(db: Db, actor: Actor, id: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const before = await findVisibleAsset(tx, actor.user, id);
    assertCanManage(actor.user, before.user_id);
    await assertOwnerAlive(tx, before.user_id);
    await tx.update(assets).set({ deleted_at: now }).where(eq(assets.id, id));
    await audit(tx, actor, 'asset.delete', id, before, null);
  });
}

/**
 * Attach a document (PNG, JPEG, WebP or PDF ≤ 5 MB; checked by content: files/uploads.ts) to an entry: stored
 * before the transaction, recorded inside it (ADR 0220). 422 `errors.file_type` / `errors.file_too_large` on
 * `document`; 404 / 403 as {@link updateAsset}. @returns the entry with its documents.
 */
export async function addAssetDocument(
  ctx: Ctx,
  actor: Actor,
  id: string,
  body: { document: string; filename?: string },
) {
  const row = await findVisibleAsset(ctx.db, actor.user, id);
  assertCanManage(actor.user, row.user_id);
  await assertOwnerAlive(ctx.db, row.user_id);
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({
    ownerType: ASSET_ATTACHABLE,
    ownerId: id,
    data: decodeBase64(body.document, 'document'),
    allowed: DOCUMENT_TYPES,
    field: 'document',
  });
  await uploads.settle(
    ctx.db.transaction(async (tx) => {
      const att = await uploads.record(tx as unknown as Db, staged, {
        attachableType: ASSET_ATTACHABLE,
        attachableId: id,
        type: ASSET_DOCUMENT,
        originalFilename: body.filename ?? null,
        uploadedBy: actor.user.id,
      });
      await audit(tx, actor, 'asset.document', id, null, { attachment_id: att.id, filename: att.original_filename });
    }),
  );
  return readAsset(ctx.db, actor.user, id);
}

/**
 * Remove a document of an entry (`DELETE /asset-document/{id}`): the row goes in the transaction, the file after
 * it commits. 404 for a document of an entry out of scope; 403 for read-only callers.
 */
export async function deleteAssetDocument(ctx: Ctx, actor: Actor, attachmentId: string) {
  const [att] = await ctx.db
    .select()
    .from(attachments)
    .where(and(eq(attachments.id, attachmentId), eq(attachments.attachable_type, ASSET_ATTACHABLE)));
  if (!att) throw notFound();
  const row = await findVisibleAsset(ctx.db, actor.user, att.attachable_id);
  assertCanManage(actor.user, row.user_id);
  await assertOwnerAlive(ctx.db, row.user_id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(attachments).where(eq(attachments.id, att.id));
    await audit(
      tx,
      actor,
      'asset.document_delete',
      row.id,
      { attachment_id: att.id, filename: att.original_filename },
      null,
    );
  });
  await ctx.store.delete(att.storage_key).catch(() => {});
  return readAsset(ctx.db, actor.user, row.id);
}
