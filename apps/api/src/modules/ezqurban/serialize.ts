/** Reply shapes of the ezQurban module (reference §2.15 keys kept; money in integer sen). */
import { PAYMENT_OPTIONS } from '@wasiat/domain';
import type { qurban_fund_transfers, qurban_seasons, qurban_transactions } from '../../db/schema/index.ts';

type Tx = typeof qurban_transactions.$inferSelect;
type Season = typeof qurban_seasons.$inferSelect;
type Transfer = typeof qurban_fund_transfers.$inferSelect;

const CHANNELS: Record<number, string> = Object.fromEntries(
  Object.entries(PAYMENT_OPTIONS).map(([k, v]) => [v as number, k]),
);

/**
 * A transaction: reference §2.15 keys (`ref_no`, `product`, `price` = amount in SEN, `client_name`,
 * `client_mykad_number`, `payment_channel`, `verified_at`, `product_purchased_at`) plus `status` (0 pending,
 * 1 paid, 2 cancelled), `shares`, `on_behalf_of`, `amount_sen`, `price_per_share_sen` and, when given,
 * the assigned `allocations` [{ animal_no, slot }] and `payment_status` — the status of the purchase's latest payment
 * (pending | paid | failed | waived, null when none; with `payment_channel`, its mode, a screen knows an offline
 * declaration awaits confirmation and offers no other payment; ADR 0291).
 */
export function serializeTransaction(
  t: Tx,
  extra: {
    season?: Season;
    allocations?: { animal_no: number; slot: number }[];
    paymentStatus?: string | null;
  } = {},
) {
  return {
    id: t.id,
    ref_no: t.ref_no,
    season_id: t.season_id,
    product: extra.season ? `${extra.season.animal_type} ${extra.season.year} ${extra.season.location}` : null,
    price: t.amount_sen,
    amount_sen: t.amount_sen,
    price_per_share_sen: t.price_per_share_sen,
    shares: t.shares,
    on_behalf_of: t.on_behalf_of,
    client_name: t.client_name,
    client_mykad_number: t.client_mykad_number,
    payment_channel: t.payment_options_id ? (CHANNELS[t.payment_options_id] ?? String(t.payment_options_id)) : null,
    status: t.status,
    verified_at: t.verified_at,
    product_purchased_at: t.created_at,
    ...(extra.allocations ? { allocations: extra.allocations } : {}),
    ...(extra.paymentStatus !== undefined ? { payment_status: extra.paymentStatus } : {}),
  };
}

export const serializeSeason = (s: Season, extra: Record<string, unknown> = {}) => ({
  id: s.id,
  year: s.year,
  location: s.location,
  country: s.country,
  animal_type: s.animal_type,
  shares_per_animal: s.shares_per_animal,
  price_per_share_sen: s.price_per_share_sen,
  max_animals: s.max_animals,
  partner_name: s.partner_name,
  status: s.status,
  ...extra,
});

/** A fund transfer: reference §2.15 keys (`amount` in SEN, `description`, `fund_transferred_at`) and ours. */
export const serializeTransfer = (f: Transfer) => ({
  id: f.id,
  season_id: f.season_id,
  amount: f.amount_sen,
  amount_sen: f.amount_sen,
  reference: f.reference,
  description: f.description,
  fund_transferred_at: f.fund_transferred_at,
  fund_for_transaction_date: f.fund_for_transaction_date,
  has_proof: !!f.proof_attachment_id,
  recorded_by: f.recorded_by,
  created_at: f.created_at,
});
