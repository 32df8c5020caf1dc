import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '@/app/storage.ts';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { HibahSections } from './components/DashboardSections.tsx';
import { offeredProducts, rm, wizardBase } from './products.ts';

describe('hibah products', () => {
  it('offers only what the organisation preference allows', () => {
    expect(offeredProducts({ allow_hibah: false, allow_corporate: true })).toEqual([]);
    const noCorporate = offeredProducts({ allow_hibah: true, allow_corporate: false }).map((p) => p.code);
    expect(noCorporate).not.toContain(1);
    expect(noCorporate).not.toContain(2);
    expect(noCorporate).toContain(14);
    expect(offeredProducts({ allow_hibah: 1, allow_corporate: 1 }).map((p) => p.code)).toContain(1);
    // The wire's 2 is "No" (issue 17 item 7: it was read as yes).
    expect(offeredProducts({ allow_hibah: 2, allow_corporate: 2 })).toEqual([]);
    expect(offeredProducts({ allow_hibah: 1, allow_corporate: 2 }).map((p) => p.code)).not.toContain(1);
  });
  it('sends each product to its wizard and shows sen as ringgit', () => {
    expect([9, 14, 12].map(wizardBase)).toEqual(['/trust', '/amanah/harta-pusaka', '/trust-onecent']);
    expect(rm(150050)).toBe('RM 1,500.50');
  });
});

describe('dashboard sections', () => {
  beforeEach(() => {
    localStorage.setItem(KEYS.token, 'tok');
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Klien', roles: [{ name: 'Client' }] }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('"hibah in process" lists the client own unfinished hibahs; "register new hibah/trust" links to the products', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({
        hibahs: {
          data: [
            {
              id: 'h1abcdefgh',
              hibah_type: 14,
              status: 3,
              hibah_number: null,
              created_at: '2026-11-20T02:00:00Z',
              user_detail: { name: 'Kamal' },
            },
          ],
          total: 1,
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<HibahSections />, { path: '/dashboard' });
    expect(await screen.findByText('Amanah Harta Pusaka')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hibah dalam proses' })).toBeInTheDocument();
    expect(screen.getByText('Terima draf')).toBeInTheDocument();
    // An unregistered hibah is named by what it is and when it was opened, not by its raw id (issue 21 item 9).
    expect(screen.queryByText('h1abcdef')).toBeNull();
    expect(screen.getByRole('link', { name: 'Belum berdaftar (dibuka 20/11/2026)' })).toHaveAttribute(
      'href',
      '/amanah/harta-pusaka/part-draft?id=h1abcdefgh',
    );
    expect(screen.getByTestId('register-hibah')).toHaveAttribute('href', '/hibah/product-list');
    const url = String((fetchMock.mock.calls[0] as unknown[])[0]);
    expect(url).toContain('/api/hibah?');
    expect(url).toContain('user_id=me');
    expect(url).toContain('status=0%2C1%2C2%2C3%2C4');
  });
});
