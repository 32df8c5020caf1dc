/**
 * A declared offline payment awaiting confirmation stops every other way to pay, once for every payable screen
 * (ADR 0291): the shared OfflinePayment shows the declaration (amount, how, day, reference, bank, proof, "awaiting
 * confirmation") in place of the screen's other ways to pay (its children), and offers to replace the details — a
 * new declaration, which the server puts in place of the pending one (there is no withdrawal in the API); the list
 * rows' gate shows "awaiting confirmation" in place of their "pay".
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { OfflinePendingGate } from './OfflineDeclaration.tsx';
import { OfflinePayment } from './OfflinePayment.tsx';

type Call = { method: string; url: string; body: any; headers?: HeadersInit };
let calls: Call[] = [];
let latest: Record<string, unknown> | null = null;

const declared = {
  id: 'p0',
  status: 'pending',
  payment_options_id: 6,
  amount_sen: 35000,
  offline_method: 'cheque',
  reference: 'CEK 004512',
  bank_name: 'MAYBANK BERHAD',
  paid_on: '2026-12-03',
  slip_attachment_id: 'slip7',
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 't');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', name: 'Aminah', roles: [{ name: 'Client' }] }));
  calls = [];
  latest = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const c = {
        method: init?.method ?? 'GET',
        url: String(url),
        body: init?.body ? JSON.parse(String(init.body)) : null,
        headers: init?.headers,
      };
      calls.push(c);
      if (c.url.startsWith('/api/payment/options')) return jsonResponse({ payment_options: [1, 6] });
      if (c.url.startsWith('/api/payment/latest')) return jsonResponse({ payment: latest });
      if (c.method === 'POST' && c.url === '/api/payment') {
        return jsonResponse({ payment: { ...declared, id: 'p1', ...c.body, amount_sen: c.body.offline_amount_sen } });
      }
      if (c.url.startsWith('/api/attachment/slip7/file')) {
        return new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      }
      return jsonResponse({});
    }),
  );
  URL.createObjectURL = () => 'blob:proof';
});
const realCreate = URL.createObjectURL;
afterEach(() => {
  vi.unstubAllGlobals();
  URL.createObjectURL = realCreate;
});

/** The shared choice with a screen's gateway button as its child. */
const choice = () =>
  renderPage(
    <OfflinePayment paymentableType="Wasiat" paymentableId="w1">
      <button type="button" data-testid="gateway-pay">
        Bayar
      </button>
    </OfflinePayment>,
  );

describe('OfflinePayment while a declaration awaits confirmation', { timeout: 30_000 }, () => {
  it('shows the declaration and no other way to pay', async () => {
    latest = declared;
    choice();
    const card = await screen.findByTestId('offline-declaration');
    expect(card).toHaveTextContent('RM 350.00');
    expect(card).toHaveTextContent('Cek');
    expect(card).toHaveTextContent('CEK 004512');
    expect(card).toHaveTextContent('MAYBANK BERHAD');
    expect(card).toHaveTextContent('03 Dis 2026');
    expect(screen.getByTestId('offline-sent')).toHaveTextContent('menunggu pengesahan');
    expect(screen.getByRole('button', { name: 'Muat turun bukti bayaran' })).toBeInTheDocument();
    expect(screen.queryByTestId('gateway-pay')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Luar Talian' })).toBeNull();
  });

  it('downloads the proof with the bearer token', async () => {
    latest = declared;
    const user = userEvent.setup();
    choice();
    await user.click(await screen.findByRole('button', { name: 'Muat turun bukti bayaran' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/attachment/slip7/file')).toBe(true));
    const proof = calls.find((c) => c.url === '/api/attachment/slip7/file') as Call;
    expect((proof.headers as Record<string, string>).Authorization).toBe('Bearer t');
    expect(screen.queryByText('Bukti bayaran tidak dapat dimuat turun.')).toBeNull();
  });

  it('replaces the details: the form opens with the declaration, sending posts a new one keeping its proof', async () => {
    latest = declared;
    const user = userEvent.setup();
    choice();
    await user.click(await screen.findByRole('button', { name: 'Ganti butiran bayaran' }));
    const reference = screen.getByLabelText(/No\. pindahan atau no\. cek/);
    expect(reference).toHaveValue('CEK 004512');
    expect(screen.getByLabelText(/Tarikh bayaran/)).toHaveValue('2026-12-03');
    await user.clear(reference);
    await user.type(reference, 'CEK 004513');
    await user.click(screen.getByRole('button', { name: 'Hantar butiran baharu' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/payment')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/payment')?.body).toEqual({
      paymentable_type: 'Wasiat',
      paymentable_id: 'w1',
      payment_options_id: 6,
      offline_method: 'cheque',
      reference: 'CEK 004513',
      bank_name: 'MAYBANK BERHAD',
      paid_on: '2026-12-03',
      offline_amount_sen: 35000,
      slip_attachment_id: 'slip7',
    });
    expect(await screen.findByTestId('offline-declaration')).toHaveTextContent('CEK 004513');
    expect(screen.queryByTestId('gateway-pay')).toBeNull();
  });

  it('offers the other ways to pay and "Luar Talian" when the latest payment is no pending declaration', async () => {
    latest = { ...declared, status: 'failed' };
    choice();
    expect(await screen.findByTestId('gateway-pay')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Luar Talian' })).toBeInTheDocument();
    expect(screen.queryByTestId('offline-declaration')).toBeNull();
  });

  it('hides the other ways to pay once a declaration is sent on the page', async () => {
    const user = userEvent.setup();
    choice();
    await user.click(await screen.findByRole('button', { name: 'Luar Talian' }));
    await user.click(screen.getByRole('combobox', { name: /Cara bayaran/ }));
    await user.click(await screen.findByRole('option', { name: 'Pindahan bank', hidden: true }));
    await user.type(screen.getByLabelText(/No\. pindahan atau no\. cek/), 'FT 1');
    await user.type(screen.getByLabelText(/Tarikh bayaran/), '2026-12-03');
    await user.type(screen.getByLabelText(/Amaun dibayar \(RM\)/), '350');
    expect(screen.getByTestId('gateway-pay')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hantar butiran bayaran luar talian' }));
    expect(await screen.findByTestId('offline-declaration')).toHaveTextContent('FT 1');
    expect(screen.queryByTestId('gateway-pay')).toBeNull();
  });
});

describe('OfflinePendingGate (a list row)', () => {
  it('shows "awaiting confirmation" instead of the row\'s pay while a declaration waits', async () => {
    latest = declared;
    renderPage(
      <OfflinePendingGate paymentableType="Amendment" paymentableId="a1">
        <button type="button">Bayar</button>
      </OfflinePendingGate>,
    );
    expect(await screen.findByTestId('offline-pending')).toHaveTextContent('menunggu pengesahan');
    expect(screen.queryByRole('button', { name: 'Bayar' })).toBeNull();
    expect(calls.find((c) => c.url.startsWith('/api/payment/latest'))?.url).toContain('paymentable_type=Amendment');
  });

  it("shows the row's pay otherwise", async () => {
    renderPage(
      <OfflinePendingGate paymentableType="Amendment" paymentableId="a1">
        <button type="button">Bayar</button>
      </OfflinePendingGate>,
    );
    expect(await screen.findByRole('button', { name: 'Bayar' })).toBeInTheDocument();
  });
});
