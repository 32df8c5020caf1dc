/**
 * The accountant's "Sahkan diterima" in the confirmation queue asks first (issue 21 item 8, issue 38): the dialog
 * names what the payment is for, the payer, the mode and the amount and says a receipt will be issued; "Batal"
 * sends nothing, and only "Ya, sahkan diterima" posts /payment/{id}/confirm.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { PaymentConfirmationsPage } from './PaymentConfirmationsPage.tsx';

const offline = {
  id: 'pay-1',
  paymentable_type: 'Hibah',
  paymentable_id: 'h1',
  payment_options_id: 6,
  amount_sen: 20000,
  status: 'pending',
  reference: 'CEK 004512',
  bank_name: null,
  account_no: null,
  atb_amount_sen: null,
  atb_frequency: null,
  atb_start_date: null,
  offline_method: 'cheque',
  paid_on: '2026-12-01',
  financing_status: null,
  receipt_no: null,
  created_at: '2026-12-07T01:00:00.000Z',
  payer_name: 'Kamal bin Ali',
  payable_reference: 'H2026-000001',
  organization_name: 'RUS',
  created_by_name: 'Kamal bin Ali',
};

let posts: string[] = [];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'acc', name: 'Akauntan', roles: [{ name: 'Accountant' }] }));
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(String(url));
        return jsonResponse({ payment: { ...offline, status: 'paid', receipt_no: 'R2026-000010' } });
      }
      return jsonResponse({
        payments: { data: posts.length ? [] : [offline], total: 1, current_page: 1, last_page: 1 },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the confirmation queue asks before confirming a payment', { timeout: 30_000 }, () => {
  it('"Sahkan diterima" opens a dialog; "Batal" sends nothing; its confirm posts /confirm', async () => {
    const user = userEvent.setup();
    renderPage(<PaymentConfirmationsPage />, { path: '/dashboard/payments' });
    const row = await screen.findByTestId('pending-payment');
    await user.click(within(row).getByRole('button', { name: 'Sahkan diterima' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sahkan bayaran diterima?' });
    expect(dialog).toHaveTextContent('Resit akan dikeluarkan kepada pembayar');
    expect(dialog).toHaveTextContent('H2026-000001');
    expect(dialog).toHaveTextContent('Kamal bin Ali');
    expect(dialog).toHaveTextContent('Luar Talian');
    expect(dialog).toHaveTextContent('RM 200.00');
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Sahkan diterima' }));
    dialog = await screen.findByRole('dialog', { name: 'Sahkan bayaran diterima?' });
    expect(posts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Ya, sahkan diterima' }));
    await waitFor(() => expect(posts).toEqual(['/api/payment/pay-1/confirm']));
  });
});
