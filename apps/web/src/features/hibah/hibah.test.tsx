import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
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
    // spec §9: opened at 02:00 UTC = 10:00 in Kuala Lumpur
    expect(screen.getByRole('link', { name: 'Belum berdaftar (dibuka 20 Nov 26, 10:00)' })).toHaveAttribute(
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

describe('receivers sign (signpenerima)', () => {
  beforeEach(() => {
    localStorage.setItem(KEYS.token, 'tok');
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Klien', roles: [{ name: 'Client' }] }));
  });
  afterEach(() => vi.unstubAllGlobals());

  const hibah = { id: 'h1', hibah_type: 9, status: 3, is_draft_accepted: 1 } as never;
  const rows = (minorSigned: boolean) => (url: string) =>
    url.includes('/caretaker')
      ? jsonResponse({ caretakers: { data: [{ id: 'c1', name: 'Rohana binti Salleh', receiver_id: 'r2' }], total: 1 } })
      : jsonResponse({
          receivers: {
            data: [
              { id: 'r1', name: 'Nadia binti Rosli', is_minor: false, signed_at: null },
              {
                id: 'r2',
                name: 'Aisyah binti Rosli',
                is_minor: true,
                signed_at: minorSigned ? '2026-01-01T00:00:00Z' : null,
                accepted_by_caretaker_id: minorSigned ? 'c1' : null,
              },
            ],
            total: 2,
          },
        });

  it('offers the adult a signature here, the minor none: the caretaker accepts by link (ADR 0167)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (u: string) => rows(false)(String(u))),
    );
    const { PartSignReceivers } = await import('./parts/PartSignReceivers.tsx');
    renderPage(<PartSignReceivers hibah={hibah} />, { path: '/trust/part-signpenerima' });
    expect(
      await screen.findByText(/Aisyah binti Rosli di bawah umur: penerimaan \(qabul\) dibuat oleh penjaganya, Rohana/),
    ).toBeInTheDocument();
    expect(screen.getByTestId('sign-save-r1')).toBeInTheDocument();
    expect(screen.queryByTestId('sign-save-r2')).toBeNull();
    expect(screen.getByTestId('get-link-r2')).toBeInTheDocument();
  });

  it('says who accepted for the minor once the caretaker has', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (u: string) => rows(true)(String(u))),
    );
    const { PartSignReceivers } = await import('./parts/PartSignReceivers.tsx');
    renderPage(<PartSignReceivers hibah={hibah} />, { path: '/trust/part-signpenerima' });
    expect(await screen.findByText('Diterima (qabul) oleh penjaga, Rohana binti Salleh.')).toBeInTheDocument();
  });
});
