/**
 * The dashboard's figures card and section list (ADR 0062): each non-client role sees its figures from
 * `GET /api/dashboard/summary` under its own heading; a Client does not; the listed sections come in order.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { DashboardPage } from './DashboardPage.tsx';
import { dashboardRoutes } from './routes.tsx';
import { type DashboardSection, sectionsFor } from './sections.tsx';

const login = (role: string) => {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(
    KEYS.user,
    JSON.stringify({ id: 'me', name: 'Pengguna', roles: [{ name: role }], signature: { id: 's' } }),
  );
};
const figures = (total: number) => ({
  total,
  new: 1,
  in_process: 2,
  approved: total - 4,
  cancelled: 1,
  paid: 3,
  amount_sen: 123450,
});

/** Hibah counts by status -1 … 5 (ADR 0063): 1 placeholder, 1 new, the rest awaiting verification, 1 registered. */
const hibahFigures = (total: number) => ({
  total,
  placeholder: 1,
  new: 1,
  grantor_review: 0,
  awaiting_verification: Math.max(0, total - 3),
  draft: 0,
  awaiting_witnesses: 0,
  registered: 1,
  paid: 2,
  amount_sen: 250000,
});

function stub() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url.includes('/api/dashboard/summary')) {
        return jsonResponse({
          summary: {
            totals: figures(9),
            this_month: { ...figures(5), period: { label: '2026-11' } },
            hibah: { totals: hibahFigures(7), this_month: { ...hibahFigures(2), period: { label: '2026-11' } } },
          },
        });
      }
      return jsonResponse({ wasiats: { data: [], total: 0 } });
    }),
  );
  return urls;
}

describe('dashboard figures', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  for (const [role, heading] of [
    ['Staff', 'Saluran, semua organisasi'],
    ['Partner', 'Saluran organisasi'],
    ['Agent', 'Jualan saya'],
  ] as const) {
    it(`${role}: "${heading}" with all-time and this-month figures`, async () => {
      login(role);
      stub();
      renderPage(<DashboardPage />, { path: '/dashboard' });
      const card = await screen.findByTestId('summary');
      expect(within(card).getByRole('heading', { name: heading })).toBeInTheDocument();
      expect(await within(card).findByTestId('summary-totals-total')).toHaveTextContent('9');
      expect(within(card).getByTestId('summary-this_month-total')).toHaveTextContent('5');
      expect(within(card).getByTestId('summary-totals-amount')).toHaveTextContent('RM 1,234.50');
      // hibahs and trusts: total, in process (statuses 0–4), registered, collected — all time, then this month
      const [allTime, month] = [0, 1].map((i) => ({
        total: within(card).getAllByTestId('summary-hibah-total')[i],
        inProcess: within(card).getAllByTestId('summary-hibah-in_process')[i],
        registered: within(card).getAllByTestId('summary-hibah-registered')[i],
        amount: within(card).getAllByTestId('summary-hibah-amount')[i],
      }));
      expect(allTime.total).toHaveTextContent('Hibah dan amanah7');
      expect(allTime.inProcess).toHaveTextContent('Hibah dalam proses5');
      expect(allTime.registered).toHaveTextContent('Hibah berdaftar1');
      expect(allTime.amount).toHaveTextContent('RM 2,500.00');
      expect(month.total).toHaveTextContent('2');
      expect(month.inProcess).toHaveTextContent('1');
      // the reports link only for roles that may read reports
      expect(within(card).queryByRole('link', { name: 'Buka laporan' }) !== null).toBe(role !== 'Agent');
    });
  }

  it('"Collected" shows the ledger\'s collections when the server gives them (every payable kind; ADR 0248)', async () => {
    login('Partner');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        jsonResponse(
          url.includes('/api/dashboard/summary')
            ? {
                summary: {
                  totals: { ...figures(9), collected_sen: 113000 },
                  this_month: { ...figures(5), collected_sen: 8000, period: { label: '2026-11' } },
                },
              }
            : { wasiats: { data: [], total: 0 } },
        ),
      ),
    );
    renderPage(<DashboardPage />, { path: '/dashboard' });
    const card = await screen.findByTestId('summary');
    expect(await within(card).findByTestId('summary-totals-amount')).toHaveTextContent('RM 1,130.00');
    expect(within(card).getByTestId('summary-this_month-amount')).toHaveTextContent('RM 80.00');
  });

  it('a Client sees no figures card and the server is not asked for them', async () => {
    login('Client');
    const urls = stub();
    renderPage(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText('Belum dimohon')).toBeInTheDocument();
    expect(screen.queryByTestId('summary')).toBeNull();
    expect(urls.some((u) => u.includes('dashboard/summary'))).toBe(false);
  });

  it('sectionsFor keeps the sections that accept the viewer, in order', () => {
    const C = () => null;
    const list: DashboardSection[] = [
      { id: 'b', order: 20, show: () => true, Component: C },
      { id: 'hidden', order: 5, show: (v) => v.isClient, Component: C },
      { id: 'a', order: 10, show: () => true, Component: C },
    ];
    const viewer = { userId: 'me', role: 'Staff' as const, isClient: false, focus: 'general' as const };
    expect(sectionsFor(viewer, list).map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('/dashboard/wills opens the wills list', () => {
    renderPage(<p>x</p>, {
      url: '/dashboard/wills',
      path: '/nowhere',
      routes: [
        ...(dashboardRoutes.private ?? []).filter((r) => r.path === '/dashboard/wills'),
        { path: '/wasiat/list', element: <p>senarai wasiat</p> },
      ],
    });
    expect(screen.getByText('senarai wasiat')).toBeInTheDocument();
  });
});
