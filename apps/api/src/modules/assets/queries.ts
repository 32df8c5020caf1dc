/**
 * Reading the asset map (issue 40 item 6; ADR 0269): one entry in the caller's scope (policy.ts; a 404 otherwise),
 * a testator's whole map with its totals (domain `assetTotals`, the one computation), and the wire shape of an
 * entry with its documents.
 */
import { type AssetTotals, assetGroupOf, assetTotals } from '@wasiat/domain';
import { and, asc, eq, inArray, isNull, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assets, attachments } from '../../db/schema/index.ts';
import { attachmentPath } from '../../platform/files/uploads.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { assetScope } from './policy.ts';

/** Either the database or a transaction handle of {@link Db}. */
export type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
export type AssetRow = typeof assets.$inferSelect;

/** Attachable type and attachment type of an entry's documents. */
export const ASSET_ATTACHABLE = 'Asset';
export const ASSET_DOCUMENT = 'asset-document';

/** A document of an entry as sent: `{ id, filename, mime_type, size_bytes, url, created_at }`. */
export interface AssetDocument {
  id: string;
  filename: string | null;
  mime_type: string;
  size_bytes: number;
  url: string;
  created_at: Date;
}

/**
 * An entry as sent: its columns (value in sen, the estimate's date), its `group` (nomination | asset | liability),
 * `outside_estate` (true for a nomination) and its documents.
 */
const assetBody = (row: AssetRow, documents: AssetDocument[]) => {
  const { deleted_at: _d, ...rest } = row;
  const group = assetGroupOf(row.kind);
  return { ...rest, group, outside_estate: group === 'nomination', documents };
};

/** The documents of entries `ids`, by entry, oldest first. */
async function documentsOf(db: Conn, ids: string[]): Promise<Map<string, AssetDocument[]>> {
  const out = new Map<string, AssetDocument[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(attachments)
    .where(
      and(
        eq(attachments.attachable_type, ASSET_ATTACHABLE),
        inArray(attachments.attachable_id, ids),
        eq(attachments.type, ASSET_DOCUMENT),
      ),
    )
    .orderBy(asc(attachments.created_at));
  for (const a of rows) {
    const list = out.get(a.attachable_id) ?? [];
    list.push({
      id: a.id,
      filename: a.original_filename,
      mime_type: a.mime_type,
      size_bytes: a.size_bytes,
      url: attachmentPath(a.id),
      created_at: a.created_at,
    });
    out.set(a.attachable_id, list);
  }
  return out;
}

/** One entry the caller may see. @throws 404 `errors.not_found` otherwise (also for a removed entry). */
export async function findVisibleAsset(db: Conn, user: AuthUser, id: string): Promise<AssetRow> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.id, id), assetScope(user)));
  if (!row) throw notFound();
  return row;
}

/** One visible entry in its wire shape ({@link assetBody}). @throws 404 as {@link findVisibleAsset}. */
export async function readAsset(db: Conn, user: AuthUser, id: string) {
  const row = await findVisibleAsset(db, user, id);
  return assetBody(row, (await documentsOf(db, [row.id])).get(row.id) ?? []);
}

/**
 * The map of testator `ownerId` (already checked: policy.ts `mapOwner`), oldest first, with its totals and when it
 * last changed: `{ assets: [entry], totals: AssetTotals, last_updated_at: Date | null }`.
 */
export async function readMap(db: Conn, user: AuthUser, ownerId: string) {
  const rows = await db
    .select()
    .from(assets)
    .where(and(eq(assets.user_id, ownerId), assetScope(user)))
    .orderBy(asc(assets.created_at));
  const docs = await documentsOf(
    db,
    rows.map((r) => r.id),
  );
  const totals: AssetTotals = assetTotals(rows);
  return {
    assets: rows.map((r) => assetBody(r, docs.get(r.id) ?? [])),
    totals,
    last_updated_at: await lastChangeOf(db, ownerId),
  };
}

/**
 * The live entries of `ownerId`'s map, oldest first, for a caller whose right to them another module has already
 * decided (the estates module's notices, after its estate check: ADR 0273) — no scope of this module applies.
 */
export async function liveEntriesOf(db: Conn, ownerId: string) {
  return db
    .select()
    .from(assets)
    .where(and(eq(assets.user_id, ownerId), isNull(assets.deleted_at)))
    .orderBy(asc(assets.created_at));
}

/** When the map of `ownerId` last changed (an entry added, edited or removed), or null for an empty map. */
async function lastChangeOf(db: Conn, ownerId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(assets.updated_at) })
    .from(assets)
    .where(eq(assets.user_id, ownerId));
  return row?.at ?? null;
}
