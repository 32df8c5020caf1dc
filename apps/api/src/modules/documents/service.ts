/**
 * The documents module's rules and queries (docs/api/documents.md): which will and payment a document
 * is made of, and the public verification view. Reads the wills, people, property and payment tables
 * (owned by other modules) read-only. Every "not found", "not yours" and "not available yet" is a 404.
 */
import { governingLawOf, maskName, WILL_STATUS } from '@wasiat/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import {
  attachments,
  bequests,
  branches,
  caretakers,
  heirs,
  immoveable_properties,
  moveable_properties,
  organizations,
  payments,
  property_receivers,
  receivers,
  users,
  will_user_details,
  wills,
  witnesses,
} from '../../db/schema/index.ts';
import type { DocumentAccess } from '../../platform/documents/access.ts';
import { qrDataUrl, verifyUrl } from '../../platform/documents/pdf/layout.ts';
import { type SealKind, sealKind } from '../../platform/documents/seal.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { ReceiptPdfData } from '../payments/index.ts';
import { receiptContact } from '../support/index.ts';
import { findVisibleWill, heirBequestState, willHeirBequests } from '../wills/index.ts';
import type { ShareLine, WillPdfData } from './pdf/will.ts';
import { versionSigning } from './version-signing.ts';

type Will = typeof wills.$inferSelect;
type Payment = typeof payments.$inferSelect;

/** The will (not deleted) or a 404. */
async function findWill(ctx: Ctx, id: string): Promise<Will> {
  const [w] = await ctx.db.select().from(wills).where(eq(wills.id, id)).limit(1);
  if (!w || w.deleted_at) throw notFound();
  return w;
}

/**
 * The will if the access allows it: a signature always does (it was issued to someone who could see
 * the will); a bearer user only when the wills module's scope lets them see it (`findVisibleWill`,
 * wills/policy.ts — the one place for will visibility). 404 otherwise.
 */
export async function authorisedWill(ctx: Ctx, id: string, access: DocumentAccess): Promise<Will> {
  if (access.via === 'bearer') return findVisibleWill(ctx.db, access.user, id);
  return findWill(ctx, id);
}

/** The most recent payment of a will, or null. */
export async function latestPayment(ctx: Ctx, willId: string): Promise<Payment | null> {
  const [p] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.paymentable_type, 'Wasiat'), eq(payments.paymentable_id, willId)))
    .orderBy(desc(payments.created_at))
    .limit(1);
  return p ?? null;
}

/** Whether a receipt exists for this payment: it is paid or waived. */
export const hasReceipt = (p: Payment | null): p is Payment & { status: 'paid' | 'waived' } =>
  !!p && (p.status === 'paid' || p.status === 'waived');

/** An attachment's bytes as a data URL when it is a PNG or JPEG image (signatures), else null. */
export async function imageDataUrl(ctx: Ctx, attachmentId: string | null): Promise<string | null> {
  if (!attachmentId) return null;
  const [a] = await ctx.db.select().from(attachments).where(eq(attachments.id, attachmentId)).limit(1);
  if (!a || (a.mime_type !== 'image/png' && a.mime_type !== 'image/jpeg')) return null;
  try {
    const bytes = await ctx.store.get(a.storage_key);
    return `data:${a.mime_type};base64,${bytes.toString('base64')}`;
  } catch {
    return null;
  }
}

/** The testator: name and MyKad from the will's particulars (part C), else from the account. */
async function testatorOf(ctx: Ctx, w: Will) {
  const [detail] = await ctx.db.select().from(will_user_details).where(eq(will_user_details.wasiat_id, w.id)).limit(1);
  const [owner] = await ctx.db.select().from(users).where(eq(users.id, w.user_id)).limit(1);
  return {
    detail: detail ?? null,
    owner,
    name: detail?.name || owner?.name || '',
    ic: detail?.ic_number || owner?.ic_number || '',
  };
}

async function organizationName(ctx: Ctx, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [o] = await ctx.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, id));
  return o?.name ?? null;
}

/** Receivers' shares of the given properties, grouped by property id. */
async function sharesOf(ctx: Ctx, type: 'MoveableProperty' | 'ImmoveableProperty', ids: string[]) {
  const out = new Map<string, ShareLine[]>();
  if (ids.length === 0) return out;
  const rows = await ctx.db
    .select({ pid: property_receivers.propertyable_id, portion: property_receivers.portion, r: receivers })
    .from(property_receivers)
    .innerJoin(receivers, eq(receivers.id, property_receivers.receiver_id))
    .where(and(eq(property_receivers.propertyable_type, type), inArray(property_receivers.propertyable_id, ids)))
    .orderBy(asc(property_receivers.created_at));
  for (const { pid, portion, r } of rows) {
    out.set(pid, [
      ...(out.get(pid) ?? []),
      { name: r.name, relationship: r.relationship, portion, ic_number: r.ic_number },
    ]);
  }
  return out;
}

/**
 * Everything the will PDF prints, including its certificate-of-completion page: the signatures of the
 * current version (version-signing.ts — an amended will's are its amendment's; issue 34, ADR 0232).
 * Only a registered will (status 2) has one: 404 otherwise.
 * Lists are in the order they were entered.
 */
export async function willPdfData(ctx: Ctx, w: Will): Promise<WillPdfData> {
  if (w.status !== WILL_STATUS.registered) throw notFound();
  const db = ctx.db;
  const t = await testatorOf(ctx, w);
  const [branch] = w.branch_id
    ? await db.select({ name: branches.branch_name }).from(branches).where(eq(branches.id, w.branch_id))
    : [];
  const heirRows = await db
    .select()
    .from(heirs)
    .where(and(eq(heirs.heirable_type, 'Wasiat'), eq(heirs.heirable_id, w.id)))
    .orderBy(asc(heirs.created_at));
  const witnessRows = await db
    .select()
    .from(witnesses)
    .where(and(eq(witnesses.witnessable_type, 'Wasiat'), eq(witnesses.witnessable_id, w.id)))
    .orderBy(asc(witnesses.created_at));
  const moveables = await db
    .select()
    .from(moveable_properties)
    .where(and(eq(moveable_properties.moveable_type, 'Wasiat'), eq(moveable_properties.moveable_id, w.id)))
    .orderBy(asc(moveable_properties.created_at));
  const immoveables = await db
    .select()
    .from(immoveable_properties)
    .where(and(eq(immoveable_properties.immoveable_type, 'Wasiat'), eq(immoveable_properties.immoveable_id, w.id)))
    .orderBy(asc(immoveable_properties.created_at));
  const mShares = await sharesOf(
    ctx,
    'MoveableProperty',
    moveables.map((p) => p.id),
  );
  const iShares = await sharesOf(
    ctx,
    'ImmoveableProperty',
    immoveables.map((p) => p.id),
  );
  const caretakerRows = await db
    .select()
    .from(caretakers)
    .where(and(eq(caretakers.caretakerable_type, 'Wasiat'), eq(caretakers.caretakerable_id, w.id)))
    .orderBy(asc(caretakers.created_at));
  const bequestRows = await db
    .select()
    .from(bequests)
    .where(eq(bequests.wasiat_id, w.id))
    .orderBy(asc(bequests.created_at));
  const url = verifyUrl(ctx.appUrl, w.id);
  // Bequests to heirs through property shares, from the records, and the acknowledgement of exactly them.
  const heirBequestList = await willHeirBequests(db, w.id);
  const ack = await heirBequestState(db, 'Wasiat', w.id, heirBequestList);
  // The signatures of the version printed (the current one), read where every will PDF reads them: an
  // amended will's are its amendment's (version-signing.ts; issue 34, ADR 0232).
  const signing = await versionSigning(ctx, w, w.current_version, t);
  return {
    signatureFacts: signing.signatureFacts,
    // The executed original's record is not printed, and recording it must not make a new sealed version (ADR 0266).
    will: { ...w, executed_original_at: null, executed_original_version: null },
    detail: t.detail,
    testatorName: t.name,
    testatorIc: t.ic,
    organizationName: await organizationName(ctx, w.organization_id),
    branchName: branch?.name ?? null,
    heirs: heirRows,
    witnesses: await Promise.all(
      witnessRows.map(async (x) => ({
        name: x.name,
        ic_number: x.ic_number,
        signature: await imageDataUrl(ctx, x.signature_id),
        identified_by: x.identified_by,
      })),
    ),
    moveables: moveables.map((property) => ({ property, shares: mShares.get(property.id) ?? [] })),
    immoveables: immoveables.map((property) => ({ property, shares: iShares.get(property.id) ?? [] })),
    caretakers: caretakerRows,
    bequests: bequestRows,
    heirBequests: heirBequestList,
    heirBequestsAcknowledgedAt:
      ack.acknowledged && ack.acknowledgement ? new Date(ack.acknowledgement.acknowledged_at) : null,
    testatorSignature:
      (await imageDataUrl(ctx, signing.testatorSignatureId)) ?? (await imageDataUrl(ctx, t.owner?.signature_id)),
    completion: signing.completion,
    // The state whose law governs the will, recorded or from the testator's address (ADR 0260).
    governingLaw: governingLawOf(w, t.detail),
    // Sealed under a licensed CA's certificate: the will says so (ADR 0297); the key is absent otherwise.
    ...licensedSealOf(sealKind()),
    qr: await qrDataUrl(url),
    verifyUrl: url,
  };
}

/** `{ licensedSeal }` of a `licensed_ca` seal, else nothing (WillPdfData `licensedSeal`). */
const licensedSealOf = (seal: SealKind): Pick<WillPdfData, 'licensedSeal'> =>
  seal.kind === 'licensed_ca' ? { licensedSeal: { caSubject: seal.ca_subject } } : {};

/**
 * Everything the receipt prints, from the will's latest payment. 404 unless that payment is paid or
 * waived. Price is the will's (sen), the promo discount the will's when this payment redeemed a code
 * (sen), the amount paid the payment's (sen; 0 when waived).
 */
export async function receiptPdfData(ctx: Ctx, w: Will): Promise<ReceiptPdfData> {
  const p = await latestPayment(ctx, w.id);
  if (!hasReceipt(p)) throw notFound();
  const t = await testatorOf(ctx, w);
  const url = verifyUrl(ctx.appUrl, w.id);
  // The promo discount belongs to the payment that redeemed the code (as payments/serialize does).
  const discountSen = p.promo_code_id ? w.discount_sen : 0;
  return {
    receiptNo: p.receipt_no ?? p.id,
    date: p.paid_at ?? p.confirmed_at ?? p.created_at,
    payerName: t.name,
    payerIc: t.ic || null,
    plan: w.plan,
    wasiatNo: w.wasiat_no,
    priceSen: w.price_sen ?? p.amount_sen + discountSen,
    discountSen,
    amountPaidSen: p.amount_sen,
    paymentOptionId: p.payment_options_id,
    status: p.status,
    reference: p.reference ?? p.gateway_reference,
    organizationName: await organizationName(ctx, w.organization_id),
    qr: await qrDataUrl(url),
    verifyUrl: url,
    contact: await receiptContact(ctx.db, ctx.env),
  };
}

/** The public verification view of a will (docs/api/documents.md `GET /public/wasiat/{id}`). */
export interface PublicWill {
  id: string;
  wasiat_no: string | null;
  status: number;
  /** ISO 8601 UTC. */
  registered_at: string | null;
  /** The name masked; no MyKad at all — its digits tell the date of birth (issue 36 item 6; ADR 0228). */
  testator: { name: string };
  organization: { name: string } | null;
}

/**
 * Only what verifies a registered will: number, status, date, the testator's masked name (no MyKad digits:
 * issue 36 item 6),
 * and the organisation's name. 404 unless the will exists and has status 2.
 */
export async function publicWill(ctx: Ctx, id: string): Promise<PublicWill> {
  const w = await findWill(ctx, id);
  if (w.status !== WILL_STATUS.registered) throw notFound();
  const t = await testatorOf(ctx, w);
  const org = await organizationName(ctx, w.organization_id);
  return {
    id: w.id,
    wasiat_no: w.wasiat_no,
    status: w.status,
    registered_at: w.registered_at?.toISOString() ?? null,
    testator: { name: maskName(t.name) },
    organization: org ? { name: org } : null,
  };
}
