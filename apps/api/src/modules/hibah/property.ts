/**
 * Property of a hibah (reference §2.6, §3.7; spec §3 Property): movable and immovable property as child
 * kinds (children.ts; limit `total_properties` over both kinds together), who receives what share of
 * each, and its attachments.
 *
 * Shares (spec §5, as for wills): a portion is "25%" or "1/4" (domain `portion()`); the portions of one
 * property may not exceed the whole (domain `portionsExceedWhole`, exact fractions) — 422
 * `validation.share_total_over` on `portion`. The receiver must be a receiver of the same hibah (422
 * `hibah.receiver_invalid`). The hibah row is locked during a change (fillableHibah), so concurrent share
 * saves for one hibah are serialised and the total rule holds.
 * One-cent trust: a wallet account is a movable "savings" property; at most
 * `one_cent_maximum_moveable_property` of them (422 `hibah.wallet_limit`).
 * Organisation preference (spec §2 "fixed property/stocks name"; reference §3.7; ADR 0023): with
 * `fixed_property_name` set, a movable property of the organisation's hibah is of that type only (422
 * `hibah.property_type_fixed` on `property_type`; set by the server when omitted); with `fixed_stock_name`
 * set, a shares property's product (`institution_name`) is that name, whatever the client sent.
 */
import { H, MOVEABLE_PROPERTY_TYPES, ONE_CENT_HIBAH_TYPE, portionsExceedWhole, V } from '@wasiat/domain';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { attachments, hibah_properties, hibah_property_receivers, hibah_receivers } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { DOCUMENT_TYPES, decodeBase64, Uploads } from '../../platform/files/uploads.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { type ChildKind, findChild } from './children.ts';
import { type Actor, asDb, audit, type Conn, fillableHibah, preferenceOf } from './service.ts';

/** The catalogue code a preference's free-text property name stands for (code, Malay or English label). */
const propertyCode = (name: string) => {
  const n = name.trim().toLowerCase();
  return MOVEABLE_PROPERTY_TYPES.find((t) => [t.code, t.ms, t.en].some((x) => String(x).toLowerCase() === n))?.code;
};

/**
 * Apply the organisation's fixed property type and fixed stock name to a movable property's values (see the
 * module comment). Immovable property is not affected.
 * @throws 422 `hibah.property_type_fixed` on `property_type`.
 */
async function applyFixedProperty(
  tx: Conn,
  organizationId: string | null,
  values: Record<string, unknown>,
  id?: string,
) {
  let kind = values.kind;
  if (kind === undefined && id) {
    [{ kind } = { kind: undefined }] = await tx
      .select({ kind: hibah_properties.kind })
      .from(hibah_properties)
      .where(eq(hibah_properties.id, id));
  }
  if (kind !== 'moveable') return;
  const pref = await preferenceOf(tx, organizationId);
  const fixed = pref?.fixed_property_name ? propertyCode(pref.fixed_property_name) : undefined;
  if (fixed) {
    if (values.property_type === undefined) values.property_type = fixed;
    else if (values.property_type !== fixed) {
      const label = MOVEABLE_PROPERTY_TYPES.find((t) => t.code === fixed);
      throw fieldError('property_type', H.propertyTypeFixed, { type: label ? `${label.ms} / ${label.en}` : fixed });
    }
  }
  if (pref?.fixed_stock_name && values.property_type === 'shares') values.institution_name = pref.fixed_stock_name;
}

/** Property rows (both kinds count against the limit of `OFFER_RULES.hibah.property`). */
export const PROPERTY: ChildKind = {
  table: hibah_properties,
  entity: 'property',
  async check(tx, h, values, id) {
    await applyFixedProperty(tx, h.organization_id, values, id);
    if (h.hibah_type !== ONE_CENT_HIBAH_TYPE || id) return;
    const [{ n }] = await tx.select({ n: count() }).from(hibah_properties).where(eq(hibah_properties.hibah_id, h.id));
    if (Number(n) >= h.one_cent_maximum_moveable_property) throw fieldError('_', H.walletLimit);
    values.property_type = 'savings';
  },
  async onDelete(tx, id) {
    await tx.delete(hibah_property_receivers).where(eq(hibah_property_receivers.property_id, id));
  },
};

/**
 * The shares of the properties `propertyIds` (no access check: the caller holds the properties already), each with
 * its receiver `{ id, name, ic_number, relationship }`, oldest first; one statement, none for no ids.
 */
export async function sharesOf(db: Db, propertyIds: readonly string[]) {
  if (propertyIds.length === 0) return [];
  const rows = await db
    .select({ pr: hibah_property_receivers, receiver: hibah_receivers })
    .from(hibah_property_receivers)
    .innerJoin(hibah_receivers, eq(hibah_receivers.id, hibah_property_receivers.receiver_id))
    .where(inArray(hibah_property_receivers.property_id, [...propertyIds]))
    .orderBy(asc(hibah_property_receivers.created_at));
  return rows.map((x) => ({
    ...x.pr,
    receiver: {
      id: x.receiver.id,
      name: x.receiver.name,
      ic_number: x.receiver.ic_number,
      relationship: x.receiver.relationship,
    },
  }));
}

/** The shares of a visible property, each with its receiver, oldest first. */
export async function listShares(db: Db, user: AuthUser, hibahId: string, propertyId: string) {
  const p = await findChild(db, user, PROPERTY, hibahId, propertyId);
  return sharesOf(db, [p.id]);
}

/**
 * Give (or change) a receiver's share of a property: `{ receiver_id, portion }`. One row per receiver
 * and property (a second save replaces the portion). 422 per the module comment.
 */
export async function saveShare(
  db: Db,
  actor: Actor,
  hibahId: string,
  propertyId: string,
  body: { receiver_id: string; portion: string },
) {
  return db.transaction(async (tx) => {
    const h = await fillableHibah(tx, actor.user, hibahId);
    const p = await findChild(tx, actor.user, PROPERTY, h.id, propertyId);
    const [r] = await tx
      .select()
      .from(hibah_receivers)
      .where(and(eq(hibah_receivers.id, body.receiver_id), eq(hibah_receivers.hibah_id, h.id)));
    if (!r) throw fieldError('receiver_id', H.receiverInvalid);
    const others = await tx
      .select({ portion: hibah_property_receivers.portion })
      .from(hibah_property_receivers)
      .where(and(eq(hibah_property_receivers.property_id, p.id), ne(hibah_property_receivers.receiver_id, r.id)));
    if (portionsExceedWhole([...others.map((o) => o.portion), body.portion]))
      throw fieldError('portion', V.shareTotalOver);
    const [before] = await tx
      .select()
      .from(hibah_property_receivers)
      .where(and(eq(hibah_property_receivers.property_id, p.id), eq(hibah_property_receivers.receiver_id, r.id)));
    const [row] = before
      ? await tx
          .update(hibah_property_receivers)
          .set({ portion: body.portion })
          .where(eq(hibah_property_receivers.id, before.id))
          .returning()
      : await tx
          .insert(hibah_property_receivers)
          .values({ property_id: p.id, receiver_id: r.id, portion: body.portion })
          .returning();
    await audit(tx, actor, 'hibah.share.save', h.id, before ?? null, row);
    return row;
  });
}

/** Remove a share. */
export async function deleteShare(db: Db, actor: Actor, hibahId: string, propertyId: string, shareId: string) {
  await db.transaction(async (tx) => {
    const h = await fillableHibah(tx, actor.user, hibahId);
    const p = await findChild(tx, actor.user, PROPERTY, h.id, propertyId);
    const [before] = await tx
      .delete(hibah_property_receivers)
      .where(and(eq(hibah_property_receivers.id, shareId), eq(hibah_property_receivers.property_id, p.id)))
      .returning();
    if (!before) throw notFound();
    await audit(tx, actor, 'hibah.share.delete', h.id, before, null);
  });
}

/** Attachments of a visible property (plain array, reference §2.6), newest first. */
export async function listPropertyDocuments(db: Db, user: AuthUser, hibahId: string, propertyId: string) {
  const p = await findChild(db, user, PROPERTY, hibahId, propertyId);
  const rows = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.attachable_type, 'HibahProperty'), eq(attachments.attachable_id, p.id)));
  return rows.map((a) => ({
    id: a.id,
    type: a.type,
    description: a.description,
    original_filename: a.original_filename,
    mime_type: a.mime_type,
  }));
}

/** Attach a document (PDF/PNG/JPEG/WebP ≤ 5 MB, checked by content) to a property: `{ document, description }`. */
export async function addPropertyDocument(
  ctx: Ctx,
  actor: Actor,
  hibahId: string,
  propertyId: string,
  body: { document: string | Buffer; description?: string; filename?: string },
) {
  const data = Buffer.isBuffer(body.document) ? body.document : decodeBase64(body.document, 'document');
  // Stored before the transaction, recorded in it (ADR 0220).
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({
    ownerType: 'HibahProperty',
    ownerId: propertyId,
    data,
    allowed: DOCUMENT_TYPES,
  });
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      const h = await fillableHibah(tx, actor.user, hibahId);
      const p = await findChild(tx, actor.user, PROPERTY, h.id, propertyId);
      const a = await uploads.record(asDb(tx), staged, {
        attachableType: 'HibahProperty',
        attachableId: p.id,
        type: 'Extra',
        description: body.description ?? null,
        originalFilename: body.filename ?? null,
        uploadedBy: actor.user.id,
      });
      await audit(tx, actor, 'hibah.property.document', h.id, null, { property_id: p.id, attachment_id: a.id });
      return {
        id: a.id,
        type: a.type,
        description: a.description,
        original_filename: a.original_filename,
        mime_type: a.mime_type,
      };
    }),
  );
}
