/**
 * Calls of the ezQurban screens (API: apps/api/src/modules/ezqurban; reference §2.15; docs/api/programmes.md).
 * Money in sen; times ISO 8601 UTC (shown in Asia/Kuala_Lumpur).
 */
import { api } from '@/lib/api.ts';
import type { Page } from '../programmes/index.ts';

export interface Season {
  id: string;
  year: number;
  location: string;
  country: string;
  animal_type: 'cow' | 'camel' | 'goat' | 'sheep';
  shares_per_animal: number;
  price_per_share_sen: number;
  status: number;
  shares_taken: number;
  shares_left: number | null;
  balance?: { collected_sen: number; transferred_sen: number; ledger_balance_sen: number };
}
export interface Transaction {
  id: string;
  ref_no: string;
  product: string | null;
  amount_sen: number;
  shares: number;
  on_behalf_of: string;
  client_name: string;
  status: number;
  payment_channel: string | null;
  verified_at: string | null;
  product_purchased_at: string;
  allocations?: { animal_no: number; slot: number }[];
  /** The latest payment's status (pending | paid | failed | waived; null when none); its mode is `payment_channel`. */
  payment_status?: string | null;
}
export interface FundTransfer {
  id: string;
  season_id: string;
  amount_sen: number;
  reference: string;
  description: string | null;
  fund_transferred_at: string;
  has_proof: boolean;
}
export interface QurbanMonth {
  month: string;
  transactions: number;
  shares: number;
  collected_sen: number;
  transferred_sen: number;
  balance_sen: number;
}

export const fetchSeasons = () => api.get<{ seasons: Page<Season> }>('ez-qurban/season', { limit: 100 });
export const fetchTransactions = (q: Record<string, string | number | undefined>) =>
  api.get<{
    transactions: Page<Transaction>;
    total_pending: number;
    total_verified: number;
    sum_pending: number;
    sum_verified: number;
  }>('ez-qurban/transaction', { ...q, limit: 15 });
/** `GET /api/ez-qurban/transaction/{id}` → one purchase (the participant's own, or any for `qurban:read`). */
export const fetchTransaction = async (id: string) =>
  (await api.get<{ transaction: Transaction }>(`ez-qurban/transaction/${encodeURIComponent(id)}`)).transaction;
export const postPurchase = (body: { season_id: string; shares: number; on_behalf_of: string }) =>
  api.post<{ transaction: Transaction }>('ez-qurban/transaction', body);
/** Pay a purchase through the payments module (1 gateway → `payment_link` to the sandbox). */
export const payPurchase = (id: string) =>
  api.post<{ payment_link?: string | null }>('payment', {
    paymentable_type: 'QurbanTransaction',
    paymentable_id: id,
    payment_options_id: 1,
    redirect_url: '/payment-status',
  });
/** Cancel a purchase waiting for payment (frees its shares). */
export const cancelPurchase = (id: string) => api.delete<{ transaction: Transaction }>(`ez-qurban/transaction/${id}`);
export const fetchTransfers = (q: Record<string, string | number | undefined>) =>
  api.get<{ fund_transfers: Page<FundTransfer>; sum: number }>('ez-qurban/fund-transfer', { ...q, limit: 15 });
export const postTransfer = (form: FormData) =>
  api.post<{ fund_transfer: FundTransfer; balance_sen: number }>('ez-qurban/fund-transfer', form);
export const fetchQurbanReport = (year: number, seasonId?: string) =>
  api.get<{ report: { year: number; months: QurbanMonth[]; closing_balance_sen: number } }>(
    'ez-qurban/report/monthly',
    {
      year,
      season_id: seasonId,
    },
  );
