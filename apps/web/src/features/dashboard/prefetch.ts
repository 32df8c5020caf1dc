/**
 * The client's dashboard asks for its wills as the route starts, beside the session check (issue 18 item 4): the
 * route's loader sends the request at once with the API client of the first load (routes.tsx), and this module,
 * loaded beside the page, puts its answer in the app's query cache under the key the page reads. The will status
 * (the page's largest text) is then there when the page first renders, instead of one request after it. Loaded on
 * demand: TanStack Query is not part of the first load of /login (ADR 0143).
 */
import { queryClient } from '@/app/query.tsx';
import { clientWills, willsQuery } from './queries.ts';
import type { WillList } from './types.ts';

/**
 * Put the answer of the client's will list (`GET /api/wasiat?user_id=…&load_with=payment&limit=50`) in the cache.
 * A failed answer leaves the query in error, and the page's own fetch on mount shows it.
 * @param userId the stored session's user (a client)
 * @param answer the request already sent
 */
export function seedClientWills(userId: string, answer: Promise<WillList>): Promise<void> {
  return queryClient.prefetchQuery({ queryKey: willsQuery(clientWills(userId)).queryKey, queryFn: () => answer });
}
