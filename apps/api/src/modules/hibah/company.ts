/**
 * The company that makes a corporate hibah or trust (products 1–2, domain CORPORATE_HIBAH_TYPES; issue 21
 * item 6; ADR 0165). It takes the place of a person's particulars (`hibah_user_details`: MyKad, religion,
 * marital status…): the company's name, SSM registration number, registered address, its authorised
 * signatories (name, MyKad, designation; 1–10) and the board resolution that authorises the hibah (a PDF
 * or image, kept as an attachment of the hibah through the file store — local folder or S3; ADR 0109).
 *
 * - `GET /hibah/{id}/company` → `{ company }` (null before it is given, and for other products);
 * - `POST /hibah/{id}/company` (the whole record) → `{ company }`; 422 per field (`signatories.<n>.<field>`);
 * - `POST /hibah/{id}/company/resolution { document, filename }` → 201 `{ company }`.
 * Writes: the grantor or the agent who registered the hibah while it is filled in (policy `assertCanFill`,
 * status -1/0/1), only for a corporate product (else 422 `hibah.company.not_corporate` on `_`).
 */
import { CORPORATE_HIBAH_TYPES, HC, HIBAH_STATUS, type HibahCompany } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { attachments, hibah_companies, hibahs } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { DOCUMENT_TYPES, decodeBase64, Uploads } from '../../platform/files/uploads.ts';
import { fieldError } from '../../platform/http/errors.ts';
import type { HibahRow } from './policy.ts';
import { type Actor, asDb, audit, type Conn, fillableHibah, findVisibleHibah } from './service.ts';

export type CompanyRow = typeof hibah_companies.$inferSelect;

/** Attachment type of the board resolution (owner: the hibah). */
export const RESOLUTION_TYPE = 'board-resolution';

/** Whether hibah product `type` is made by a company (products 1–2). */
export const isCorporate = (type: number) => (CORPORATE_HIBAH_TYPES as readonly number[]).includes(type);

/** The company row of hibah `hibahId`, or null. No access check: callers have checked. */
export async function companyOf(db: Conn, hibahId: string): Promise<CompanyRow | null> {
  const [c] = await db.select().from(hibah_companies).where(eq(hibah_companies.hibah_id, hibahId));
  return c ?? null;
}

/** The board resolution's file facts (name, type, SHA-256 of the stored bytes), or null. */
export async function resolutionOf(db: Conn, c: Pick<CompanyRow, 'board_resolution_id'> | null) {
  if (!c?.board_resolution_id) return null;
  const [a] = await db
    .select({
      id: attachments.id,
      original_filename: attachments.original_filename,
      mime_type: attachments.mime_type,
      sha256: attachments.sha256,
      created_at: attachments.created_at,
    })
    .from(attachments)
    .where(eq(attachments.id, c.board_resolution_id));
  return a ?? null;
}

/**
 * The wire shape: `{ id, name, registration_number, address, postcode, city, state, signatories: [{ name,
 * ic_number, designation }], board_resolution: { id, original_filename, mime_type, sha256, created_at } | null }`.
 * The file downloads with `GET /api/attachment/{id}/file` (whoever may see the hibah).
 */
export async function companyView(db: Conn, c: CompanyRow | null) {
  if (!c) return null;
  return {
    id: c.id,
    name: c.name,
    registration_number: c.registration_number,
    address: c.address,
    postcode: c.postcode,
    city: c.city,
    state: c.state,
    signatories: c.signatories,
    board_resolution: await resolutionOf(db, c),
  };
}

/** `GET /hibah/{id}/company`: the company of a hibah the caller may see (404 otherwise), or null. */
export async function getCompany(db: Db, user: AuthUser, hibahId: string) {
  const h = await findVisibleHibah(db, user, hibahId);
  return companyView(db, await companyOf(db, h.id));
}

/** A fillable hibah (see {@link fillableHibah}) of a corporate product. @throws 422 `hibah.company.not_corporate`. */
async function corporateHibah(tx: Conn, user: AuthUser, hibahId: string): Promise<HibahRow> {
  const h = await fillableHibah(tx, user, hibahId);
  if (!isCorporate(h.hibah_type)) throw fieldError('_', HC.notCorporate);
  return h;
}

/**
 * `POST /hibah/{id}/company`: save the company (validated by the domain's `hibahCompanySchema`; the
 * registration number comes formatted). A placeholder hibah (-1) becomes new (0), as with a person's
 * particulars. Audit `hibah.company`. @returns the wire shape.
 */
export async function saveCompany(db: Db, actor: Actor, hibahId: string, body: HibahCompany) {
  return db.transaction(async (tx) => {
    const h = await corporateHibah(tx, actor.user, hibahId);
    const before = await companyOf(tx, h.id);
    const values = {
      name: body.name,
      registration_number: body.registration_number,
      address: body.address,
      postcode: body.postcode,
      city: body.city,
      state: body.state,
      signatories: body.signatories.map((s) => ({ name: s.name, ic_number: s.ic_number, designation: s.designation })),
    };
    const [row] = before
      ? await tx.update(hibah_companies).set(values).where(eq(hibah_companies.id, before.id)).returning()
      : await tx
          .insert(hibah_companies)
          .values({ ...values, hibah_id: h.id })
          .returning();
    if (h.status === HIBAH_STATUS.placeholder) {
      await tx.update(hibahs).set({ status: HIBAH_STATUS.new }).where(eq(hibahs.id, h.id));
    }
    await audit(tx, actor, 'hibah.company', h.id, before, row);
    return companyView(tx, row);
  });
}

/**
 * `POST /hibah/{id}/company/resolution`: the board resolution (PDF, PNG, JPEG or WebP ≤ 5 MB, checked by
 * its bytes: 422 `errors.file_type` / `errors.file_too_large` on `document`), stored through the file store
 * as an attachment of the hibah (type `board-resolution`); the company points to the newest one (earlier
 * files stay, as uploaded). The company must be saved first (422 `hibah.company.required` on `_`).
 * Audit `hibah.company_resolution`. @returns the wire shape.
 */
export async function uploadResolution(
  ctx: Ctx,
  actor: Actor,
  hibahId: string,
  body: { document: string; filename?: string },
) {
  const data = decodeBase64(body.document, 'document');
  // Stored before the transaction, recorded in it (ADR 0220).
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({
    ownerType: 'Hibah',
    ownerId: hibahId,
    data,
    allowed: DOCUMENT_TYPES,
    field: 'document',
  });
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      const h = await corporateHibah(tx, actor.user, hibahId);
      const c = await companyOf(tx, h.id);
      if (!c) throw fieldError('_', HC.required);
      const a = await uploads.record(asDb(tx), staged, {
        attachableType: 'Hibah',
        attachableId: h.id,
        type: RESOLUTION_TYPE,
        description: body.filename ?? null,
        originalFilename: body.filename ?? null,
        uploadedBy: actor.user.id,
      });
      const [row] = await tx
        .update(hibah_companies)
        .set({ board_resolution_id: a.id })
        .where(eq(hibah_companies.id, c.id))
        .returning();
      await audit(
        tx,
        actor,
        'hibah.company_resolution',
        h.id,
        { board_resolution_id: c.board_resolution_id },
        {
          board_resolution_id: a.id,
        },
      );
      return companyView(tx, row);
    }),
  );
}

/**
 * What must be there before a corporate hibah is submitted (transitions `assertComplete`): the company
 * (422 `hibah.company.required` on `_`) with its board resolution (`hibah.company.resolution_required`).
 */
export async function assertCompanyComplete(tx: Conn, h: HibahRow) {
  const c = await companyOf(tx, h.id);
  if (!c || c.signatories.length === 0) throw fieldError('_', HC.required);
  if (!c.board_resolution_id) throw fieldError('_', HC.resolutionRequired);
}

/**
 * The grantor as printed and shown to parties: the company (name, registration number) for a corporate
 * hibah that has one, else null (callers fall back to the person's particulars).
 */
export async function corporateGrantor(db: Conn, hibahId: string) {
  const c = await companyOf(db, hibahId);
  return c ? { name: c.name, registration_number: c.registration_number, signatories: c.signatories } : null;
}
