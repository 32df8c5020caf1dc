import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { organisationsRoutes } from './routes.tsx';

/** The page a route of the organisations feature loads, as the router would render it. */
async function routePage(path: string) {
  const route = (organisationsRoutes.private ?? []).find((r) => r.path === path) as RouteObject;
  const load = route.lazy as () => Promise<{ Component: React.ComponentType }>;
  const { Component } = await load();
  return <Component />;
}

/**
 * A partner opening a page of another organisation by its address (issue 38: a blank page under a toast per refused
 * call): every page of one organisation reads the organisation first and, when it is not theirs (404), gives the one
 * not-found page and makes none of its own calls.
 */
describe("an organisation's sub-pages: another organisation", () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(KEYS.token, 't');
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'p1', name: 'Rosli', roles: [{ name: 'Partner' }] }));
  });
  afterEach(() => vi.unstubAllGlobals());

  const pages: [string, string][] = [
    ['/organizations/:organization_id/promo-codes', '/organizations/o2/promo-codes'],
    ['/organization/:organization_id/branch/:branch_id', '/organization/o2/branch/b9'],
    ['/organization/:organization_id/user/:user_id', '/organization/o2/user/u9'],
    ['/organization/:organization_id/pricing/:pricing_id', '/organization/o2/pricing/x9'],
    ['/organization/:organization_id/product', '/organization/o2/product'],
    ['/organization/:organization_id/individu', '/organization/o2/individu'],
  ];
  for (const [path, url] of pages) {
    it(`${url}: the not-found page and no other call`, async () => {
      const fetchMock = vi.fn(async (_url: string) => jsonResponse({ message: 'Tidak dijumpai.' }, 404));
      vi.stubGlobal('fetch', fetchMock);
      renderPage(await routePage(path), { path, url });
      expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/tidak dijumpai/i);
      await new Promise((r) => setTimeout(r, 50));
      expect(fetchMock.mock.calls.map(([u]) => u)).toEqual(['/api/organization/o2']);
    });
  }

  it("the partner's own organisation: the promo codes page and its list", async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/organization/o1')
        return jsonResponse({ organization: { id: 'o1', name: 'Koperasi Demo', type: 'private', code: 'DEMO' } });
      if (url.startsWith('/api/organizations/o1/promo-codes'))
        return jsonResponse({ promo_codes: { data: [], total: 0, current_page: 1, last_page: 1 } });
      return jsonResponse({}, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    const path = '/organizations/:organization_id/promo-codes';
    renderPage(await routePage(path), { path, url: '/organizations/o1/promo-codes' });
    expect(await screen.findByRole('heading', { level: 1, name: /Koperasi Demo/ })).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/organizations/o1/promo-codes'))).toBe(true),
    );
  });
});
