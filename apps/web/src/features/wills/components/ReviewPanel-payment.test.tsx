/**
 * The accountant's "Sahkan bayaran" on the will verification screen asks first (issue 38; the same dialog as the
 * will's "Sahkan", lib/notify `confirmAction`): it names the mode, the amount and the reference and says a receipt
 * is issued; "Kembali" sends nothing, and only the dialog's "Sahkan bayaran" posts /payment/{id}/confirm.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { FeedbackHost } from '@/lib/feedback.tsx';
import { KEYS } from '@/lib/storage.ts';
import type { Will } from '../types.ts';
import { ReviewPanel } from './ReviewPanel.tsx';

const will = { id: 'w1', status: 1, wasiat_no: 'W2026-000042' } as unknown as Will;
const pending = { id: 'pay-9', status: 'pending', payment_options_id: 3, amount_sen: 35000, reference: 'TUNAI-77' };
let writes: { method: string; url: string }[] = [];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'acc', name: 'Akauntan', roles: [{ name: 'Accountant' }] }));
  writes = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') writes.push({ method, url: String(url) });
      if (String(url).startsWith('/api/wasiat/w1/payment')) {
        return jsonResponse({ payments: { data: writes.length ? [] : [pending] } });
      }
      return jsonResponse({ payment: { ...pending, status: 'paid', receipt_no: 'R2026-000011' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('"Sahkan bayaran" on the will verification screen asks first (issue 38)', { timeout: 30_000 }, () => {
  it('opens a dialog naming the payment; "Kembali" sends nothing; its confirm posts /confirm', async () => {
    const user = userEvent.setup();
    renderPage(
      <>
        <ReviewPanel will={will} />
        <FeedbackHost />
      </>,
    );
    await user.click(await screen.findByTestId('confirm-will-payment'));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Sahkan bayaran diterima?');
    expect(dialog).toHaveTextContent('Tunai RM 350.00, rujukan TUNAI-77');
    expect(dialog).toHaveTextContent('resit dikeluarkan kepada pembayar');
    await user.click(within(dialog).getByRole('button', { name: 'Kembali' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([]);

    await user.click(screen.getByTestId('confirm-will-payment'));
    dialog = await screen.findByRole('dialog');
    expect(writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Sahkan bayaran' }));
    await waitFor(() => expect(writes).toEqual([{ method: 'POST', url: '/api/payment/pay-9/confirm' }]));
  });
});
