/**
 * The "document version" a hibah signature is given for (ADR 0015, as for wills): the SHA-256 (hex) of
 * the canonical JSON of the hibah's content — particulars, receivers (without their signatures),
 * caretakers, heirs, property and shares — at that moment. Witness and receiver signatures do not change it.
 */
import { createHash } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  hibah_caretakers,
  hibah_heirs,
  hibah_properties,
  hibah_property_receivers,
  hibah_receivers,
  hibah_user_details,
  hibahs,
} from '../db/schema/index.ts';
import { canonicalJson } from '../wills/signature-facts.ts';
import type { Conn } from './service.ts';

const content = <T extends Record<string, unknown>>(row: T) => {
  const { created_at: _c, updated_at: _u, signature_id: _s, signed_at: _t, ...rest } = row as Record<string, unknown>;
  return rest;
};

/** The hibah's signed content, in a stable order. */
export async function hibahDocumentContent(db: Conn, id: string) {
  const [h] = await db.select().from(hibahs).where(eq(hibahs.id, id));
  const [d] = await db.select().from(hibah_user_details).where(eq(hibah_user_details.hibah_id, id));
  const rows = async (t: any) => (await db.select().from(t).where(eq(t.hibah_id, id)).orderBy(asc(t.id))) as any[];
  const props = await rows(hibah_properties);
  const shares = props.length
    ? await db
        .select()
        .from(hibah_property_receivers)
        .where(
          inArray(
            hibah_property_receivers.property_id,
            props.map((p) => p.id),
          ),
        )
        .orderBy(asc(hibah_property_receivers.id))
    : [];
  return {
    hibah: h
      ? {
          id: h.id,
          hibah_type: h.hibah_type,
          user_id: h.user_id,
          organization_id: h.organization_id,
          trust_purpose: h.trust_purpose,
          period: h.period,
          distribution_lifetime_instruction: h.distribution_lifetime_instruction,
          distribution_after_death_instruction: h.distribution_after_death_instruction,
        }
      : null,
    particulars: d ? content(d) : null,
    receivers: (await rows(hibah_receivers)).map(content),
    caretakers: (await rows(hibah_caretakers)).map(content),
    heirs: (await rows(hibah_heirs)).map(content),
    properties: props.map(content),
    shares: shares.map(content),
  };
}

/** SHA-256 (hex) of {@link hibahDocumentContent}. */
export async function hibahDocumentVersion(db: Conn, id: string) {
  return createHash('sha256')
    .update(canonicalJson(await hibahDocumentContent(db, id)))
    .digest('hex');
}
