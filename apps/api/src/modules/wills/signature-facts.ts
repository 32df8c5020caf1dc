/**
 * Signature facts (issue 3 "Signatures"; ADR 0015).
 *
 * - {@link assertSignatureDrawn}: a blank signature pad is refused — a PNG whose pixels are all fully
 *   transparent or all (near-)white once flattened onto white → 422 `validation.signature_required`.
 * - {@link documentVersion}: the SHA-256 (hex) of a canonical JSON of the will's parts (particulars,
 *   heirs, property and shares, receivers, guardians, bequests, estate figures) at that moment.
 * - {@link recordSignature}: one `signature_events` row per saved signature — who saved it, whose it is,
 *   when, the IP, the document version signed and how it was made (`drawn`|`typed`, ADR 0123).
 */

import { createHash } from 'node:crypto';
import { type SignatureMethod, V } from '@wasiat/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import {
  bequests,
  caretakers,
  heirs,
  immoveable_properties,
  moveable_properties,
  property_receivers,
  receivers,
  signature_events,
  will_user_details,
  wills,
  witnesses,
} from '../../db/schema/index.ts';
import { canonicalJson } from '../../platform/documents/canonical-json.ts';
import { fieldError } from '../../platform/http/errors.ts';
import type { Actor, Conn } from './service.ts';

/** Channel values at or above this (after flattening onto white) count as "no ink". */
const WHITE = 250;

/**
 * Refuse a blank signature image (see the module comment).
 * @throws 422 `validation.signature_required` on `field`.
 */
export async function assertSignatureDrawn(png: Buffer, field: string) {
  let blank = true;
  try {
    const { data, info } = await sharp(png)
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const step = info.channels;
    for (let i = 0; i + 3 < data.length && blank; i += step) {
      const a = data[i + 3] / 255;
      // The pixel over white: ink when any channel is darker than WHITE.
      for (let c = 0; c < 3; c++) {
        if (data[i + c] * a + 255 * (1 - a) < WHITE) {
          blank = false;
          break;
        }
      }
    }
  } catch {
    blank = true;
  }
  if (blank) throw fieldError(field, V.signatureRequired);
}

/** A row without its bookkeeping timestamps (they change without the content changing). */
const content = <T extends Record<string, unknown>>(row: T) => {
  const { created_at: _c, updated_at: _u, ...rest } = row;
  return rest;
};

/**
 * A property row's content: without its timestamps, and without `value_estimated_on` while it is null (the column
 * came with migration 0041, ADR 0257: a property saved before it has the same document version as before); the
 * same for the harta sepencarian columns of migration 0061 (ADR 0286): only those set are part of the content.
 */
const propertyContent = <T extends Record<string, unknown>>(row: T) => {
  const { value_estimated_on, ...rest } = content(row);
  const kept = Object.fromEntries(
    Object.entries(rest).filter(([k, v]) => !(k.startsWith('sepencarian_') && v == null)),
  ) as typeof rest;
  return value_estimated_on == null ? kept : { ...kept, value_estimated_on };
};

/** The will's parts as signed (ADR 0015), in a stable order. */
export async function willDocumentContent(db: Conn, willId: string) {
  const [w] = await db.select().from(wills).where(eq(wills.id, willId));
  const [detail] = await db.select().from(will_user_details).where(eq(will_user_details.wasiat_id, willId));
  const heirRows = await db
    .select()
    .from(heirs)
    .where(and(eq(heirs.heirable_type, 'Wasiat'), eq(heirs.heirable_id, willId)))
    .orderBy(asc(heirs.id));
  const receiverRows = await db
    .select()
    .from(receivers)
    .where(and(eq(receivers.receivable_type, 'Wasiat'), eq(receivers.receivable_id, willId)))
    .orderBy(asc(receivers.id));
  const moveables = await db
    .select()
    .from(moveable_properties)
    .where(and(eq(moveable_properties.moveable_type, 'Wasiat'), eq(moveable_properties.moveable_id, willId)))
    .orderBy(asc(moveable_properties.id));
  const immoveables = await db
    .select()
    .from(immoveable_properties)
    .where(and(eq(immoveable_properties.immoveable_type, 'Wasiat'), eq(immoveable_properties.immoveable_id, willId)))
    .orderBy(asc(immoveable_properties.id));
  const propertyIds = [...moveables, ...immoveables].map((p) => p.id);
  const shares = propertyIds.length
    ? await db
        .select()
        .from(property_receivers)
        .where(inArray(property_receivers.propertyable_id, propertyIds))
        .orderBy(asc(property_receivers.id))
    : [];
  const caretakerRows = await db
    .select()
    .from(caretakers)
    .where(and(eq(caretakers.caretakerable_type, 'Wasiat'), eq(caretakers.caretakerable_id, willId)))
    .orderBy(asc(caretakers.id));
  const bequestRows = await db.select().from(bequests).where(eq(bequests.wasiat_id, willId)).orderBy(asc(bequests.id));
  return {
    will: w
      ? {
          id: w.id,
          user_id: w.user_id,
          organization_id: w.organization_id,
          branch_id: w.branch_id,
          wasiat_type: w.wasiat_type,
          plan: w.plan,
          estimated_estate_sen: w.estimated_estate_sen,
          funeral_sen: w.funeral_sen,
          debts_sen: w.debts_sen,
          harta_sepencarian_sen: w.harta_sepencarian_sen,
          heirs_consent: w.heirs_consent,
          heirs_consent_note: w.heirs_consent_note,
        }
      : null,
    particulars: detail ? content(detail) : null,
    heirs: heirRows.map(content),
    receivers: receiverRows.map(content),
    moveable_properties: moveables.map(propertyContent),
    immoveable_properties: immoveables.map(propertyContent),
    property_receivers: shares.map(content),
    caretakers: caretakerRows.map(content),
    bequests: bequestRows.map(content),
  };
}

/** SHA-256 (hex) of the canonical JSON of the will's parts now: the "document version" (ADR 0015). */
export async function documentVersion(db: Conn, willId: string) {
  return createHash('sha256')
    .update(canonicalJson(await willDocumentContent(db, willId)))
    .digest('hex');
}

/**
 * Record one saved signature (in the caller's transaction): also the signer's User-Agent and, for the
 * testator, `sent_at` = when the will was made available to them (its creation; ADR 0072). A witness
 * signing in person in the testator's session has no sent/viewed times (null); flows that send a link
 * pass `sentAt`/`viewedAt`.
 */
export async function recordSignature(
  db: Conn,
  actor: Actor,
  f: {
    willId: string;
    role: 'testator' | 'witness';
    signerName: string;
    witnessId?: string;
    attachmentId: string;
    sentAt?: Date | null;
    viewedAt?: Date | null;
    /** `drawn` (default) or `typed` (ADR 0123). */
    method?: SignatureMethod;
  },
) {
  let sentAt = f.sentAt ?? null;
  if (f.role === 'testator' && f.sentAt === undefined) {
    const [w] = await db.select({ created_at: wills.created_at }).from(wills).where(eq(wills.id, f.willId));
    sentAt = w?.created_at ?? null;
  }
  const [row] = await db
    .insert(signature_events)
    .values({
      signable_type: 'Wasiat',
      signable_id: f.willId,
      role: f.role,
      signer_name: f.signerName,
      witness_id: f.witnessId ?? null,
      attachment_id: f.attachmentId,
      actor_id: actor.user.id,
      ip: actor.ip ?? null,
      user_agent: actor.userAgent ?? null,
      sent_at: sentAt,
      viewed_at: f.viewedAt ?? null,
      document_sha256: await documentVersion(db, f.willId),
      method: f.method ?? 'drawn',
      signed_at: new Date(),
    })
    .returning();
  return row;
}

/** The signature facts of a will, oldest first. */
export async function signatureFacts(db: Conn, willId: string) {
  return db
    .select()
    .from(signature_events)
    .where(and(eq(signature_events.signable_type, 'Wasiat'), eq(signature_events.signable_id, willId)))
    .orderBy(asc(signature_events.signed_at));
}

/** Whether a signer's latest signature is of the will as it is now (issue 17 item 4). */
export type SignatureState = 'current' | 'earlier_version' | 'missing';

/**
 * The signatures a will needs, against its content now: the testator's latest signature and each witness's
 * latest, each `current` (its `document_sha256` is the will's version now), `earlier_version` (signed before
 * the content changed, e.g. corrected after "cancel for update") or `missing`. Submit and staff confirmation
 * refuse a will whose signatures are not all current (transitions.ts), so a sealed will's completion page
 * prints signatures of the version it seals.
 * @returns `{ version, testator: { state, signed_at }, witnesses: [{ id, name, state, signed_at }] }`.
 */
export async function signaturesOfVersion(db: Conn, willId: string) {
  const version = await documentVersion(db, willId);
  const events = await db
    .select({
      role: signature_events.role,
      witness_id: signature_events.witness_id,
      sha: signature_events.document_sha256,
      signed_at: signature_events.signed_at,
    })
    .from(signature_events)
    .where(and(eq(signature_events.signable_type, 'Wasiat'), eq(signature_events.signable_id, willId)))
    .orderBy(desc(signature_events.signed_at));
  const latest = (pick: (e: (typeof events)[number]) => boolean) => events.find(pick) ?? null;
  const stateOf = (e: (typeof events)[number] | null): SignatureState =>
    !e ? 'missing' : e.sha === version ? 'current' : 'earlier_version';
  // a signature detached by staff's reset (verification-reset.ts, ADR 0183) counts as missing, like a witness's
  const [{ signature_id } = { signature_id: null }] = await db
    .select({ signature_id: wills.signature_id })
    .from(wills)
    .where(eq(wills.id, willId));
  const t = signature_id ? latest((e) => e.role === 'testator') : null;
  const witnessRows = await db
    .select({ id: witnesses.id, name: witnesses.name, signature_id: witnesses.signature_id })
    .from(witnesses)
    .where(and(eq(witnesses.witnessable_type, 'Wasiat'), eq(witnesses.witnessable_id, willId)))
    .orderBy(asc(witnesses.created_at), asc(witnesses.id));
  return {
    version,
    testator: { state: stateOf(t), signed_at: t?.signed_at.toISOString() ?? null },
    witnesses: witnessRows.map((w) => {
      const e = w.signature_id ? latest((x) => x.role === 'witness' && x.witness_id === w.id) : null;
      return { id: w.id, name: w.name, state: stateOf(e), signed_at: e?.signed_at.toISOString() ?? null };
    }),
  };
}

export { canonicalJson };
