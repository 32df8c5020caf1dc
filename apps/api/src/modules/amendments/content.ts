/**
 * A will's content as one JSON value (ADR 0021): what an amendment's draft edits and what a will
 * version stores. Read from the live rows ({@link loadWillContent}), written back in one transaction
 * ({@link replaceWillContent}), hashed canonically ({@link contentSha256}).
 *
 * Shape: `{ user_detail, estate, heirs[], receivers[], moveables[] (with shares[{ receiver_id, portion }]),
 * immoveables[] (with shares), caretakers[], bequests[], witnesses[] (with signature_id) }`. Rows keep
 * their `id` so a receiver's shares and any document pointing at a property survive an amendment.
 * Money in integer sen; portions as entered ("25%" or "1/4", spec §5).
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { newId } from '../../db/schema/_common.ts';
import {
  bequests,
  caretakers,
  heirs,
  immoveable_properties,
  moveable_properties,
  property_receivers,
  receivers,
  will_user_details,
  wills,
  witnesses,
} from '../../db/schema/index.ts';
import type { Conn } from '../wills/index.ts';
import { canonicalJson } from '../wills/index.ts';

type Row = Record<string, unknown>;
export interface Share {
  receiver_id: string;
  portion: string;
}
export interface WillContent {
  user_detail: Row | null;
  estate: Row;
  heirs: Row[];
  receivers: Row[];
  moveables: (Row & { shares: Share[] })[];
  immoveables: (Row & { shares: Share[] })[];
  caretakers: Row[];
  bequests: Row[];
  witnesses: Row[];
}

const OWNER_KEYS = [
  'created_at',
  'updated_at',
  'wasiat_id',
  'heirable_type',
  'heirable_id',
  'receivable_type',
  'receivable_id',
  'moveable_type',
  'moveable_id',
  'immoveable_type',
  'immoveable_id',
  'caretakerable_type',
  'caretakerable_id',
  'witnessable_type',
  'witnessable_id',
];
/** A row's content: its fields without owner and bookkeeping columns (the id is kept). */
export function fieldsOf(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) if (!OWNER_KEYS.includes(k)) out[k] = v;
  return out;
}

export const ESTATE_FIELDS = [
  'estimated_estate_sen',
  'funeral_sen',
  'debts_sen',
  'harta_sepencarian_sen',
  'heirs_consent',
  'heirs_consent_note',
] as const;

/** The live content of will `willId`, lists in the order entered. */
export async function loadWillContent(db: Conn, willId: string): Promise<WillContent> {
  const [w] = await db.select().from(wills).where(eq(wills.id, willId));
  const [detail] = await db.select().from(will_user_details).where(eq(will_user_details.wasiat_id, willId));
  const byOwner = async <T extends Row>(q: Promise<T[]>) => (await q).map(fieldsOf);
  const ms = await db
    .select()
    .from(moveable_properties)
    .where(and(eq(moveable_properties.moveable_type, 'Wasiat'), eq(moveable_properties.moveable_id, willId)))
    .orderBy(asc(moveable_properties.created_at), asc(moveable_properties.id));
  const is = await db
    .select()
    .from(immoveable_properties)
    .where(and(eq(immoveable_properties.immoveable_type, 'Wasiat'), eq(immoveable_properties.immoveable_id, willId)))
    .orderBy(asc(immoveable_properties.created_at), asc(immoveable_properties.id));
  const pids = [...ms, ...is].map((p) => p.id);
  const shareRows = pids.length
    ? await db
        .select()
        .from(property_receivers)
        .where(inArray(property_receivers.propertyable_id, pids))
        .orderBy(asc(property_receivers.created_at), asc(property_receivers.id))
    : [];
  const sharesOf = (id: string) =>
    shareRows.filter((s) => s.propertyable_id === id).map((s) => ({ receiver_id: s.receiver_id, portion: s.portion }));
  const estate: Row = {};
  for (const k of ESTATE_FIELDS) estate[k] = w ? w[k] : null;
  return {
    user_detail: detail ? (({ id: _i, ...rest }) => rest)(fieldsOf(detail)) : null,
    estate,
    heirs: await byOwner(
      db
        .select()
        .from(heirs)
        .where(and(eq(heirs.heirable_type, 'Wasiat'), eq(heirs.heirable_id, willId)))
        .orderBy(asc(heirs.created_at), asc(heirs.id)),
    ),
    receivers: await byOwner(
      db
        .select()
        .from(receivers)
        .where(and(eq(receivers.receivable_type, 'Wasiat'), eq(receivers.receivable_id, willId)))
        .orderBy(asc(receivers.created_at), asc(receivers.id)),
    ),
    moveables: ms.map((p) => ({ ...fieldsOf(p), shares: sharesOf(p.id) })),
    immoveables: is.map((p) => ({ ...fieldsOf(p), shares: sharesOf(p.id) })),
    caretakers: await byOwner(
      db
        .select()
        .from(caretakers)
        .where(and(eq(caretakers.caretakerable_type, 'Wasiat'), eq(caretakers.caretakerable_id, willId)))
        .orderBy(asc(caretakers.created_at), asc(caretakers.id)),
    ),
    bequests: await byOwner(
      db
        .select()
        .from(bequests)
        .where(eq(bequests.wasiat_id, willId))
        .orderBy(asc(bequests.created_at), asc(bequests.id)),
    ),
    witnesses: await byOwner(
      db
        .select()
        .from(witnesses)
        .where(and(eq(witnesses.witnessable_type, 'Wasiat'), eq(witnesses.witnessable_id, willId)))
        .orderBy(asc(witnesses.created_at), asc(witnesses.id)),
    ),
  };
}

/** SHA-256 (hex) of the canonical JSON of a content value (keys sorted; wills/signature-facts.ts). */
export const contentSha256 = (c: unknown) => createHash('sha256').update(canonicalJson(c)).digest('hex');

/** Keep only the keys a table has (a JSON value may carry extra keys such as `shares`). */
function pick<T extends object>(table: T, row: Row): Row {
  const cols = Object.keys(table);
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) if (cols.includes(k) && v !== undefined) out[k] = v;
  return out;
}

/**
 * Replace will `willId`'s live content by `c` (inside the caller's transaction): every person and
 * property row of the will is deleted and inserted again from `c`, keeping ids that `c` carries, so
 * links (shares, documents) stay valid; created_at follows the list order.
 */
export async function replaceWillContent(tx: Conn, willId: string, c: WillContent) {
  const ms = await tx
    .select({ id: moveable_properties.id })
    .from(moveable_properties)
    .where(and(eq(moveable_properties.moveable_type, 'Wasiat'), eq(moveable_properties.moveable_id, willId)));
  const is = await tx
    .select({ id: immoveable_properties.id })
    .from(immoveable_properties)
    .where(and(eq(immoveable_properties.immoveable_type, 'Wasiat'), eq(immoveable_properties.immoveable_id, willId)));
  const pids = [...ms, ...is].map((p) => p.id);
  if (pids.length) await tx.delete(property_receivers).where(inArray(property_receivers.propertyable_id, pids));
  await tx
    .delete(moveable_properties)
    .where(and(eq(moveable_properties.moveable_type, 'Wasiat'), eq(moveable_properties.moveable_id, willId)));
  await tx
    .delete(immoveable_properties)
    .where(and(eq(immoveable_properties.immoveable_type, 'Wasiat'), eq(immoveable_properties.immoveable_id, willId)));
  await tx.delete(receivers).where(and(eq(receivers.receivable_type, 'Wasiat'), eq(receivers.receivable_id, willId)));
  await tx.delete(heirs).where(and(eq(heirs.heirable_type, 'Wasiat'), eq(heirs.heirable_id, willId)));
  await tx
    .delete(caretakers)
    .where(and(eq(caretakers.caretakerable_type, 'Wasiat'), eq(caretakers.caretakerable_id, willId)));
  await tx.delete(bequests).where(eq(bequests.wasiat_id, willId));
  await tx.delete(witnesses).where(and(eq(witnesses.witnessable_type, 'Wasiat'), eq(witnesses.witnessable_id, willId)));

  // created_at one millisecond apart keeps the list order of the content.
  let t = Date.now();
  const stamp = () => {
    t += 1;
    const d = new Date(t);
    return { created_at: d, updated_at: d };
  };
  const ids = new Map<string, string>();
  for (const r of c.receivers) {
    const id = typeof r.id === 'string' && r.id ? r.id : newId();
    if (typeof r.id === 'string') ids.set(r.id, id);
    await tx.insert(receivers).values({
      ...(pick(receivers, r) as typeof receivers.$inferInsert),
      id,
      receivable_type: 'Wasiat',
      receivable_id: willId,
      ...stamp(),
    });
  }
  for (const h of c.heirs) {
    await tx.insert(heirs).values({
      ...(pick(heirs, h) as typeof heirs.$inferInsert),
      id: (h.id as string) || newId(),
      heirable_type: 'Wasiat',
      heirable_id: willId,
      ...stamp(),
    });
  }
  const shares = async (type: 'MoveableProperty' | 'ImmoveableProperty', pid: string, list: Share[]) => {
    for (const s of list) {
      await tx.insert(property_receivers).values({
        receiver_id: ids.get(s.receiver_id) ?? s.receiver_id,
        propertyable_type: type,
        propertyable_id: pid,
        portion: s.portion,
        ...stamp(),
      });
    }
  };
  for (const p of c.moveables) {
    const id = (p.id as string) || newId();
    await tx.insert(moveable_properties).values({
      ...(pick(moveable_properties, p) as typeof moveable_properties.$inferInsert),
      id,
      moveable_type: 'Wasiat',
      moveable_id: willId,
      ...stamp(),
    });
    await shares('MoveableProperty', id, p.shares ?? []);
  }
  for (const p of c.immoveables) {
    const id = (p.id as string) || newId();
    await tx.insert(immoveable_properties).values({
      ...(pick(immoveable_properties, p) as typeof immoveable_properties.$inferInsert),
      id,
      immoveable_type: 'Wasiat',
      immoveable_id: willId,
      ...stamp(),
    });
    await shares('ImmoveableProperty', id, p.shares ?? []);
  }
  for (const x of c.caretakers) {
    await tx.insert(caretakers).values({
      ...(pick(caretakers, x) as typeof caretakers.$inferInsert),
      id: (x.id as string) || newId(),
      caretakerable_type: 'Wasiat',
      caretakerable_id: willId,
      ...stamp(),
    });
  }
  for (const b of c.bequests) {
    await tx.insert(bequests).values({
      ...(pick(bequests, b) as typeof bequests.$inferInsert),
      id: (b.id as string) || newId(),
      wasiat_id: willId,
      ...stamp(),
    });
  }
  for (const w of c.witnesses) {
    await tx.insert(witnesses).values({
      ...(pick(witnesses, w) as typeof witnesses.$inferInsert),
      id: (w.id as string) || newId(),
      witnessable_type: 'Wasiat',
      witnessable_id: willId,
      ...stamp(),
    });
  }
  if (c.user_detail) {
    const [d] = await tx.select().from(will_user_details).where(eq(will_user_details.wasiat_id, willId));
    const fields = pick(will_user_details, c.user_detail) as typeof will_user_details.$inferInsert;
    delete (fields as Row).id;
    if (d) await tx.update(will_user_details).set(fields).where(eq(will_user_details.id, d.id));
    else await tx.insert(will_user_details).values({ ...fields, wasiat_id: willId });
  }
  await tx
    .update(wills)
    .set(pick(wills, c.estate) as Partial<typeof wills.$inferInsert>)
    .where(eq(wills.id, willId));
}
