/**
 * /wasiat/MohonPindaan (issue 37 item 4; ADR 0253): "Mohon pindaan" on a free amendment opens the wizard and
 * never offers "Bayar RM 0.00"; a priced one shows what is due; a refused payment shows its message on the card
 * instead of an uncaught page error; the submit part offers the payment of a change of type still due.
 */
import { fireEvent, screen } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import type { AmendmentContext } from '../components/AmendmentWizard.tsx';
import { PindaanH } from '../parts/FlowParts.tsx';
import type { Amendment, Draft } from '../types.ts';
import { ApplyPage } from './ApplyPage.tsx';

const will = { id: 'w1', wasiat_no: 'W2026-000001', status: 2, current_version: 1 };
const amendment = (over: Record<string, unknown>) => ({
  id: 'a1',
  amendmentable_type: 'Wasiat',
  amendmentable_id: 'w1',
  reference_no: 'P2026-000001',
  status: 0,
  price_sen: 0,
  paid: 1,
  due_sen: 0,
  payment_received_at: null,
  ...over,
});
const page = (data: unknown[]) => ({ data, total: data.length, per_page: 20, current_page: 1 });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The server: the will, its amendments (none until applied), and the answers of apply and pay. */
function server(applied: Record<string, unknown>, payReply?: { status: number; body: unknown }) {
  let list: unknown[] = [];
  const posted: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = String(url);
      if (init?.method === 'POST' && u.endsWith('/api/amendment')) {
        posted.push('amendment');
        list = [amendment(applied)];
        return jsonResponse({ amendment: amendment(applied) }, 201);
      }
      if (init?.method === 'POST' && u.endsWith('/api/payment')) {
        posted.push('payment');
        return jsonResponse(payReply?.body ?? {}, payReply?.status ?? 200);
      }
      if (u.includes('/api/wasiat/w1/amendment')) return jsonResponse({ amendments: page(list) });
      if (u.includes('/api/wasiat')) return jsonResponse({ wasiats: page([will]) });
      return jsonResponse({});
    }),
  );
  return posted;
}

const login = () =>
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Pewasiat', roles: [{ name: 'Client' }] }));

describe('Mohon pindaan (ADR 0253)', () => {
  it('a free amendment opens the wizard at once, with no "Bayar RM 0.00"', async () => {
    login();
    const posted = server({ price_sen: 0, paid: 1, due_sen: 0 });
    renderPage(<ApplyPage />, {
      path: '/wasiat/MohonPindaan',
      routes: [{ path: '/wasiat/:wasiat_id/pindaan-a', element: <p>wizard part a</p> }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Mohon pindaan' }));
    expect(await screen.findByText('wizard part a')).toBeTruthy();
    expect(posted).toEqual(['amendment']);
    expect(screen.queryByText(/Bayar RM 0\.00/)).toBeNull();
  });

  it('a priced amendment shows what is due; a refused payment shows its message, not a page error', async () => {
    login();
    server(
      { price_sen: 8000, paid: 0, due_sen: 8000 },
      { status: 422, body: { message: 'Pindaan ini tidak boleh dibayar sekarang.', errors: {} } },
    );
    renderPage(<ApplyPage />, { path: '/wasiat/MohonPindaan' });
    fireEvent.click(await screen.findByRole('button', { name: 'Mohon pindaan' }));
    const pay = await screen.findByRole('button', { name: 'Bayar RM 80.00' });
    expect(screen.queryByText('Teruskan pindaan')).toBeNull();
    fireEvent.click(pay);
    expect(await screen.findByTestId('amendment-apply-error')).toHaveTextContent(
      'Pindaan ini tidak boleh dibayar sekarang.',
    );
  });
});

describe("the submit part and a change of the will's type (ADR 0253)", () => {
  it('shows what is still due and offers its payment before the submission', async () => {
    login();
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST' && String(url).endsWith('/api/payment')) {
          posted.push(JSON.parse(String(init.body)));
          return jsonResponse({ message: 'Pindaan ini tidak boleh dibayar sekarang.', errors: {} }, 422);
        }
        if (String(url).includes('/api/otp/verified')) return jsonResponse({ otp: { verified: false } });
        return jsonResponse({ heir_bequests: [], acknowledged: false });
      }),
    );
    const draft = { receivers: [{ id: 'r1', name: 'Ali' }], witnesses: [] } as unknown as Draft;
    const a = {
      ...amendment({ price_sen: 8000, paid: 0, due_sen: 20000, payment_received_at: '2026-12-06T01:00:00Z' }),
      amendmentable: { id: 'w1', wasiat_no: 'W2026-000001', user: null },
      ekyc_verified_at: '2026-12-06T01:00:00Z',
      witnesses: [],
      draft,
    } as unknown as Amendment;
    const ctx: AmendmentContext = { wasiatId: 'w1', amendment: a, draft, editable: true, refresh: async () => {} };
    renderPage(
      <Routes>
        <Route element={<Outlet context={ctx} />}>
          <Route path="*" element={<PindaanH />} />
        </Route>
      </Routes>,
      { path: '*', url: '/wasiat/w1/pindaan-h' },
    );
    expect(await screen.findByTestId('amendment-due')).toHaveTextContent('RM 200.00');
    fireEvent.click(screen.getByRole('button', { name: 'Bayar RM 200.00' }));
    expect(await screen.findByText('Pindaan ini tidak boleh dibayar sekarang.')).toBeTruthy();
    expect(posted).toEqual([
      expect.objectContaining({ paymentable_type: 'Amendment', paymentable_id: 'a1', payment_options_id: 1 }),
    ]);
  });
});
