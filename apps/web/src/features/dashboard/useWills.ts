/** Data hook of the dashboard: `GET /api/wasiat` with a query (docs/api/wills.md), via TanStack Query. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/app/api.ts';
import type { WillList } from './types.ts';

/**
 * Wills visible to the caller, filtered by `query` (`user_id`, `status`, `limit`, `load_with`…). The server
 * scopes the list by role (Client own, Agent own-registered, Partner own organisation, staff all).
 * A failure shows the API client's "Ralat" warning toast (spec §8) and leaves `isError` set.
 */
export function useWills(query: Record<string, string | number | undefined>, enabled = true) {
  return useQuery({
    queryKey: ['wasiat', query],
    queryFn: () => api.get<WillList>('wasiat', query),
    enabled,
  });
}
