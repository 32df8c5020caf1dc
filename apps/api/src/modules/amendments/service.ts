/**
 * Amendments (pindaan) of a will: apply, read, edit the draft, sign it (docs/api/amendments.md; spec §3
 * Amendment, §4 statuses; ADR 0020). Status changes are in transitions.ts, witness confirmation in
 * witnesses.ts, versions in versions.ts. Every query is scoped by policy.ts (404 out of scope) and every
 * change writes an audit event in the same transaction.
 *
 * The row and its reference number (records.ts), reading and the wire shape (list.ts) and editing the draft
 * (draft.ts) live in files named by what they hold; this file holds applying, signing and documents and is the
 * one import path.
 */
import { AM, OPEN_AMENDMENT_STATUSES, type SignatureMethod, WILL_STATUS } from '@wasiat/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { amendments, pricings, signature_events, type wills } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { decodeBase64, IMAGE_TYPES, Uploads } from '../../platform/files/uploads.ts';
import { AppError, fieldError } from '../../platform/http/errors.ts';
import { assertOwnerAlive } from '../instruments/index.ts';
import { type Actor, assertSignatureDrawn, audit, type Conn, findVisibleWill } from '../wills/index.ts';
import { amendmentDocumentVersion } from './completion.ts';
import { loadWillContent, type WillContent } from './content.ts';
import { hibahApplication } from './hibah.ts';
import { assertCanApply, assertCanEditDraft } from './policy.ts';
import { findVisibleAmendment, nextReferenceNo, summary } from './records.ts';

export * from './draft.ts';
export * from './list.ts';
export * from './records.ts';

/** The amendment price of a will in sen: its pricing's `amendment_price_sen` (0 when none; ADR 0020). */
export async function amendmentPriceOf(db: Conn, will: typeof wills.$inferSelect) {
  if (!will.pricing_id) return 0;
  const [p] = await db
    .select({ sen: pricings.amendment_price_sen })
    .from(pricings)
    .where(eq(pricings.id, will.pricing_id));
  return p?.sen ?? 0;
}

/**
 * `POST /api/amendment { amendmentable_type: "Wasiat" | "Hibah", amendmentable_id, notes? }` → the new
 * amendment (status 0) with a reference number, its price (sen) and a draft copied from the record's
 * current content. A will: visible (404), registered (422 `amendments.will_not_registered`), no open
 * amendment (422 `amendments.already_open`); the testator or a staff-side registrar applies (403). A
 * hibah: amendments/hibah.ts `hibahApplication` (grantor or staff-side; registered; price from the
 * hibah's pricing, waived when none). Any other type: 422 on `amendmentable_type`.
 */
export async function applyAmendment(
  db: Db,
  actor: Actor,
  body: { amendmentable_type: string; amendmentable_id: string; notes?: string | null },
  now = new Date(),
) {
  if (body.amendmentable_type !== 'Wasiat' && body.amendmentable_type !== 'Hibah') {
    throw fieldError('amendmentable_type', 'validation.choose');
  }
  return db.transaction(async (tx) => {
    const values =
      body.amendmentable_type === 'Hibah'
        ? await hibahApplication(tx, actor.user, body.amendmentable_id, now)
        : await willApplication(tx, actor.user, body.amendmentable_id, now);
    // A verified death locks the record: no amendment is applied for (ADR 0261).
    await assertOwnerAlive(tx, values.user_id);
    const [row] = await tx
      .insert(amendments)
      .values({
        ...values,
        reference_no: await nextReferenceNo(tx, now),
        notes: body.notes ?? null,
        applied_at: now,
      })
      .returning();
    await audit(tx, actor, 'amendment.apply', { type: 'Amendment', id: row.id }, null, summary(row));
    return row;
  });
}

/** The values of a new will amendment (rules of {@link applyAmendment}), inside the applying transaction. */
async function willApplication(tx: Conn, user: AuthUser, willId: string, now: Date) {
  const will = await findVisibleWill(tx, user, willId, { forUpdate: true });
  const { staffCreated } = assertCanApply(user, will);
  if (will.status !== WILL_STATUS.registered) throw fieldError('amendmentable_id', AM.willNotRegistered);
  const [{ open }] = await tx
    .select({ open: count() })
    .from(amendments)
    .where(
      and(
        eq(amendments.amendmentable_type, 'Wasiat'),
        eq(amendments.amendmentable_id, will.id),
        inArray(amendments.status, [...OPEN_AMENDMENT_STATUSES]),
      ),
    );
  if (Number(open) > 0) throw fieldError('amendmentable_id', AM.alreadyOpen);
  const price = await amendmentPriceOf(tx, will);
  const [{ n }] = await tx
    .select({ n: count() })
    .from(amendments)
    .where(and(eq(amendments.amendmentable_type, 'Wasiat'), eq(amendments.amendmentable_id, will.id)));
  return {
    amendmentable_type: 'Wasiat',
    amendmentable_id: will.id,
    user_id: will.user_id,
    organization_id: will.organization_id,
    count: Number(n) + 1,
    status: 0,
    is_staff_created: staffCreated ? 1 : 0,
    price_sen: price,
    // A free amendment (no amendment price) is settled when applied: straight into the wizard (ADR 0253).
    payment_received_at: price === 0 ? now : null,
    draft: await loadWillContent(tx, will.id),
  };
}

/**
 * `POST /api/amendment/{id}/signature { is_base64: true, document: <PNG data URL>, signature_method? }`: the
 * testator signs the draft (status 3 "draft must be reviewed"; else 422 `amendments.invalid_transition`),
 * again replacing an earlier signature; the facts record the method the client sent (drawn | typed; ADR
 * 0123). A blank pad → 422 `validation.signature_required`. Only the owner (403).
 */
export async function signDraft(
  ctx: Ctx,
  actor: Actor,
  id: string,
  document: string,
  method: SignatureMethod = 'drawn',
) {
  const png = decodeBase64(document, 'document');
  await assertSignatureDrawn(png, 'document');
  // Stored before the transaction, recorded in it (ADR 0220).
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({ ownerType: 'Amendment', ownerId: id, data: png, allowed: IMAGE_TYPES });
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      const a = await findVisibleAmendment(tx, actor.user, id, true);
      if (a.user_id !== actor.user.id) {
        throw new AppError(
          'forbidden',
          a.amendmentable_type === 'Hibah' ? 'amendments.grantor_only' : 'errors.forbidden',
        );
      }
      if (a.status !== 3) throw fieldError('status', AM.invalidTransition);
      const att = await uploads.record(tx as unknown as Db, staged, {
        attachableType: 'Amendment',
        attachableId: a.id,
        type: 'signature',
        description: 'amendment',
        uploadedBy: actor.user.id,
        replace: true,
      });
      const [after] = await tx
        .update(amendments)
        .set({ signature_id: att.id })
        .where(eq(amendments.id, a.id))
        .returning();
      // Signature facts for the amended will's certificate of completion (ADRs 0015, 0074).
      await tx.insert(signature_events).values({
        signable_type: 'Amendment',
        signable_id: a.id,
        role: 'testator',
        signer_name: String((a.draft as WillContent | null)?.user_detail?.name || actor.user.name),
        attachment_id: att.id,
        actor_id: actor.user.id,
        ip: actor.ip ?? null,
        user_agent: actor.userAgent ?? null,
        sent_at: a.passed_at,
        document_sha256: amendmentDocumentVersion(a),
        method,
        signed_at: new Date(),
      });
      await audit(tx, actor, 'amendment.sign', { type: 'Amendment', id: a.id }, summary(a), summary(after));
      return after;
    }),
  );
}

/**
 * `POST /api/amendment/{id}/document { is_base64, document, type?, description }` (parts d and g:
 * property documents and supporting documents): stored as attachments of the amendment (`Extra` by
 * default). Only while drafting (422 `amendments.not_editable`).
 */
export async function addDocument(
  ctx: Ctx,
  actor: Actor,
  id: string,
  body: { document: string; type?: string; description?: string | null; document_filename?: unknown },
) {
  const data = decodeBase64(body.document, 'document');
  // Stored before the transaction, recorded in it (ADR 0220).
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({
    ownerType: 'Amendment',
    ownerId: id,
    data,
    allowed: [...IMAGE_TYPES, 'application/pdf'],
  });
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      const a = await findVisibleAmendment(tx, actor.user, id, true);
      assertCanEditDraft(actor.user, a);
      if (a.status !== 0) throw fieldError('_', AM.notEditable);
      const att = await uploads.record(tx as unknown as Db, staged, {
        attachableType: 'Amendment',
        attachableId: a.id,
        type: body.type === 'mykad-front' || body.type === 'mykad-back' ? body.type : 'Extra',
        description: body.description ?? null,
        originalFilename: typeof body.document_filename === 'string' ? body.document_filename.slice(0, 255) : null,
        uploadedBy: actor.user.id,
        replace: body.type === 'mykad-front' || body.type === 'mykad-back',
      });
      await audit(tx, actor, 'amendment.document', { type: 'Amendment', id: a.id }, null, {
        attachment_id: att.id,
        description: att.description,
      });
      return att;
    }),
  );
}
