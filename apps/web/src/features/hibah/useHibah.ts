/**
 * Data hooks of the hibah feature (docs/api/hibah.md): the hibah of the wizard (`?id=` in the URL),
 * its rows of one kind (`GET /api/hibah/{id}/<path>` → `{ <envelope>: { data } }`), and lists.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '@/lib/api.ts';
import { hibahListQuery } from './queries.ts';

/** A hibah as the API returns it (the fields the screens read). */
export interface Hibah {
  id: string;
  hibah_number: string | null;
  hibah_type: number;
  user_id: string;
  agent_id: string | null;
  organization_id: string | null;
  branch_id: string | null;
  pricing_id: string | null;
  status: number;
  price_sen: number | null;
  amount_due_sen: number | null;
  payment_received_at: string | null;
  has_signature: number;
  /** 1 when the grantor's signature is of the content as it is now (issue 21 item 5). */
  signature_current?: number;
  is_draft_accepted: number;
  draft_expires_at: string | null;
  current_total_sen: number;
  one_cent_maximum_moveable_property: number;
  rejected_reason: string | null;
  created_at: string;
  /** The grantor's account (`load_with=user`). */
  user?: { name: string; ic_number: string | null; email?: string | null; mobile_number?: string | null } | null;
  user_detail?: Record<string, any> | null;
  /** A corporate grantor (`load_with=userDetail`; ADR 0165): the company's name and SSM number, else null. */
  company?: { name: string; registration_number: string } | null;
  organization?: { name: string } | null;
  [k: string]: unknown;
}

/** The wizard's hibah id from `?id=`. */
export function useHibahId() {
  const [params] = useSearchParams();
  return params.get('id');
}

/** `GET /api/hibah/{id}?load_with=userDetail,user,organization` (the grantor's particulars and account, the organisation). */
export function useHibah(id: string | null) {
  return useQuery({
    queryKey: ['hibah', id ?? ''],
    enabled: !!id,
    queryFn: async () =>
      (await api.get<{ hibah: Hibah }>(`hibah/${id}`, { load_with: 'userDetail,user,organization' })).hibah,
  });
}

/** Rows of one kind of a hibah, e.g. `useHibahRows(id, 'receiver', 'receivers')`. */
export function useHibahRows<T = any>(id: string | null, path: string, envelope: string) {
  return useQuery({
    queryKey: ['hibah', id ?? '', path],
    enabled: !!id,
    queryFn: async () => (await api.get<Record<string, { data: T[] }>>(`hibah/${id}/${path}`))[envelope].data,
  });
}

/** Re-read everything of a hibah after a change. */
export function useRefreshHibah() {
  const qc = useQueryClient();
  return (id: string) => qc.invalidateQueries({ queryKey: ['hibah', id] });
}

/** `GET /api/hibah` with filters → `{ hibahs: { data, total } }`. */
export function useHibahList(query: Record<string, string | number | undefined>, enabled = true) {
  return useQuery({ ...hibahListQuery(query), enabled });
}
