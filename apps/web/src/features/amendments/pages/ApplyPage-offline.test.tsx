/**
 * The amendment's payment on /wasiat/MohonPindaan offers "Luar Talian" (offline, mode 6; issue 38; ADR 0285) beside
 * the gateway when the server allows it, with the will's offline fields; the send posts `payment_options_id: 6` for
 * the amendment with the amount in integer sen, and a refused amount shows at its field.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { ApplyPage } from './ApplyPage.tsx';

const will = { id: 'w1', wasiat_no: 'W2026-000001', status: 2, current_version: 1 };
const amendment = {
  id: 'a1',
  amendmentable_type: 'Wasiat',
  amendmentable_id: 'w1',
  reference_no: 'P2026-000001',
  status: 0,
  price_sen: 5000,
  paid: 0,
  due_sen: 5000,
  payment_received_at: null,
};
const page = (data: unknown[]) => ({ data, total: data.length, per_page: 20, current_page: 1 });

type Call = { method: string; url: string; body: any };
let calls: Call[] = [];
let refuseAmount = false;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Pewasiat', roles: [{ name: 'Client' }] }));
  calls = [];
  refuseAmount = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const c = {
        method: init?.method ?? 'GET',
        url: String(url),
        body: init?.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(c);
      if (c.url.startsWith('/api/payment/options')) return jsonResponse({ payment_options: [1, 6] });
      if (c.method === 'POST' && c.url === '/api/payment') {
        if (refuseAmount) {
          const msg = 'Amaun yang dibayar mestilah amaun perlu dibayar (RM 50.00).';
          return jsonResponse({ message: msg, errors: { offline_amount_sen: [msg] } }, 422);
        }
        return jsonResponse({ payment: { id: 'p1', status: 'pending', payment_options_id: 6 } });
      }
      if (c.url.includes('/api/wasiat/w1/amendment')) return jsonResponse({ amendments: page([amendment]) });
      if (c.url.includes('/api/wasiat')) return jsonResponse({ wasiats: page([will]) });
      return jsonResponse({});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Choose "Luar Talian" and declare a counter deposit of RM `ringgit`. */
async function fillOffline(user: ReturnType<typeof userEvent.setup>, ringgit: string) {
  await user.click(await screen.findByRole('button', { name: 'Luar Talian' }));
  await user.click(screen.getByRole('combobox', { name: /Cara bayaran/ }));
  await user.click(await screen.findByRole('option', { name: 'Deposit di kaunter', hidden: true }));
  await user.type(screen.getByLabelText(/No\. pindahan atau no\. cek/), 'DEP-0091');
  await user.type(screen.getByLabelText(/Tarikh bayaran/), '2026-12-02');
  await user.type(screen.getByLabelText(/Amaun dibayar \(RM\)/), ringgit);
}

const paymentPosts = () => calls.filter((c) => c.method === 'POST' && c.url === '/api/payment');

describe('amendment payment: offline ("Luar Talian")', { timeout: 30_000 }, () => {
  it('is offered beside the gateway and sends mode 6 for the amendment', async () => {
    const user = userEvent.setup();
    renderPage(<ApplyPage />, { path: '/wasiat/MohonPindaan' });
    expect(await screen.findByTestId('pay-amendment')).toHaveTextContent('RM 50.00');
    await fillOffline(user, '50');
    expect(calls.find((c) => c.url.startsWith('/api/payment/options'))?.url).toContain('paymentable_type=Amendment');
    await user.click(screen.getByRole('button', { name: 'Hantar butiran bayaran luar talian' }));
    await waitFor(() => expect(paymentPosts()).toHaveLength(1));
    expect(paymentPosts()[0].body).toEqual({
      paymentable_type: 'Amendment',
      paymentable_id: 'a1',
      payment_options_id: 6,
      offline_method: 'deposit',
      reference: 'DEP-0091',
      paid_on: '2026-12-02',
      offline_amount_sen: 5000,
    });
    expect(await screen.findByTestId('offline-sent')).toBeInTheDocument();
  });

  it("shows the server's refusal of the amount at its field", async () => {
    refuseAmount = true;
    const user = userEvent.setup();
    renderPage(<ApplyPage />, { path: '/wasiat/MohonPindaan' });
    await fillOffline(user, '40');
    await user.click(screen.getByRole('button', { name: 'Hantar butiran bayaran luar talian' }));
    const amount = screen.getByLabelText(/Amaun dibayar \(RM\)/);
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Amaun yang dibayar mestilah amaun perlu dibayar (RM 50.00).')).toBeInTheDocument();
    expect(screen.queryByTestId('offline-sent')).toBeNull();
  });
});
