/**
 * Test helpers for web unit tests (vitest + Testing Library + jsdom): render a page inside the app's
 * providers (Mantine, TanStack Query, i18n in Malay, a memory router), and the jsdom shims Mantine needs.
 * Import only from `*.test.tsx` files.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';
import i18n from '@/lib/i18n.ts';

// vitest runs without globals, so Testing Library's auto-cleanup is off: unmount after each test here.
afterEach(() => cleanup());

if (typeof window !== 'undefined') {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  window.scrollTo ??= (() => {}) as typeof window.scrollTo;
}

/** A JSON `Response` as `fetch` would return it. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Render `element` at `path` (or a list of routes) in a memory router with the app's providers.
 * Extra routes (e.g. `{ path: '/dashboard', element: <p>dash</p> }`) let a test see where a page navigates.
 */
export function renderPage(
  element: ReactNode,
  {
    path = '/',
    url = path,
    routes = [] as RouteObject[],
  }: { path?: string; url?: string; routes?: RouteObject[] } = {},
) {
  void i18n.changeLanguage('ms');
  const router = createMemoryRouter([{ path, element }, ...routes], { initialEntries: [url] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...utils, router };
}
