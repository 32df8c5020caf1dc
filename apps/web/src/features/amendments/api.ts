/**
 * Calls of the amendments screens (docs/api/amendments.md) through the app's API client (spec §7/§8
 * behaviour: toasts, the "Tutup" dialog, 401 handling), as TanStack Query hooks.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api.ts';
import type { Amendment, Page } from './types.ts';

/** The will's amendments, newest first; `[0]` is the current one (reference §2.4). */
export function useWillAmendments(wasiatId: string | undefined) {
  return useQuery({
    queryKey: ['amendments', 'will', wasiatId],
    enabled: !!wasiatId,
    queryFn: async () =>
      (await api.get<{ amendments: Page<Amendment> }>(`wasiat/${wasiatId}/amendment`, { limit: 20 })).amendments.data,
  });
}

/** One amendment with its draft. */
export function useAmendment(id: string | undefined) {
  return useQuery({
    queryKey: ['amendments', 'one', id],
    enabled: !!id,
    queryFn: async () => (await api.get<{ amendment: Amendment }>(`amendment/${id}`)).amendment,
  });
}

/** Refresh every amendments query after a change. */
export function useRefreshAmendments() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['amendments'] });
}

/** Save sections of the draft (`PATCH /api/amendment/{id}/draft`). */
export const saveDraft = (id: string, body: Record<string, unknown>) =>
  api.patch<{ amendment: Amendment }>(`amendment/${id}/draft`, body);

/** Change the status (`PATCH /api/amendment/{id}`; transitions of ADR 0020). */
export const changeStatus = (id: string, body: Record<string, unknown>) =>
  api.patch<{ amendment: Amendment }>(`amendment/${id}`, body);

/**
 * Pay what an amendment owes (`due_sen`, ADR 0253) through the gateway (`POST /api/payment`); the browser leaves
 * for the payment page, which returns to /wasiat/{wasiat_id}/pindaanPayVerified. Throws the ApiError of a refusal.
 */
export async function payAmendment(a: Amendment) {
  const r = await api.post<{ payment_link?: string; payment: { status: string } }>('payment', {
    paymentable_type: 'Amendment',
    paymentable_id: a.id,
    payment_options_id: 1,
    redirect_url: `/wasiat/${a.amendmentable_id}/pindaanPayVerified`,
  });
  if (r.payment.status === 'pending' && r.payment_link) window.location.assign(r.payment_link);
  return r;
}
