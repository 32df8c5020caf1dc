/**
 * Part H of the hibah offers "Luar Talian" (offline, mode 6; issue 38; ADR 0285) with the will's offline fields
 * when the server allows it: the payer says how, the cheque or transfer number, the day and the amount, and the
 * send posts `payment_options_id: 6` for the hibah with the amount in integer sen and the optional proof uploaded
 * first (`POST /payment/slip` for the hibah, its id as `slip_attachment_id`); once declared, the shared offline
 * choice says it awaits confirmation instead, also on a fresh page (the hibah's latest payment, `GET
 * /payment/latest`, is a pending mode 6); without 6 in the server's options there is no such choice.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { PartH } from './parts/PartH.tsx';
import type { Hibah } from './useHibah.ts';

type Call = { method: string; url: string; body: any; form: FormData | null };
let calls: Call[] = [];
let options: number[] = [1, 3, 6];
let pendingOffline = false;

const hibah = {
  id: 'h1',
  hibah_type: 9,
  user_id: 'me',
  status: 0,
  amount_due_sen: 20000,
  payment_received_at: null,
  ekyc_verified_at: '2026-01-01T00:00:00Z',
  has_signature: 0,
} as unknown as Hibah;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Kamal', roles: [{ name: 'Client' }] }));
  calls = [];
  options = [1, 3, 6];
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
      if (c.url.startsWith('/api/payment/options')) return jsonResponse({ payment_options: options });
      if (c.url.startsWith('/api/payment/latest')) {
        const declared = { id: 'p0', payment_options_id: 6, status: 'pending', amount_sen: 20000 };
        return jsonResponse({ payment: pendingOffline ? declared : null });
      }
      if (c.method === 'POST' && c.url === '/api/payment/slip') {
        return jsonResponse({ attachment: { id: 'slip1', type: 'payment' } }, 201);
      }
      if (c.method === 'POST' && c.url === '/api/payment') {
        return jsonResponse({ payment: { id: 'p1', status: 'pending', payment_options_id: 6 } });
      }
      if (c.url.startsWith('/api/hibah/h1/payment')) return jsonResponse({ payments: { data: [] } });
      return jsonResponse({});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('hibah part H: offline ("Luar Talian")', { timeout: 30_000 }, () => {
  it('is offered and sends mode 6 for the hibah with how, reference, day and the amount in sen', async () => {
    const user = userEvent.setup();
    renderPage(<PartH hibah={hibah} />);
    await user.click(await screen.findByRole('button', { name: 'Luar Talian' }));
    const options = calls.find((c) => c.url.startsWith('/api/payment/options')) as Call;
    expect(options.url).toContain('paymentable_type=Hibah');
    expect(options.url).toContain('paymentable_id=h1');
    await user.click(screen.getByRole('combobox', { name: /Cara bayaran/ }));
    await user.click(await screen.findByRole('option', { name: 'Pindahan bank', hidden: true }));
    await user.type(screen.getByLabelText(/No\. pindahan atau no\. cek/), 'FT 778812');
    await user.type(screen.getByLabelText(/Tarikh bayaran/), '2026-12-01');
    await user.type(screen.getByLabelText(/Amaun dibayar \(RM\)/), '200');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Hantar butiran bayaran luar talian' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/payment')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/payment')?.body).toEqual({
      paymentable_type: 'Hibah',
      paymentable_id: 'h1',
      payment_options_id: 6,
      offline_method: 'transfer',
      reference: 'FT 778812',
      paid_on: '2026-12-01',
      offline_amount_sen: 20000,
    });
    expect(await screen.findByTestId('offline-sent')).toHaveTextContent('menunggu pengesahan');
  });

  it('says a declared offline payment awaits confirmation on a fresh page instead of offering it again', async () => {
    pendingOffline = true;
    renderPage(<PartH hibah={hibah} />);
    expect(await screen.findByTestId('offline-sent')).toHaveTextContent('menunggu pengesahan');
    const latest = calls.find((c) => c.url.startsWith('/api/payment/latest')) as Call;
    expect(latest.url).toContain('paymentable_type=Hibah');
    expect(latest.url).toContain('paymentable_id=h1');
    expect(screen.queryByRole('button', { name: 'Luar Talian' })).toBeNull();
    // No gateway or cash beside the declaration (ADR 0291); replacing it is offered instead.
    expect(screen.getByTestId('offline-declaration')).toHaveTextContent('RM 200.00');
    expect(screen.queryByTestId('hibah-pay-online')).toBeNull();
    expect(screen.queryByTestId('hibah-pay-cash')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ganti butiran bayaran' })).toBeInTheDocument();
  });

  it('offers online and cash again once the latest payment is no pending declaration (e.g. refused)', async () => {
    renderPage(<PartH hibah={hibah} />);
    expect(await screen.findByTestId('hibah-pay-online')).toBeInTheDocument();
    expect(screen.queryByTestId('offline-declaration')).toBeNull();
  });

  it('uploads the optional proof for the hibah and sends its id with the declaration', async () => {
    const user = userEvent.setup();
    const { container } = renderPage(<PartH hibah={hibah} />);
    await user.click(await screen.findByRole('button', { name: 'Luar Talian' }));
    await user.click(screen.getByRole('combobox', { name: /Cara bayaran/ }));
    await user.click(await screen.findByRole('option', { name: 'Deposit di kaunter', hidden: true }));
    await user.type(screen.getByLabelText(/No\. pindahan atau no\. cek/), 'DEP-1');
    await user.type(screen.getByLabelText(/Tarikh bayaran/), '2026-12-01');
    await user.type(screen.getByLabelText(/Amaun dibayar \(RM\)/), '200');
    expect(screen.getByText('Bukti bayaran (pilihan)')).toBeInTheDocument();
    const file = new File(['png'], 'slip.png', { type: 'image/png' });
    await user.upload(container.querySelector('input[type=file]') as HTMLInputElement, file);
    await user.click(screen.getByRole('button', { name: 'Hantar butiran bayaran luar talian' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/payment')).toBe(true));
    const slip = calls.find((c) => c.method === 'POST' && c.url === '/api/payment/slip') as Call;
    expect(slip.form?.get('paymentable_type')).toBe('Hibah');
    expect(slip.form?.get('paymentable_id')).toBe('h1');
    expect((slip.form?.get('document') as File | undefined)?.name).toBe('slip.png');
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/payment')?.body).toMatchObject({
      paymentable_type: 'Hibah',
      payment_options_id: 6,
      offline_method: 'deposit',
      slip_attachment_id: 'slip1',
    });
    expect(await screen.findByTestId('offline-sent')).toBeInTheDocument();
  });

  it('is not offered when the server does not allow mode 6 for this hibah', async () => {
    options = [1, 3];
    renderPage(<PartH hibah={hibah} />);
    expect(await screen.findByTestId('hibah-pay-cash')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/payment/options'))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Luar Talian' })).toBeNull();
  });
});
