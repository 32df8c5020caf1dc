/**
 * ezQurban purchase form (issue 10): the total follows the season's price per share; the domain schema
 * refuses a missing name before calling the API; a purchase shows its reference and share assignment.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { QurbanReportPage } from './ReportPage.tsx';
import { PurchasePage } from './TransactionPages.tsx';

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

// jsdom has no scrollIntoView; Mantine's combobox calls it when moving through options.
Element.prototype.scrollIntoView ??= () => {};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 't');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', name: 'Aminah', roles: [{ name: 'Client' }] }));
});
afterEach(() => vi.unstubAllGlobals());

describe('PurchasePage', { timeout: 30_000 }, () => {
  it('computes the total, validates, and shows the assigned shares', async () => {
    const posts: unknown[] = [];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return jsonResponse(
          {
            transaction: {
              id: 't1',
              ref_no: 'QB-20260601-ABCDEF12',
              amount_sen: 195000,
              shares: 3,
              on_behalf_of: 'Salleh bin Omar',
              status: 0,
              allocations: [
                { animal_no: 1, slot: 1 },
                { animal_no: 1, slot: 2 },
                { animal_no: 1, slot: 3 },
              ],
            },
          },
          201,
        );
      }
      expect(url).toContain('/api/ez-qurban/season');
      return jsonResponse({ seasons: { data: [season], current_page: 1, per_page: 100, total: 1, last_page: 1 } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage(<PurchasePage />, { path: '/ezqurban/purchase' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const select = await screen.findByRole('combobox', { name: /Musim/ });
    await user.click(select);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(select).toHaveValue('Lembu 2026 — Kampong Cham, Kemboja (RM 650.00 / bahagian)'));
    const shares = screen.getByRole('textbox', { name: /Bahagian/ });
    await user.clear(shares);
    await user.type(shares, '3');
    expect(await screen.findByTestId('purchase-total')).toHaveTextContent('RM 1,950.00');
    await user.click(screen.getByRole('button', { name: 'Sahkan pembelian' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Bagi pihak/ })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(posts).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /Bagi pihak/ }), 'Salleh bin Omar');
    await user.click(screen.getByRole('button', { name: 'Sahkan pembelian' }));
    expect(await screen.findByTestId('purchase-done')).toHaveTextContent('QB-20260601-ABCDEF12');
    expect(screen.getByText(/haiwan 1 bahagian 3/)).toBeInTheDocument();
    expect(posts[0]).toEqual({ season_id: 's1', shares: 3, on_behalf_of: 'Salleh bin Omar' });
  });
});

describe('QurbanReportPage', { timeout: 30_000 }, () => {
  it("names each month in Malay, as the exports do, never the 'YYYY-MM' key (issue 38)", async () => {
    const row = { transactions: 0, shares: 0, collected_sen: 0, transferred_sen: 0, balance_sen: 0 };
    const months = ['2026-05', '2026-12'].map((month) => ({ month, ...row }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('report')
          ? jsonResponse({ report: { year: 2026, months, closing_balance_sen: 0 } })
          : jsonResponse({ seasons: { data: [], current_page: 1, per_page: 15, total: 0, last_page: 1 } }),
      ),
    );
    renderPage(<QurbanReportPage />, { path: '/ezqurban/report/monthly' });
    const table = await screen.findByTestId('qurban-report');
    expect(table.querySelector('tr[data-month="2026-12"]')).toHaveTextContent('Dis 2026');
    expect(table.querySelector('tr[data-month="2026-05"]')).toHaveTextContent('Mei 2026');
    expect(table).not.toHaveTextContent('2026-12');
  });
});
