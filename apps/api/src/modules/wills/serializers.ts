/**
 * The wire shape of a will (docs/api/wills.md `GET /wasiat/{id}`). Money in integer sen (`*_sen`);
 * `price` is the same amount in ringgit for the product's client (reference §2.2 reads `price`).
 * Flags are 0/1 as the product's client reads them; dates are ISO 8601 UTC.
 */

import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import type { SessionRow } from '../../platform/auth/tokens.ts';
import { estateOf, estateSummary } from './estate-service.ts';
import { findWillForRead } from './hot-read.ts';
import { latestPayments, loadRelations, type PaymentRow, type Relation, type WillRow } from './queries.ts';
import { computeUnlocked } from './service.ts';

/**
 * `payment_status` of a will from its latest payment row: null (none), pending, paid, failed, waived
 * (docs/api/payments.md "Will payment status").
 */
export const paymentStatusOf = (p: PaymentRow | undefined) => (p ? p.status : null);

/** Amount still due in sen: price minus promo discount, never below 0; null while no price is set. */
export const amountDueSen = (w: Pick<WillRow, 'price_sen' | 'discount_sen'>) =>
  w.price_sen === null ? null : Math.max(0, w.price_sen - w.discount_sen);

/** One will without relations (the status of its latest payment is passed in: {@link paymentStatusOf}). */
export function willBody(w: WillRow, paymentStatus: string | null) {
  return {
    id: w.id,
    user_id: w.user_id,
    agent_id: w.agent_id,
    created_by: w.created_by,
    organization_id: w.organization_id,
    branch_id: w.branch_id,
    pricing_id: w.pricing_id,
    status: w.status,
    wasiat_type: w.wasiat_type,
    plan: w.plan,
    price: w.price_sen === null ? null : w.price_sen / 100,
    price_sen: w.price_sen,
    discount_sen: w.discount_sen,
    amount_due_sen: amountDueSen(w),
    payment_options_id: w.payment_options_id,
    payment_received_at: w.payment_received_at,
    payment_status: paymentStatus,
    acknowledged_pdpa: w.acknowledged_pdpa ? 1 : 0,
    acknowledged_confirmation: w.acknowledged_confirmation ? 1 : 0,
    signature: w.signature_id ? { id: w.signature_id } : null,
    ekyc_verified_at: w.ekyc_verified_at,
    ekyc_method: w.ekyc_method,
    face_verification_count: w.face_verification_count,
    parts_done: w.parts_done,
    unlocked: computeUnlocked(w),
    submitted_at: w.submitted_at,
    wasiat_no: w.wasiat_no,
    registered_at: w.registered_at,
    rejected_reason: w.rejected_reason,
    option_delete_id: w.option_delete_id,
    rejected_at: w.rejected_at,
    estimated_estate_sen: w.estimated_estate_sen,
    funeral_sen: w.funeral_sen,
    debts_sen: w.debts_sen,
    harta_sepencarian_sen: w.harta_sepencarian_sen,
    current_version: w.current_version,
    // When staff recorded the executed original of the version in force; null: not held (ADR 0266).
    executed_original_at: w.executed_original_version === w.current_version ? w.executed_original_at : null,
    created_at: w.created_at,
    updated_at: w.updated_at,
  };
}

/** Serialize many wills with the relations of `load_with` (one query per relation, not per will). */
export async function serializeWills(db: Db, list: WillRow[], rel: Set<Relation> = new Set()) {
  const pays = await latestPayments(
    db,
    list.map((w) => w.id),
  );
  const extra = await loadRelations(db, list, rel);
  return list.map((w) => ({
    ...willBody(w, paymentStatusOf(pays.get(w.id))),
    ...(rel.has('payment') ? { payment: pays.get(w.id) ?? null } : {}),
    ...extra.get(w.id),
  }));
}

/**
 * The will list's rows (queries.ts `listWills`: each will with the status of its latest payment), serialized
 * as {@link serializeWills} does; the latest payment rows are read only when `load_with` names `payment`.
 */
export async function serializeWillList(
  db: Db,
  rows: { will: WillRow; payment_status: string | null }[],
  rel: Set<Relation> = new Set(),
) {
  const list = rows.map((r) => r.will);
  const pays = rel.has('payment')
    ? await latestPayments(
        db,
        list.map((w) => w.id),
      )
    : null;
  const extra = await loadRelations(db, list, rel);
  return rows.map(({ will: w, payment_status }) => ({
    ...willBody(w, payment_status),
    ...(pays ? { payment: pays.get(w.id) ?? null } : {}),
    ...extra.get(w.id),
  }));
}

/**
 * Serialize one will, with its estate figures and executor fee (estate-service.ts `estateSummary`:
 * `estate: { …_sen }`, `executor_fee: { estate_sen, fee_sen, provider_percent, provider_bears_sen,
 * client_pays_sen } | null`). Lists do not carry these (one will at a time).
 */
export async function serializeWill(db: Db, w: WillRow, rel: Set<Relation> = new Set()) {
  const [one] = await serializeWills(db, [w], rel);
  return { ...one, ...(await estateSummary(db, w)) };
}

/**
 * `GET /wasiat/{id}`: the will `id` as the caller may see it (404 otherwise), serialized exactly as
 * {@link serializeWill} does, in one statement without `load_with` (hot-read.ts `findWillForRead`; ADR 0112);
 * each relation named in `load_with` adds its own query, as in lists. `preloaded`: the guard's session row of the
 * same request, which already holds the will's row when the query names a `load_with` (hot-read.ts
 * `willReadWithSession`; ADR 0187). Without `load_with` the route answers from the session read instead
 * (hot-read.ts `willReadJson`; ADR 0193), the same answer as JSON text.
 */
export async function readWill(
  db: Db,
  user: AuthUser,
  id: string,
  rel: Set<Relation> = new Set(),
  preloaded?: SessionRow,
) {
  const r = await findWillForRead(db, user, id, preloaded);
  const w = r.will;
  const extra = rel.size ? (await loadRelations(db, [w], rel)).get(w.id) : undefined;
  const payment = rel.has('payment') ? ((await latestPayments(db, [w.id])).get(w.id) ?? null) : undefined;
  return {
    ...willBody(w, r.paymentStatus),
    ...(payment !== undefined ? { payment } : {}),
    ...extra,
    ...estateOf(w, r.content),
  };
}

/** A witness as answered: the row plus `signature: { id }` (the PNG is at `/api/attachment/{id}/file`). */
export const witnessBody = <T extends { signature_id: string | null }>(w: T) => ({
  ...w,
  signature: w.signature_id ? { id: w.signature_id } : null,
});
