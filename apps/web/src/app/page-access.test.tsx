/**
 * The router's one guard of staff pages (issue 37 item 8; ADR 0242): a client (or any role) opening a staff page
 * by its address gets the not-found page — the same one a refused record gives — and the page makes no call;
 * a role holding the page's action gets the page. The table names only real routes.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { KEYS } from '@/lib/storage.ts';
import { unknownGuardedPaths, withPageAccess } from './access.tsx';
import { PAGE_ACCESS } from './page-access.ts';
import { privatePages } from './router.tsx';

/** Waiting ceiling for a page's first lazy load on a loaded machine (not a timing assertion). */
const LOAD = { timeout: 15_000 };

const login = (role: string) => {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Ujian', roles: [{ name: role }] }));
};

function open(url: string, routes = privatePages) {
  void i18n.changeLanguage('ms');
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const fetchMock = vi.fn(async () => jsonResponse({ message: 'Tidak dibenarkan.' }, 403));
beforeEach(() => {
  localStorage.clear();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('staff pages opened by address (issue 37 item 8)', () => {
  for (const url of [
    '/wasiat/pengesahan/list-pendaftaran',
    '/trust/pengesahan/pendaftaran',
    '/dashboard/report',
    '/dashboard/report-monthly',
    '/dashboard/staff',
    '/organization/org1/user/create',
    '/dashboard/payments',
    '/jobs/dead-letters',
    '/client-grants',
  ]) {
    it(`gives a client the not-found page on ${url}, with no call to the server`, async () => {
      login('Client');
      const router = open(url);
      expect(await screen.findByRole('heading', { level: 1, name: 'Tidak dijumpai' }, LOAD)).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(fetchMock).not.toHaveBeenCalled();
      // stays on the address (not sent elsewhere)
      expect(router.state.location.pathname).toBe(url);
    });
  }

  it('gives an agent (not only a client) the not-found page on an amendment verification list', async () => {
    login('Agent');
    open('/wasiat/pengesahan/pindaan');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tidak dijumpai' }, LOAD)).toBeInTheDocument();
  });

  it('runs the page (and its own loader) only for a role holding its action', async () => {
    const loader = vi.fn(() => null);
    const routes = [
      withPageAccess(
        { path: '/kakitangan', loader, lazy: async () => ({ Component: () => <h1>Halaman kakitangan</h1> }) },
        '',
        { '/kakitangan': ['payment:confirm'] },
      ),
    ];
    login('Client');
    const first = open('/kakitangan', routes);
    expect(await screen.findByRole('heading', { name: 'Tidak dijumpai' }, LOAD)).toBeInTheDocument();
    expect(loader).not.toHaveBeenCalled();
    first.dispose();
    document.body.innerHTML = '';
    login('Accountant');
    open('/kakitangan', routes);
    expect(await screen.findByRole('heading', { name: 'Halaman kakitangan' }, LOAD)).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('names only real routes, every one with at least one action', () => {
    expect(unknownGuardedPaths(privatePages)).toEqual([]);
    for (const [path, anyOf] of Object.entries(PAGE_ACCESS)) expect(anyOf.length, path).toBeGreaterThan(0);
  });
});
