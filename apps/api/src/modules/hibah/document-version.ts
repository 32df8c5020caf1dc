/**
 * The "document version" a hibah signature is given for (ADR 0015, as for wills): the SHA-256 (hex) of
 * the canonical JSON of the hibah's content — particulars, receivers (without their signatures),
 * caretakers, heirs, property and shares, and a corporate grantor's company (its signatories and board
 * resolution) — at that moment. Witness and receiver signatures do not change it.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  hibah_caretakers,
  hibah_companies,
  hibah_heirs,
  hibah_properties,
  hibah_property_receivers,
  hibah_receivers,
  hibah_user_details,
  hibahs,
  signature_events,
} from '../../db/schema/index.ts';
import { canonicalJson } from '../wills/index.ts';
import type { Conn } from './service.ts';

/**
 * Columns that record what happened to a row, not what the hibah says: timestamps, signatures, link and
 * code bookkeeping (issue 21 item 5: mailing a receiver's link or code must not change the version the
 * grantor signed).
 */
const BOOKKEEPING = new Set([
  'created_at',
  'updated_at',
  'signature_id',
  'signed_at',
  'link_sent_at',
  'link_viewed_at',
  'otp_hash',
  'otp_expires_at',
  'otp_failed_attempts',
  'otp_channel',
  'otp_verified_at',
  'accepted_by_caretaker_id',
]);
const content = <T extends Record<string, unknown>>(row: T) =>
  Object.fromEntries(Object.entries(row as Record<string, unknown>).filter(([k]) => !BOOKKEEPING.has(k)));

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
  const [company] = await db.select().from(hibah_companies).where(eq(hibah_companies.hibah_id, id));
  return {
    // The company of a corporate hibah (ADR 0165) — only when there is one, so the version of every other
    // hibah is what it was before companies existed.
    ...(company ? { company: content(company) } : {}),
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

/**
 * Whether the grantor's printed signature (`hibahs.signature_id`) was given for the hibah's content as it
 * is now (issue 21 item 5): its signature event's `document_sha256` equals {@link hibahDocumentVersion}.
 * False without a signature, or when the content changed after signing (e.g. a caretaker added): the
 * grantor must sign again before submitting. @returns `{ current, signed, now }` (the two SHA-256 hex values).
 */
export async function grantorSignatureState(
  db: Conn,
  h: { id: string; signature_id: string | null },
): Promise<{ current: boolean; signed: string | null; now: string }> {
  const now = await hibahDocumentVersion(db, h.id);
  if (!h.signature_id) return { current: false, signed: null, now };
  const [e] = await db
    .select({ sha: signature_events.document_sha256 })
    .from(signature_events)
    .where(
      and(
        eq(signature_events.signable_type, 'Hibah'),
        eq(signature_events.signable_id, h.id),
        eq(signature_events.attachment_id, h.signature_id),
      ),
    )
    .orderBy(desc(signature_events.signed_at))
    .limit(1);
  return { current: e?.sha === now, signed: e?.sha ?? null, now };
}
