import { screen, within } from '@testing-library/react';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { KEYS } from '@/lib/storage.ts';
import { AgentDashboardPage, DashboardPage } from './DashboardPage.tsx';
import { agentOnly } from './routes.tsx';

const login = (role: string) => {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(
    KEYS.user,
    JSON.stringify({ id: 'me', name: 'Pengguna Ujian', roles: [{ name: role }], signature: { id: 's' } }),
  );
};

/** A fetch stub answering GET /api/wasiat by its query. */
function stubWills(answer: (q: URLSearchParams) => unknown) {
  const fetchMock = vi.fn(async (url: string) => {
    const u = new URL(url, 'http://x');
    return jsonResponse(answer(u.searchParams));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('DashboardPage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('client: "not applied" when there is no will, with a register button', async () => {
    login('Client');
    const fetchMock = stubWills(() => ({ wasiats: { data: [], total: 0 } }));
    renderPage(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText('Belum dimohon')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Papan Pemuka' })).toBeInTheDocument();
    expect(screen.getByTestId('register-will')).toHaveAttribute('href', '/wasiat/part-a');
    expect(screen.getByTestId('no-transactions')).toBeInTheDocument();
    const url = String(fetchMock.mock.calls[0][0]);
    expect(url).toContain('/api/wasiat?');
    expect(url).toContain('user_id=me');
    expect(url).toContain('load_with=payment');
  });

  it('client: the latest will in status 3 shows its label, meaning and the rejection reason; payments are listed', async () => {
    login('Client');
    const pay = { id: 'p1', amount_sen: 30000, status: 'paid', payment_options_id: 1, receipt_no: 'R2025-000007' };
    const fetchMock = vi.fn(async (url: string) => {
      if (new URL(url, 'http://x').pathname === '/api/payment/mine')
        return jsonResponse({
          payments: { data: [{ ...pay, paymentable_type: 'Wasiat', paymentable_id: 'new', payable_reference: null }] },
        });
      return jsonResponse({
        wasiats: {
          data: [
            { id: 'old', status: 2, created_at: '2024-01-01T00:00:00Z', wasiat_no: 'W2024-000001', payments: [] },
            {
              id: 'new',
              status: 3,
              created_at: '2025-03-05T06:30:00Z',
              rejected_reason: 'Salinan MyKad tidak jelas',
              payments: [pay],
            },
          ],
        },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByTestId('will-status')).toHaveTextContent('Dibatalkan, perlu dikemas kini');
    expect(screen.getByTestId('rejected-reason')).toHaveTextContent('Salinan MyKad tidak jelas');
    const rows = screen.getAllByTestId('transaction-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]).getByText('RM 300.00')).toBeInTheDocument();
    expect(within(rows[0]).getByText('R2025-000007')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Dibayar')).toBeInTheDocument();
    // "Update" opens the wizard at the part in progress of this will (issue 17 item 13).
    expect(screen.getByRole('link', { name: 'Kemas kini wasiat' })).toHaveAttribute(
      'href',
      '/wasiat/part-a?wasiat_id=new&resume=1',
    );
  });

  it('client: the transaction history lists every payable kind of the ledger, each saying what it is for (ADR 0248)', async () => {
    login('Client');
    const row = (id: string, type: string, ref: string | null, amount: number, at: string) => ({
      id,
      paymentable_type: type,
      paymentable_id: `${id}-record`,
      payable_reference: ref,
      amount_sen: amount,
      status: 'paid',
      payment_options_id: 3,
      receipt_no: `R-${id}`,
      paid_at: at,
    });
    const fetchMock = vi.fn(async (url: string) => {
      const u = new URL(url, 'http://x');
      if (u.pathname === '/api/payment/mine')
        return jsonResponse({
          payments: {
            data: [
              row('ph', 'Hibah', 'H2025-000004', 100000, '2025-03-01T00:00:00Z'),
              row('pa', 'Amendment', 'P2025-000002', 8000, '2025-04-01T00:00:00Z'),
              row('pq', 'QurbanTransaction', 'Q2025-000003', 90000, '2025-02-01T00:00:00Z'),
            ],
          },
        });
      return jsonResponse({ wasiats: { data: [], total: 0 } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<DashboardPage />, { path: '/dashboard' });
    await screen.findAllByTestId('transaction-row');
    const rows = screen.getAllByTestId('transaction-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Pindaan P2025-000002');
    expect(within(rows[0]).getByText('RM 80.00')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Hibah H2025-000004');
    expect(rows[2]).toHaveTextContent('ezQurban Q2025-000003');
    expect(within(rows[2]).getByText('R-pq')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('/api/payment/mine?limit=100'))).toBe(true);
  });

  it("client: a settled payment's receipt downloads from its row, of any kind (the receipt mail leads here; issue 38)", async () => {
    login('Client');
    const pay = (id: string, status: string, receipt: string | null) => ({
      id,
      paymentable_type: 'QurbanTransaction',
      paymentable_id: `${id}-record`,
      payable_reference: `Q-${id}`,
      amount_sen: 65000,
      status,
      payment_options_id: 3,
      receipt_no: receipt,
      paid_at: '2026-12-01T00:00:00Z',
    });
    const fetchMock = vi.fn(async (url: string) => {
      const u = new URL(url, 'http://x');
      if (u.pathname === '/api/payment/mine')
        return jsonResponse({ payments: { data: [pay('pq', 'paid', 'R2026-000009'), pay('pp', 'pending', null)] } });
      if (u.pathname === '/api/payment/pq/receipt')
        return new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200 });
      return jsonResponse({ wasiats: { data: [], total: 0 } });
    });
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL ??= () => 'blob:receipt';
    renderPage(<DashboardPage />, { path: '/dashboard' });
    const button = await screen.findByRole('button', { name: 'Muat turun resit R2026-000009 (PDF)' });
    expect(screen.getAllByRole('button', { name: /Muat turun resit/ })).toHaveLength(1);
    button.click();
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some((c) => String(c[0]).startsWith('/api/payment/pq/receipt'))).toBe(true),
    );
  });

  it('staff: counts of wills in registration (0) and awaiting confirmation (1)', async () => {
    login('Staff');
    const fetchMock = stubWills((q) =>
      q.get('status') === '0'
        ? { wasiats: { data: [{ id: 'a', status: 0 }], total: 4 } }
        : { wasiats: { data: [{ id: 'b', status: 1, wasiat_no: null }], total: 7 } },
    );
    renderPage(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText('4')).toBeInTheDocument();
    expect(within(screen.getByTestId('in-process-0')).getByText('4')).toBeInTheDocument();
    expect(within(screen.getByTestId('in-process-1')).getByText('7')).toBeInTheDocument();
    expect(screen.queryByTestId('will-status-meaning')).toBeNull();
    const urls = fetchMock.mock.calls.map((c) => String(c[0]));
    expect(urls.some((u) => u.includes('status=0'))).toBe(true);
    expect(urls.some((u) => u.includes('status=1'))).toBe(true);
  });

  it('agent dashboard lists the agent’s clients’ wills', async () => {
    login('Agent');
    stubWills((q) =>
      q.get('status')
        ? { wasiats: { data: [], total: 0 } }
        : { wasiats: { data: [{ id: 'c1', status: 2, wasiat_no: 'W2025-000123', user: { name: 'Ali bin Abu' } }] } },
    );
    renderPage(<AgentDashboardPage />, { path: '/dashboard/agent' });
    expect(await screen.findByText('W2025-000123')).toHaveAttribute('href', '/wasiat/c1/details');
    expect(screen.getByText('Ali bin Abu')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Papan Pemuka Ejen' })).toBeInTheDocument();
  });

  it('client, in English: "Hibah in process" is shown once (the table under it names itself for screen readers only)', async () => {
    login('Client');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        jsonResponse(
          new URL(url, 'http://x').pathname.startsWith('/api/hibah')
            ? { hibahs: { data: [], total: 0 } }
            : { wasiats: { data: [], total: 0 }, amendments: { data: [], total: 0 } },
        ),
      ),
    );
    renderPage(<DashboardPage />, { path: '/dashboard' });
    await i18n.changeLanguage('en');
    try {
      const heading = await screen.findByRole('heading', { level: 2, name: 'Hibah in process' });
      // the table under it is named by a caption for screen readers only, not by another visible title
      const table = await screen.findByRole('table', { name: 'Hibah in process' });
      const all = screen.getAllByText('Hibah in process');
      expect(all).toHaveLength(2);
      const shown = all.filter((el) => !el.closest('.mantine-VisuallyHidden-root'));
      expect(shown).toEqual([heading]);
      expect(table.querySelector('caption .mantine-VisuallyHidden-root')).toHaveTextContent('Hibah in process');
    } finally {
      await i18n.changeLanguage('ms');
    }
  });

  it('/dashboard/agent sends every role but Agent to /dashboard', () => {
    const args = {} as LoaderFunctionArgs;
    login('Agent');
    expect(agentOnly(args)).toBeUndefined();
    for (const role of ['Client', 'Staff', 'Admin']) {
      login(role);
      const r = agentOnly(args);
      expect(r instanceof Response ? r.headers.get('Location') : null).toBe('/dashboard');
    }
  });
});
