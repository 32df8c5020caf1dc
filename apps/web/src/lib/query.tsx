/**
 * TanStack Query's cache (one per tab) and the layout route that provides it to every page but the light
 * ones (`handle: { light: true }`, e.g. /login): the query library is ~10 kB of a first load that /login keeps
 * under 150 kB (issue 18 item 4; ADR 0143). Loaded with the first page that may use it (app/router.tsx).
 *
 * Early answers (ADR 0210): a route may ask for its page's data as it starts, before the page's code has
 * arrived ({@link seedQuery}). Such an answer is fresh for the page that reads it first: its first mount (or a
 * query switching to its key) shows it and does not ask again — it is moments old, and a second request from the
 * first render's commit is work a phone's main thread pays while the page appears. It is fresh once: from the
 * next task after the first reader subscribed, and {@link SEED_FRESH_MS} after it arrived if no page read it,
 * the query is stale as usual (refetched on mount; an invalidation refetches at any time).
 */
import { type Query, QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { Outlet } from 'react-router';

/** How long an early answer that no page has read stays fresh. */
export const SEED_FRESH_MS = 30_000;

/** The queries whose early answer arrived before any page read it: hash → when it arrived (ms). */
const seeded = new Map<string, number>();
const freshSeed = (hash: string) => Date.now() - (seeded.get(hash) ?? Number.NEGATIVE_INFINITY) < SEED_FRESH_MS;

/** The app's one query cache: no retry, no refetch on focus (the API client shows its own errors). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      // An early answer no page has read yet is fresh (ADR 0210); everything else is stale at once.
      staleTime: (q: Query) => (freshSeed(q.queryHash) ? SEED_FRESH_MS : 0),
    },
  },
});

// The first reader of an early answer has subscribed: after its own checks (this task), the answer is stale as
// any other.
queryClient.getQueryCache().subscribe((event) => {
  const hash = event.query.queryHash;
  if (event.type === 'observerAdded' && seeded.has(hash)) setTimeout(() => seeded.delete(hash), 0);
});

/**
 * Put the answer of a request already sent in the cache under `queryKey` (an early request of a route). A failed
 * answer leaves the query in error, and the page's own fetch on mount asks again (and shows the failure); an
 * answer a page was already waiting for (its fetch joined this request) is shown by that page and not kept fresh.
 * @param queryKey the key the page's `useQuery` reads
 * @param answer the request, sent by the caller
 * @returns when the answer is in the cache (never rejects)
 */
export async function seedQuery<T>(queryKey: QueryKey, answer: Promise<T>): Promise<void> {
  // Too late: the page already has its own answer (its code came first, or the user acted and it refetched);
  // the early one may be older than that and must not replace it (a request approved on the dashboard showed
  // again when the early answer landed after the approval's refetch).
  const before = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (before && before.state.dataUpdatedAt > 0) {
    await answer.catch(() => undefined);
    return;
  }
  await queryClient.prefetchQuery({ queryKey, queryFn: () => answer });
  const q = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (q && q.state.status === 'success' && q.getObserversCount() === 0) seeded.set(q.queryHash, Date.now());
}

/** Layout route: the query cache around its child routes. */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
