/** Data hook of the dashboard: `GET /api/wasiat` with a query (docs/api/wills.md), via TanStack Query. */
import { useQuery } from '@tanstack/react-query';
import { type WillsQuery, willsQuery } from './queries.ts';

/**
 * Wills visible to the caller, filtered by `query` (`user_id`, `status`, `limit`, `load_with`…). The server
 * scopes the list by role (Client own, Agent own-registered, Partner own organisation, staff all).
 * A failure shows the API client's "Ralat" warning toast (spec §8) and leaves `isError` set.
 */
export function useWills(query: WillsQuery, enabled = true) {
  return useQuery({ ...willsQuery(query), enabled });
}
