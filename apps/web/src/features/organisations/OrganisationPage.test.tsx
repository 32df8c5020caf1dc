import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { OrganisationPage } from './pages/OrganisationPage.tsx';

/**
 * A partner opening another organisation's page by its address (issue 38 item 11): the not-found page, no toast,
 * and none of the page's other calls (branches, staff, pricing, preference) made.
 */
describe('OrganisationPage: another organisation', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(KEYS.token, 't');
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'p1', name: 'Rosli', roles: [{ name: 'Partner' }] }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('gives the not-found page and makes no other call', async () => {
    const fetchMock = vi.fn(async (_url: string) => jsonResponse({ message: 'Tidak dijumpai.' }, 404));
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<OrganisationPage />, { path: '/organization/:organization_id', url: '/organization/o2' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/tidak dijumpai/i);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/organization/o2']);
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });

  it('shows the organisation and asks for its branches, pricing and preference once it is found', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/organization/o1')
        return jsonResponse({ organization: { id: 'o1', name: 'Koperasi Demo', type: 'private', code: 'DEMO' } });
      if (url.startsWith('/api/organization/o1/branch')) return jsonResponse({ branches: { data: [] } });
      if (url.startsWith('/api/organization/o1/user-access')) return jsonResponse({ user_accesses: { data: [] } });
      if (url.startsWith('/api/organization/o1/pricing')) return jsonResponse({ pricings: { data: [] } });
      if (url.startsWith('/api/organization/o1/preference')) return jsonResponse({ preference: {} });
      return jsonResponse({}, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<OrganisationPage />, { path: '/organization/:organization_id', url: '/organization/o1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Koperasi Demo' })).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/organization/o1/preference'))).toBe(
        true,
      ),
    );
  });
});
