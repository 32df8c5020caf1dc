/**
 * An ezQurban purchase's payment after a reload (issue 38; ADR 0291): the purchase page keeps the purchase in its
 * address (`/ezqurban/purchase?id=…`) and shows its payment from the server — the gateway's "Bayar" and "Luar
 * Talian", or, while an offline declaration awaits confirmation, the declaration and no gateway; the list offers no
 * gateway for a purchase whose offline declaration waits (`payment_status` pending with `payment_channel` offline), and
 * leads every other purchase waiting for payment to that page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { PurchasePage, TransactionListPage } from './TransactionPages.tsx';

const season = {
  id: 's1',
  year: 2026,
  location: 'Kampong Cham',
  country: 'Kemboja',
  animal_type: 'cow',
  shares_per_animal: 7,
  price_per_share_sen: 65000,
  status: 1,
  shares_taken: 0,
  shares_left: null,
};
const tx = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  ref_no: `QB-${id}`,
  amount_sen: 65000,
  shares: 1,
  on_behalf_of: 'Salleh bin Omar',
  client_name: 'Aminah',
  status: 0,
  payment_channel: null,
  payment_status: null,
  verified_at: null,
  product_purchased_at: '2026-12-01T02:00:00Z',
  allocations: [{ animal_no: 1, slot: 1 }],
  ...extra,
});
const declared = {
  id: 'p0',
  status: 'pending',
  payment_options_id: 6,
  amount_sen: 65000,
  offline_method: 'transfer',
  reference: 'FT 5521',
  paid_on: '2026-12-03',
};

// jsdom has no scrollIntoView; Mantine's combobox calls it when moving through options.
Element.prototype.scrollIntoView ??= () => {};

let urls: string[] = [];
let latest: unknown = null;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 't');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', name: 'Aminah', roles: [{ name: 'Client' }] }));
  urls = [];
  latest = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const u = String(url);
      urls.push(`${init?.method ?? 'GET'} ${u}`);
      if (u.startsWith('/api/payment/options')) return jsonResponse({ payment_options: [1, 6] });
      if (u.startsWith('/api/payment/latest')) return jsonResponse({ payment: latest });
      if (u.startsWith('/api/ez-qurban/transaction/t1')) return jsonResponse({ transaction: tx('t1') });
      if (init?.method === 'POST' && u === '/api/ez-qurban/transaction') {
        return jsonResponse({ transaction: tx('t9') }, 201);
      }
      if (u.startsWith('/api/ez-qurban/transaction')) {
        const rows = [tx('t1', { payment_status: 'pending', payment_channel: 'offline' }), tx('t2')];
        return jsonResponse({
          transactions: { data: rows, current_page: 1, per_page: 15, total: 2, last_page: 1 },
          total_pending: 2,
          total_verified: 0,
          sum_pending: 130000,
          sum_verified: 0,
        });
      }
      return jsonResponse({ seasons: { data: [season], current_page: 1, per_page: 100, total: 1, last_page: 1 } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('ezQurban payment after a reload', { timeout: 30_000 }, () => {
  it('the purchase page shows a pending offline declaration of ?id and no gateway', async () => {
    latest = declared;
    renderPage(<PurchasePage />, { path: '/ezqurban/purchase', url: '/ezqurban/purchase?id=t1' });
    expect(await screen.findByTestId('purchase-done')).toHaveTextContent('QB-t1');
    expect(await screen.findByTestId('offline-declaration')).toHaveTextContent('FT 5521');
    expect(screen.getByTestId('offline-sent')).toHaveTextContent('menunggu pengesahan');
    expect(screen.queryByRole('button', { name: 'Bayar' })).toBeNull();
    expect(urls).toContain('GET /api/ez-qurban/transaction/t1');
    expect(urls.find((u) => u.includes('/api/payment/latest'))).toContain('paymentable_type=QurbanTransaction');
  });

  it('the purchase page offers the gateway and "Luar Talian" for ?id with no declaration', async () => {
    renderPage(<PurchasePage />, { path: '/ezqurban/purchase', url: '/ezqurban/purchase?id=t1' });
    expect(await screen.findByRole('button', { name: 'Bayar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Luar Talian' })).toBeInTheDocument();
  });

  it('a new purchase puts its id in the address, so a reload shows its payment', async () => {
    const user = userEvent.setup();
    const { router } = renderPage(<PurchasePage />, { path: '/ezqurban/purchase' });
    const select = await screen.findByRole('combobox', { name: /Musim/ });
    await user.click(select);
    await user.keyboard('{ArrowDown}{Enter}');
    await user.type(screen.getByRole('textbox', { name: /Bagi pihak/ }), 'Salleh bin Omar');
    await user.click(screen.getByRole('button', { name: 'Sahkan pembelian' }));
    expect(await screen.findByTestId('purchase-done')).toHaveTextContent('QB-t9');
    await waitFor(() => expect(router.state.location.search).toBe('?id=t9'));
  });

  it('the list offers no gateway for a purchase whose offline declaration waits; others lead to their payment', async () => {
    renderPage(<TransactionListPage />, { path: '/ezqurban/transaction/list' });
    const table = await screen.findByTestId('qurban-transactions');
    const declaredRow = (await within(table).findByText('QB-t1')).closest('tr') as HTMLElement;
    expect(within(declaredRow).getByTestId('qurban-offline-pending')).toHaveTextContent('menunggu pengesahan');
    expect(within(declaredRow).queryByRole('button', { name: /Bayar/ })).toBeNull();
    expect(within(declaredRow).queryByRole('link', { name: /Bayar/ })).toBeNull();
    expect(within(declaredRow).getByRole('link', { name: 'Butiran bayaran QB-t1' })).toHaveAttribute(
      'href',
      '/ezqurban/purchase?id=t1',
    );
    const otherRow = within(table).getByText('QB-t2').closest('tr') as HTMLElement;
    expect(within(otherRow).getByRole('link', { name: 'Bayar QB-t2' })).toHaveAttribute(
      'href',
      '/ezqurban/purchase?id=t2',
    );
  });
});
