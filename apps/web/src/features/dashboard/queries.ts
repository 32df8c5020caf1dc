/**
 * The dashboard's will lists as the cache knows them: key and fetch (`GET /api/wasiat`, docs/api/wills.md), shared by
 * `useWills` and the route's early request (routes.tsx, prefetch.ts). Without TanStack Query, so routes.tsx (in
 * every first load, /login's included) can import it (ADR 0143).
 */
import { api } from '@/lib/api.ts';
import type { PaymentHistory, WillList } from './types.ts';

/** The query string of `GET /api/wasiat`: `user_id`, `status`, `limit`, `load_with`… */
export type WillsQuery = Record<string, string | number | undefined>;

/**
 * The cache key and fetch of one will list. `silent`: a failure shows no toast (the page's own fetch shows it).
 * @returns `{ queryKey: ['wasiat', query], queryFn }`
 */
export const willsQuery = (query: WillsQuery, opts: { silent?: boolean } = {}) => ({
  queryKey: ['wasiat', query] as const,
  queryFn: () => api.get<WillList>('wasiat', query, opts),
});

/** The client's own wills with their payments, as their dashboard shows them (status, history, amendments). */
export const clientWills = (userId: string): WillsQuery => ({ user_id: userId, load_with: 'payment', limit: 50 });

/**
 * The client's transaction history (spec §2; issue 38 item 2, ADR 0248): key and fetch of
 * `GET /api/payment/mine?limit=100` — every payment of every kind (will, amendment, hibah, qurban…) paid by or for
 * them, from the payments ledger. `silent`: a failure shows no toast.
 */
export const clientPaymentHistory = (userId: string, opts: { silent?: boolean } = {}) => ({
  queryKey: ['payments', 'mine', userId] as const,
  queryFn: () => api.get<PaymentHistory>('payment/mine', { limit: 100 }, opts),
});
