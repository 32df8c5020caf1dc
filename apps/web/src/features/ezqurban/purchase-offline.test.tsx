/**
 * The ezQurban purchase's payment offers "Luar Talian" (offline, mode 6; issue 38; ADR 0285) beside the gateway
 * when the server allows it, with the will's offline fields: after the purchase, the send posts
 * `payment_options_id: 6` for the qurban transaction with the amount in integer sen, and the optional proof is
 * uploaded first for the transaction (`POST /payment/slip`, its id as `slip_attachment_id`). A transaction whose
 * latest payment (`GET /payment/latest`) is a pending offline declaration is said to await confirmation on a fresh
 * render of the offline choice, not offered again.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { OfflinePayment } from '@/features/payments/index.ts';
import { KEYS } from '@/lib/storage.ts';
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
const transaction = {
  id: 't1',
  ref_no: 'QB-20260601-ABCDEF12',
  amount_sen: 65000,
  shares: 1,
  on_behalf_of: 'Salleh bin Omar',
  status: 0,
  allocations: [{ animal_no: 1, slot: 1 }],
};

// jsdom has no scrollIntoView; Mantine's combobox calls it when moving through options.
Element.prototype.scrollIntoView ??= () => {};

type Call = { method: string; url: string; body: any; form: FormData | null };
let calls: Call[] = [];
let pendingOffline = false;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 't');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', name: 'Aminah', roles: [{ name: 'Client' }] }));
  calls = [];
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
      if (c.url.startsWith('/api/payment/options')) return jsonResponse({ payment_options: [1, 2, 3, 4, 5, 6] });
      if (c.url.startsWith('/api/payment/latest')) {
        const declared = { id: 'p0', payment_options_id: 6, status: 'pending', amount_sen: 65000 };
        return jsonResponse({ payment: pendingOffline ? declared : null });
      }
      if (c.method === 'POST' && c.url === '/api/payment/slip') {
        return jsonResponse({ attachment: { id: 'slip9', type: 'payment' } }, 201);
      }
      if (c.method === 'POST' && c.url === '/api/payment') {
        return jsonResponse({ payment: { id: 'p1', status: 'pending', payment_options_id: 6 }, transaction });
      }
      if (c.method === 'POST') return jsonResponse({ transaction }, 201);
      return jsonResponse({ seasons: { data: [season], current_page: 1, per_page: 100, total: 1, last_page: 1 } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Buy one share of the season on behalf of Salleh bin Omar; the payment choices follow. */
async function purchase(user: ReturnType<typeof userEvent.setup>) {
  renderPage(<PurchasePage />, { path: '/ezqurban/purchase' });
  const select = await screen.findByRole('combobox', { name: /Musim/ });
  await user.click(select);
  await user.keyboard('{ArrowDown}{Enter}');
  await waitFor(() => expect(select).toHaveValue('Lembu 2026 — Kampong Cham, Kemboja (RM 650.00 / bahagian)'));
  await user.type(screen.getByRole('textbox', { name: /Bagi pihak/ }), 'Salleh bin Omar');
  await user.click(screen.getByRole('button', { name: 'Sahkan pembelian' }));
  expect(await screen.findByTestId('purchase-done')).toHaveTextContent('QB-20260601-ABCDEF12');
}

describe('ezQurban purchase payment: offline ("Luar Talian")', { timeout: 30_000 }, () => {
  it('is offered after the purchase and sends mode 6 for the qurban transaction', async () => {
    const user = userEvent.setup();
    await purchase(user);
    await user.click(await screen.findByRole('button', { name: 'Luar Talian' }));
    expect(calls.find((c) => c.url.startsWith('/api/payment/options'))?.url).toContain(
      'paymentable_type=QurbanTransaction',
    );
    await user.click(screen.getByRole('combobox', { name: /Cara bayaran/ }));
    await user.click(await screen.findByRole('option', { name: 'Cek', hidden: true }));
    await user.type(screen.getByLabelText(/No\. pindahan atau no\. cek/), 'CEK 120033');
    await user.type(screen.getByLabelText(/Tarikh bayaran/), '2026-12-03');
    await user.type(screen.getByLabelText(/Amaun dibayar \(RM\)/), '650');
    await user.click(screen.getByRole('button', { name: 'Hantar butiran bayaran luar talian' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/payment')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/payment')?.body).toEqual({
      paymentable_type: 'QurbanTransaction',
      paymentable_id: 't1',
      payment_options_id: 6,
      offline_method: 'cheque',
      reference: 'CEK 120033',
      paid_on: '2026-12-03',
      offline_amount_sen: 65000,
    });
    expect(await screen.findByTestId('offline-sent')).toBeInTheDocument();
  });

  it('uploads the optional proof for the qurban transaction and sends its id with the declaration', async () => {
    const user = userEvent.setup();
    await purchase(user);
    await user.click(await screen.findByRole('button', { name: 'Luar Talian' }));
    await user.click(screen.getByRole('combobox', { name: /Cara bayaran/ }));
    await user.click(await screen.findByRole('option', { name: 'Pindahan bank', hidden: true }));
    await user.type(screen.getByLabelText(/No\. pindahan atau no\. cek/), 'FT 5521');
    await user.type(screen.getByLabelText(/Tarikh bayaran/), '2026-12-03');
    await user.type(screen.getByLabelText(/Amaun dibayar \(RM\)/), '650');
    await user.upload(
      screen.getByTestId('offline-form').querySelector('input[type=file]') as HTMLInputElement,
      new File(['%PDF-'], 'resit.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Hantar butiran bayaran luar talian' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/payment')).toBe(true));
    const slip = calls.find((c) => c.method === 'POST' && c.url === '/api/payment/slip') as Call;
    expect(slip.form?.get('paymentable_type')).toBe('QurbanTransaction');
    expect(slip.form?.get('paymentable_id')).toBe('t1');
    expect((slip.form?.get('document') as File | undefined)?.name).toBe('resit.pdf');
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/payment')?.body).toMatchObject({
      paymentable_type: 'QurbanTransaction',
      paymentable_id: 't1',
      payment_options_id: 6,
      slip_attachment_id: 'slip9',
    });
    expect(await screen.findByTestId('offline-sent')).toBeInTheDocument();
  });

  it("says the transaction's pending offline declaration awaits confirmation on a fresh render", async () => {
    pendingOffline = true;
    renderPage(<OfflinePayment paymentableType="QurbanTransaction" paymentableId="t1" />);
    expect(await screen.findByTestId('offline-sent')).toHaveTextContent('menunggu pengesahan');
    const latest = calls.find((c) => c.url.startsWith('/api/payment/latest')) as Call;
    expect(latest.url).toContain('paymentable_type=QurbanTransaction');
    expect(latest.url).toContain('paymentable_id=t1');
    expect(screen.queryByRole('button', { name: 'Luar Talian' })).toBeNull();
  });
});
