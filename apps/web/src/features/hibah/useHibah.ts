/**
 * Data hooks of the hibah feature (docs/api/hibah.md): the hibah of the wizard (`?id=` in the URL),
 * its rows of one kind (`GET /api/hibah/{id}/<path>` → `{ <envelope>: { data } }`), and lists.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '@/lib/api.ts';
import { hibahListQuery } from './queries.ts';
import type { Hibah } from './types.ts';

export type { Hibah } from './types.ts';

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
