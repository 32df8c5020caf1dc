/**
 * TanStack Query's cache (one per tab) and the layout route that provides it to every page but the light
 * ones (`handle: { light: true }`, e.g. /login): the query library is ~10 kB of a first load that /login keeps
 * under 150 kB (issue 18 item 4; ADR 0143). Loaded with the first page that may use it (app/router.tsx).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';

/** The app's one query cache: no retry, no refetch on focus (the API client shows its own errors). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/** Layout route: the query cache around its child routes. */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
