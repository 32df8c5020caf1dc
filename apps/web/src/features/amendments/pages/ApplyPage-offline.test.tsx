/**
 * The amendment's payment on /wasiat/MohonPindaan offers "Luar Talian" (offline, mode 6; issue 38; ADR 0285) beside
 * the gateway when the server allows it, with the will's offline fields; the send posts `payment_options_id: 6` for
 * the amendment with the amount in integer sen (with the optional proof uploaded first for the amendment, `POST
 * /payment/slip`), and a refused amount shows at its field. After a reload, an amendment whose latest payment
 * (`GET /payment/latest`) is a pending offline declaration says it awaits confirmation instead of offering it again.
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

type Call = { method: string; url: string; body: any; form: FormData | null };
let calls: Call[] = [];
let refuseAmount = false;
let pendingOffline = false;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Pewasiat', roles: [{ name: 'Client' }] }));
  calls = [];
  refuseAmount = false;
  pendingOffline = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const form = init?.body instanceof FormData ? init.body : null;
      const c = {
        method: init?.method ?? 'GET',
        url: String(url),
        body: init?.body && !form ? JSON.parse(String(init.body)) : null,
        form,
      };
      calls.push(c);
      if (c.url.startsWith('/api/payment/options')) return jsonResponse({ payment_options: [1, 6] });
      if (c.url.startsWith('/api/payment/latest')) {
        const declared = { id: 'p0', payment_options_id: 6, status: 'pending', amount_sen: 5000 };
        return jsonResponse({ payment: pendingOffline ? declared : null });
      }
      if (c.method === 'POST' && c.url === '/api/payment/slip') {
        return jsonResponse({ attachment: { id: 'slip7', type: 'payment' } }, 201);
      }
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

  it('uploads the optional proof for the amendment and sends its id with the declaration', async () => {
    const user = userEvent.setup();
    renderPage(<ApplyPage />, { path: '/wasiat/MohonPindaan' });
    await fillOffline(user, '50');
    await user.upload(
      screen.getByTestId('offline-form').querySelector('input[type=file]') as HTMLInputElement,
      new File(['jpg'], 'slip.jpg', { type: 'image/jpeg' }),
    );
    await user.click(screen.getByRole('button', { name: 'Hantar butiran bayaran luar talian' }));
    await waitFor(() => expect(paymentPosts()).toHaveLength(1));
    const slip = calls.find((c) => c.method === 'POST' && c.url === '/api/payment/slip') as Call;
    expect(slip.form?.get('paymentable_type')).toBe('Amendment');
    expect(slip.form?.get('paymentable_id')).toBe('a1');
    expect((slip.form?.get('document') as File | undefined)?.name).toBe('slip.jpg');
    expect(paymentPosts()[0].body).toMatchObject({
      paymentable_type: 'Amendment',
      paymentable_id: 'a1',
      payment_options_id: 6,
      slip_attachment_id: 'slip7',
    });
  });

  it('after a reload, says the pending offline declaration awaits confirmation instead of offering it again', async () => {
    pendingOffline = true;
    renderPage(<ApplyPage />, { path: '/wasiat/MohonPindaan' });
    expect(await screen.findByTestId('offline-sent')).toHaveTextContent('menunggu pengesahan');
    const latest = calls.find((c) => c.url.startsWith('/api/payment/latest')) as Call;
    expect(latest.url).toContain('paymentable_type=Amendment');
    expect(latest.url).toContain('paymentable_id=a1');
    expect(screen.queryByRole('button', { name: 'Luar Talian' })).toBeNull();
    // No gateway "pay" beside the declaration (ADR 0291).
    expect(screen.queryByTestId('pay-amendment')).toBeNull();
    expect(paymentPosts()).toHaveLength(0);
  });
});
