/**
 * What a payer's screen reads and sends about a payable's payment, the same for every payable kind (will,
 * amendment, hibah, qurban purchase; ADR 0016, ADR 0285):
 * - the proof of a payment (a direct transfer's slip, an offline payment's proof): one upload rule for every kind,
 *   stored as the payable's attachment of type `payment`, which `POST /payment` then takes as `slip_attachment_id`
 *   (create-payment.ts `slipOf`, offline.ts `offlineColumns`);
 * - the payable's latest payment, so a screen shows a payment awaiting staff (e.g. a declared offline payment)
 *   after a reload instead of offering to pay again.
 * Visibility is the payable kind's (`loadVisible`): a payable the caller may not see is a 404.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import type { FileStore } from '../../platform/files/storage.ts';
import { attachmentBody, DOCUMENT_TYPES, decodeBase64, Uploads } from '../../platform/files/uploads.ts';
import { payableKind } from './payables.ts';
import { serializeWithInstalments } from './queries.ts';
import { inTx } from './settlement.ts';

/** The attachment type of a payment's proof (as the will's own `POST /wasiat/{id}/document` stores it). */
const SLIP_TYPE = 'payment';

/**
 * `POST /api/payment/slip { paymentable_type, paymentable_id, document }` — store the proof of a payment for a
 * payable the caller may see (and so may pay for): a PNG, JPEG, WebP or PDF up to 5 MB checked by content
 * (images re-encoded without metadata), recorded as the payable's attachment of type `payment` with an audit
 * event `payment.slip` on the payable.
 * @returns `{ attachment }` (platform `attachmentBody`: id, public_path, type, mime_type, size_bytes, …).
 * @throws 404 not visible; 422 `payments.payable_unknown` on `paymentable_type`; on `document`
 *   `validation.required`, `errors.file_type`, `errors.file_too_large`, `errors.pdf_active_content`.
 */
export async function uploadPaymentSlip(
  db: Db,
  store: FileStore,
  user: AuthUser,
  input: { paymentable_type: string; paymentable_id: string; document: string; document_filename?: string },
  ip?: string,
) {
  const kind = payableKind(input.paymentable_type);
  const state = await kind.loadVisible(db, user, input.paymentable_id);
  const data = decodeBase64(input.document, 'document');
  // Stored before the transaction, recorded in it (ADR 0220).
  const uploads = new Uploads(store);
  const staged = await uploads.stage({ ownerType: state.type, ownerId: state.id, data, allowed: DOCUMENT_TYPES });
  const row = await uploads.settle(
    inTx(db, async (tx) => {
      const att = await uploads.record(tx, staged, {
        attachableType: state.type,
        attachableId: state.id,
        type: SLIP_TYPE,
        originalFilename: input.document_filename?.slice(0, 255) ?? null,
        uploadedBy: user.id,
      });
      await recordAudit(tx, {
        actorId: user.id,
        action: 'payment.slip',
        entityType: state.type,
        entityId: state.id,
        before: null,
        after: { attachment_id: att.id, mime_type: att.mime_type },
        ip,
      });
      return att;
    }),
  );
  return { attachment: attachmentBody(row) };
}

/**
 * `GET /api/payment/latest?paymentable_type&paymentable_id` → `{ payment }`: the payable's latest payment as
 * `GET /api/payment/{id}` gives it (never an ATB instalment: a mandate is its payable's payment), or null when it
 * has none. @throws 404 when the payable is not visible; 422 `payments.payable_unknown`.
 */
export async function latestPayment(db: Db, user: AuthUser, type: string, id: string) {
  const state = await payableKind(type).loadVisible(db, user, id);
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.paymentable_type, state.type), eq(payments.paymentable_id, state.id), isNull(payments.parent_id)),
    )
    .orderBy(desc(payments.created_at), desc(payments.id))
    .limit(1);
  const [payment] = await serializeWithInstalments(db, rows);
  return { payment: payment ?? null };
}
