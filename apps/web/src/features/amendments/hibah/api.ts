/**
 * Calls of the hibah amendment screens (docs/api/amendments.md "Hibah amendments"; ADR 0036–0038) through
 * the app's API client (spec §7/§8 behaviour), as TanStack Query hooks, and the shape of a hibah draft.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api.ts';
import type { Amendment, Page, Row } from '../types.ts';

/** A property of the draft with its receivers' shares. */
export type HibahDraftProperty = Row & { shares: { receiver_id: string; portion: string }[] };

/** The draft of a hibah amendment: the hibah's content (API hibah/content.ts, ADR 0037). */
export interface HibahDraft {
  user_detail: Record<string, any> | null;
  fields: Record<string, any>;
  heirs: Row[];
  receivers: Row[];
  moveables: HibahDraftProperty[];
  immoveables: HibahDraftProperty[];
  caretakers: Row[];
  witnesses: Row[];
}

/** A registered hibah as listed for the grantor (`GET /api/hibah`). */
export interface HibahBrief {
  id: string;
  hibah_number: string | null;
  hibah_type: number;
  status: number;
  current_version?: number;
  user_id: string;
}

/** `GET /api/amendment?hibah_id=` → the hibah's amendments, newest first (`[0]` = the current one; spec §7). */
export function useHibahAmendments(hibahId: string | undefined) {
  return useQuery({
    queryKey: ['amendments', 'hibah', hibahId],
    enabled: !!hibahId,
    queryFn: async () =>
      (await api.get<{ amendments: Page<Amendment> }>('amendment', { hibah_id: hibahId, limit: 20 })).amendments.data,
  });
}

/** The grantor's registered hibahs (status 5), or the one named by `id`. */
export function useRegisteredHibahs(userId: string | undefined, id: string | null) {
  return useQuery({
    queryKey: ['amendments', 'hibahs', userId, id],
    enabled: !!userId || !!id,
    queryFn: async () => {
      if (id) return [(await api.get<{ hibah: HibahBrief }>(`hibah/${id}`)).hibah];
      return (await api.get<{ hibahs: Page<HibahBrief> }>('hibah', { user_id: userId, status: '5', limit: 50 })).hibahs
        .data;
    },
  });
}

/** `POST /api/amendment { amendmentable_type: "Hibah", amendmentable_id }` (reference §3.2 "Amendment list"). */
export const applyHibahAmendment = (hibahId: string) =>
  api.post<{ amendment: Amendment }>('amendment', {
    amendmentable_type: 'Hibah',
    amendmentable_id: hibahId,
    notes: null,
    status: 0,
  });

/**
 * Pay a hibah amendment through the gateway (`POST /api/payment { paymentable_type: "Amendment" }`); the
 * browser leaves for the payment page and comes back to /trust/part-listpindaan?id={hibah_id}&status=…
 */
export async function payHibahAmendment(a: Amendment) {
  const r = await api.post<{ payment_link?: string; payment: { status: string } }>('payment', {
    paymentable_type: 'Amendment',
    paymentable_id: a.id,
    payment_options_id: 1,
    redirect_url: `/trust/part-listpindaan?id=${a.amendmentable_id}`,
  });
  if (r.payment.status === 'pending' && r.payment_link) window.location.assign(r.payment_link);
  return r;
}
