/**
 * TEKUN programme: uploads and their rows, certificates, staff verification, a member's will under the
 * programme and the programme's wills (issue 10; docs/api/programmes.md). Scope comes from policy.ts
 * (a record outside it is a 404); every change writes an audit event in its transaction.
 */
import { type Language, PG, translate } from '@wasiat/domain';
import { and, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  attachments,
  branches,
  type certificate_upload_rows,
  certificate_uploads,
  certificates,
  pricings,
  programmes,
  users,
  wills,
} from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import { type Page, pageParams, toPage } from '../../platform/http/pagination.ts';
import { grantOnClientChoice } from '../grants/index.ts';
import { createWill, hasLivePayment, markPartDone } from '../wills/index.ts';
import { certificateScope, loadVisibleCertificate, visibleProgrammeIds } from './policy.ts';
import { uploadRows } from './upload-service.ts';

type Upload = typeof certificate_uploads.$inferSelect;
type Row = typeof certificate_upload_rows.$inferSelect;
type Certificate = typeof certificates.$inferSelect;
const inTx = <T>(db: Db, fn: (tx: Db) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Db));

export const serializeUpload = (u: Upload, extra: Record<string, unknown> = {}) => ({
  id: u.id,
  programme_id: u.programme_id,
  kind: u.kind,
  file_name: u.file_name,
  total_rows: u.total_rows,
  accepted_count: u.accepted_count,
  refused_count: u.refused_count,
  uploaded_by: u.uploaded_by,
  created_at: u.created_at,
  ...extra,
});

/** A row with its reasons translated: `reasons: [{ field, message }]`, `reason` = the first message. */
export function serializeRow(r: Row, lang: Language) {
  const reasons = r.reasons.map((s) => {
    const [field, key] = s.split('|');
    return { field, message: translate(key, lang) };
  });
  return {
    id: r.id,
    row_no: r.row_no,
    member_name: r.member_name,
    ic_number: r.ic_number,
    certificate_no: r.certificate_no,
    issue_date: r.issue_date,
    status: r.status,
    reason: reasons[0]?.message ?? null,
    reasons,
    certificate_id: r.certificate_id,
  };
}

export const serializeCertificate = (c: Certificate) => ({
  id: c.id,
  programme_id: c.programme_id,
  upload_id: c.upload_id,
  certificate_no: c.certificate_no,
  member_name: c.member_name,
  ic_number: c.ic_number,
  issue_date: c.issue_date,
  status: c.status,
  rejected_reason: c.rejected_reason,
  verified_by: c.verified_by,
  verified_at: c.verified_at,
  wasiat_id: c.will_id,
  has_document: !!c.attachment_id,
  created_at: c.created_at,
});

/** An upload the user may see. @throws 404 otherwise. */
async function visibleUpload(db: Db, user: AuthUser, id: string) {
  const [u] = await db
    .select()
    .from(certificate_uploads)
    .where(and(eq(certificate_uploads.id, id), inArray(certificate_uploads.programme_id, visibleProgrammeIds(user))));
  if (!u) throw notFound();
  return u;
}

/**
 * `GET /api/tekun/upload/{id}?status=accepted|refused` → `{ upload, rows: [...] }` (rows in file order,
 * reasons translated). @throws 404 when not visible.
 */
export async function getUpload(
  db: Db,
  user: AuthUser,
  id: string,
  lang: Language,
  status?: 'accepted' | 'refused',
  extra = {},
) {
  const u = await visibleUpload(db, user, id);
  const rows = await uploadRows(db, u.id, status);
  return { upload: serializeUpload(u, extra), rows: rows.map((r) => serializeRow(r, lang)) };
}

/**
 * `GET /api/tekun/upload?status=accepted|refused&limit&page` → `{ uploads: { data, … } }`, newest first.
 * With `status`, only uploads having at least one row in that status; each carries its counts.
 */
export async function listUploads(
  db: Db,
  user: AuthUser,
  q: { status?: 'accepted' | 'refused'; limit?: number; page?: number },
) {
  const where = and(
    inArray(certificate_uploads.programme_id, visibleProgrammeIds(user)),
    q.status === 'accepted' ? sql`${certificate_uploads.accepted_count} > 0` : undefined,
    q.status === 'refused' ? sql`${certificate_uploads.refused_count} > 0` : undefined,
  );
  const p = pageParams(q);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(certificate_uploads).where(where);
  const rows = await db
    .select({ u: certificate_uploads, by: users.name })
    .from(certificate_uploads)
    .leftJoin(users, eq(users.id, certificate_uploads.uploaded_by))
    .where(where)
    .orderBy(desc(certificate_uploads.created_at), desc(certificate_uploads.id))
    .limit(p.per_page)
    .offset(p.offset);
  return {
    uploads: toPage(
      rows.map((r) => serializeUpload(r.u, { uploaded_by_name: r.by })),
      Number(n),
      p,
    ),
  };
}

/**
 * `GET /api/tekun/certificate?status=pending|verified|rejected&search&limit&page` → `{ certificates: { data, … } }`.
 * Staff and the programme's partners see the programme's; a member sees their own (by MyKad).
 */
export async function listCertificates(
  db: Db,
  user: AuthUser,
  q: { status?: string; search?: string; limit?: number; page?: number },
): Promise<{ certificates: Page<ReturnType<typeof serializeCertificate>> }> {
  const s = q.search?.trim();
  const where = and(
    certificateScope(user),
    q.status ? eq(certificates.status, q.status) : undefined,
    s
      ? or(
          ilike(certificates.certificate_no, `%${s}%`),
          ilike(certificates.member_name, `%${s}%`),
          eq(certificates.ic_number, s),
        )
      : undefined,
  );
  const p = pageParams(q);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(certificates).where(where);
  const rows = await db
    .select()
    .from(certificates)
    .where(where)
    .orderBy(desc(certificates.created_at), desc(certificates.certificate_no))
    .limit(p.per_page)
    .offset(p.offset);
  return { certificates: toPage(rows.map(serializeCertificate), Number(n), p) };
}

/** `GET /api/tekun/certificate/{id}` → `{ certificate }`. @throws 404 when not visible. */
export async function getCertificate(db: Db, user: AuthUser, id: string) {
  return { certificate: serializeCertificate(await loadVisibleCertificate(db, user, id)) };
}

/** The stored PDF of a visible certificate: `{ key, filename }`. @throws 404 when not visible or no file. */
export async function certificateDocument(db: Db, user: AuthUser, id: string) {
  const c = await loadVisibleCertificate(db, user, id);
  if (!c.attachment_id) throw notFound();
  const [a] = await db.select().from(attachments).where(eq(attachments.id, c.attachment_id));
  if (!a) throw notFound();
  return { key: a.storage_key, filename: `${c.certificate_no.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf` };
}

/**
 * `PATCH /api/tekun/certificate/{id} { status: verified|rejected, rejected_reason? }` (provider staff,
 * `programme:verify`) → `{ certificate }`. Only a `pending` certificate changes (422
 * `programmes.not_pending`); a rejection needs a reason (schema).
 */
export async function verifyCertificate(
  db: Db,
  user: AuthUser,
  id: string,
  body: { status: 'verified' | 'rejected'; rejected_reason?: string },
  ip?: string,
) {
  return inTx(db, async (tx) => {
    const c = await loadVisibleCertificate(tx, user, id, true);
    if (c.status !== 'pending') throw fieldError('status', PG.notPending);
    const now = new Date();
    const [after] = await tx
      .update(certificates)
      .set({
        status: body.status,
        rejected_reason: body.status === 'rejected' ? (body.rejected_reason ?? null) : null,
        verified_by: user.id,
        verified_at: now,
      })
      .where(eq(certificates.id, c.id))
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      action: body.status === 'verified' ? 'certificate.verify' : 'certificate.reject',
      entityType: 'Certificate',
      entityId: c.id,
      before: { status: c.status },
      after: { status: after.status, rejected_reason: after.rejected_reason },
      ip,
    });
    return { certificate: serializeCertificate(after) };
  });
}

/**
 * `POST /api/tekun/certificate/{id}/wasiat` → `{ wasiat: { id, status, price_sen, … }, certificate }`
 * (201). Registers the member's basic will under the programme at the programme's pricing (ADR 0050):
 * the member themselves (a Client whose MyKad is on the certificate), or the programme's partner/staff
 * for them. The will is created by the wills module (part a), then placed in the programme's
 * organisation/headquarters with the programme pricing (part b done) and linked to the certificate.
 * @throws 404 not visible; 422 `programmes.not_verified`, `will_exists`, `member_no_account` (no Client
 *   account with the certificate's MyKad), `open_will_elsewhere` (an open will of another organisation or
 *   already paid), `no_pricing`.
 */
export async function registerProgrammeWill(db: Db, user: AuthUser, id: string, ip?: string) {
  const c = await loadVisibleCertificate(db, user, id);
  if (c.status !== 'verified') throw fieldError('certificate', PG.notVerified);
  if (c.will_id) throw fieldError('certificate', PG.willExists);
  const [member] = await db
    .select()
    .from(users)
    .where(and(eq(users.ic_number, c.ic_number), eq(users.role, 'Client'), eq(users.status, 1)));
  if (!member) throw fieldError('certificate', PG.memberNoAccount);
  const [programme] = await db.select().from(programmes).where(eq(programmes.id, c.programme_id));
  const [pricing] = programme.pricing_id
    ? await db
        .select()
        .from(pricings)
        .where(and(eq(pricings.id, programme.pricing_id), eq(pricings.status, 1)))
    : [];
  if (!pricing) throw fieldError('certificate', PG.noPricing);
  const [hq] = await db
    .select()
    .from(branches)
    .where(and(eq(branches.organization_id, programme.organization_id), eq(branches.is_headquarter, true)))
    .limit(1);

  let created: Awaited<ReturnType<typeof createWill>>;
  try {
    created = await createWill(db, { user, ip }, { user_id: member.id });
  } catch (e) {
    if (e instanceof AppError && e.code !== 'validation') throw e;
    throw fieldError('certificate', PG.openWillElsewhere);
  }
  return inTx(db, async (tx) => {
    const [cert] = await tx.select().from(certificates).where(eq(certificates.id, c.id)).for('update');
    if (cert.will_id) throw fieldError('certificate', PG.willExists);
    const [will] = await tx.select().from(wills).where(eq(wills.id, created.will.id)).for('update');
    const samePlace = will.organization_id === programme.organization_id && will.pricing_id === pricing.id;
    if (!samePlace) {
      const clash = await tx
        .select({ id: certificates.id })
        .from(certificates)
        .where(eq(certificates.will_id, will.id));
      if (
        clash.length ||
        (!created.created &&
          (will.organization_id !== programme.organization_id || (await hasLivePayment(tx, will.id))))
      ) {
        throw fieldError('certificate', PG.openWillElsewhere);
      }
      await tx
        .update(wills)
        .set({
          organization_id: programme.organization_id,
          branch_id: hq?.id ?? will.branch_id,
          pricing_id: pricing.id,
          price_sen: pricing.price_sen,
          plan: pricing.plan,
          wasiat_type: will.wasiat_type ?? 1,
        })
        .where(eq(wills.id, will.id));
      await markPartDone(tx, will.id, 'b');
    }
    // The member registering under the programme lets its organisation act for them on it (ADR 0101).
    await grantOnClientChoice(tx, { user, ip }, member.id, programme.organization_id);
    const [after] = await tx
      .update(certificates)
      .set({ will_id: will.id })
      .where(eq(certificates.id, c.id))
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      action: 'certificate.register_will',
      entityType: 'Certificate',
      entityId: c.id,
      before: { will_id: null },
      after: { will_id: will.id, programme_id: programme.id, pricing_id: pricing.id, price_sen: pricing.price_sen },
      ip,
    });
    const [w] = await tx.select().from(wills).where(eq(wills.id, will.id));
    return {
      wasiat: { id: w.id, status: w.status, organization_id: w.organization_id, price_sen: w.price_sen, plan: w.plan },
      certificate: serializeCertificate(after),
    };
  });
}

/**
 * `GET /api/tekun/wasiat?status&limit&page` → `{ wasiats: { data: [{ id, status, wasiat_no, price_sen,
 * payment_received_at, created_at, certificate_id, certificate_no, member_name, ic_number }], … } }` —
 * the wills registered under the visible programmes (a member: their own).
 */
export async function listProgrammeWills(
  db: Db,
  user: AuthUser,
  q: { status?: number; limit?: number; page?: number },
) {
  const where = and(
    isNotNull(certificates.will_id),
    certificateScope(user),
    q.status !== undefined ? eq(wills.status, q.status) : undefined,
  ) as SQL;
  const p = pageParams(q);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(certificates)
    .innerJoin(wills, eq(wills.id, certificates.will_id))
    .where(where);
  const rows = await db
    .select({ c: certificates, w: wills })
    .from(certificates)
    .innerJoin(wills, eq(wills.id, certificates.will_id))
    .where(where)
    .orderBy(desc(wills.created_at), desc(wills.id))
    .limit(p.per_page)
    .offset(p.offset);
  return {
    wasiats: toPage(
      rows.map(({ c, w }) => ({
        id: w.id,
        status: w.status,
        wasiat_no: w.wasiat_no,
        price_sen: w.price_sen,
        payment_received_at: w.payment_received_at,
        created_at: w.created_at,
        certificate_id: c.id,
        certificate_no: c.certificate_no,
        member_name: c.member_name,
        ic_number: c.ic_number,
      })),
      Number(n),
      p,
    ),
  };
}
