/**
 * The hibah lists as the query cache knows them: key and fetch of `GET /api/hibah` (docs/api/hibah.md), shared by
 * `useHibahList` and the client dashboard route's early request (features/dashboard/routes.tsx). Without TanStack
 * Query, so a route of the first load may import it (ADR 0143).
 */
import { api } from '@/lib/api.ts';
import type { Hibah } from './types.ts';

/** A page of hibahs as the lists read it. */
export interface HibahPage {
  data: Hibah[];
  total: number;
}

/**
 * Key and fetch of one hibah list: `GET /api/hibah` with `query` (status, user_id, limit, load_with…) →
 * `{ hibahs: { data, total } }`, kept as the `hibahs` page. `silent`: a failure shows no toast.
 */
export const hibahListQuery = (
  query: Record<string, string | number | undefined>,
  opts: { silent?: boolean } = {},
) => ({
  queryKey: ['hibahs', query] as const,
  queryFn: async () => (await api.get<{ hibahs: HibahPage }>('hibah', query, opts)).hibahs,
});

/**
 * The dashboard's "hibah in process" (spec §2): status 0–4, the five newest, with their grantor; a client's own
 * (`clientId`), or every hibah the caller may see when absent.
 */
export const hibahsInProcessQuery = (clientId?: string, opts: { silent?: boolean } = {}) =>
  hibahListQuery(
    { status: '0,1,2,3,4', limit: 5, load_with: 'user,userDetail', ...(clientId ? { user_id: clientId } : {}) },
    opts,
  );
