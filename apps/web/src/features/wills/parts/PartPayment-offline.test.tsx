/**
 * The payment step offers "Luar Talian" (offline, issue 38 item 11; ADR 0285) to the payer when the server allows it:
 * choosing it asks how the money was paid, the transfer or cheque number, the day and the amount, and "Bayar" posts
 * them with the amount in integer sen; the server's field errors show at their fields.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';

const goNext = vi.fn(async () => {});
let paymentStatus: string | null = null;
vi.mock('../components/WizardLayout.tsx', () => ({
  useWizard: () => ({
    will: {
      id: 'w1',
      status: 0,
      price_sen: 35000,
      discount_sen: 0,
      payment_status: paymentStatus,
      payment_options_id: 6,
    },
    wasiatId: 'w1',
    editable: true,
    setWasiatId: () => {},
    refresh: async () => null,
    goNext,
  }),
}));

const { PartPayment } = await import('./PartPayment.tsx');

type Call = { method: string; url: string; body: any };
let calls: Call[] = [];
let refuseAmount = false;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Pewasiat', roles: [{ name: 'Client' }] }));
  calls = [];
  refuseAmount = false;
  paymentStatus = null;
  goNext.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const c = {
        method: init?.method ?? 'GET',
        url: String(url),
        body: init?.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(c);
      if (c.url.startsWith('/api/payment/options')) return jsonResponse({ payment_options: [1, 3, 6] });
      if (c.url.startsWith('/api/payment/latest')) {
        const declared = { id: 'p2', status: 'pending', payment_options_id: 6, amount_sen: 35000, reference: 'CEK 9' };
        return jsonResponse({ payment: paymentStatus === 'pending' ? declared : null });
      }
      if (c.method === 'POST' && c.url === '/api/payment') {
        if (refuseAmount) {
          return jsonResponse(
            {
              message: 'Amaun yang dibayar mestilah amaun perlu dibayar (RM 350.00).',
              errors: { offline_amount_sen: ['Amaun yang dibayar mestilah amaun perlu dibayar (RM 350.00).'] },
            },
            422,
          );
        }
        return jsonResponse({ payment: { id: 'p1', status: 'pending', payment_options_id: 6 } });
      }
      if (c.url.startsWith('/api/wasiat/w1/payment')) {
        return jsonResponse({
          payments: { data: [{ id: 'p0', status: 'failed', payment_options_id: 6, failure_reason: 'Cek tendang' }] },
        });
      }
      return jsonResponse({ payments: { data: [] } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Choose "Luar Talian" and fill its fields as a payer who paid RM `ringgit` by cheque. */
async function fillOffline(user: ReturnType<typeof userEvent.setup>, ringgit: string) {
  await user.click(await screen.findByRole('radio', { name: 'Luar Talian' }));
  await user.click(screen.getByRole('combobox', { name: /Cara bayaran/ }));
  await user.click(await screen.findByRole('option', { name: 'Cek', hidden: true }));
  await user.type(screen.getByLabelText(/No\. pindahan atau no\. cek/), 'CEK 004512');
  await user.type(screen.getByLabelText(/Tarikh bayaran/), '2026-12-01');
  await user.type(screen.getByLabelText(/Amaun dibayar \(RM\)/), ringgit);
}

describe('payment step: offline ("Luar Talian")', { timeout: 30_000 }, () => {
  it('is a choice for the payer and posts how, reference, day and the amount in sen', async () => {
    const user = userEvent.setup();
    renderPage(<PartPayment />);
    await fillOffline(user, '350');
    await user.click(screen.getByRole('button', { name: /^Bayar$/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/payment')).toBe(true));
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/payment') as Call;
    expect(post.body).toMatchObject({
      paymentable_type: 'Wasiat',
      paymentable_id: 'w1',
      payment_options_id: 6,
      offline_method: 'cheque',
      reference: 'CEK 004512',
      paid_on: '2026-12-01',
      offline_amount_sen: 35000,
    });
    await waitFor(() => expect(goNext).toHaveBeenCalledWith('payment'));
  });

  it("shows the server's refusal at the amount and does not move on", async () => {
    refuseAmount = true;
    const user = userEvent.setup();
    renderPage(<PartPayment />);
    await fillOffline(user, '300');
    await user.click(screen.getByRole('button', { name: /^Bayar$/ }));
    expect(await screen.findAllByText('Amaun yang dibayar mestilah amaun perlu dibayar (RM 350.00).')).not.toHaveLength(
      0,
    );
    expect(goNext).not.toHaveBeenCalled();
  });

  it('after staff refused the payment, shows their reason and offers the modes again', async () => {
    paymentStatus = 'failed';
    renderPage(<PartPayment />);
    const notice = await screen.findByTestId('payment-failed');
    await waitFor(() => expect(notice.textContent).toContain('Sebab: Cek tendang'));
    expect(await screen.findByRole('radio', { name: 'Luar Talian' })).toBeTruthy();
  });

  it('a pending declaration shows its details and "replace", and no way to pay (ADR 0291)', async () => {
    paymentStatus = 'pending';
    renderPage(<PartPayment />);
    const card = await screen.findByTestId('offline-declaration');
    expect(card).toHaveTextContent('RM 350.00');
    expect(card).toHaveTextContent('CEK 9');
    expect(screen.getByTestId('offline-sent')).toHaveTextContent('menunggu pengesahan');
    expect(screen.getByRole('button', { name: 'Ganti butiran bayaran' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bayar' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Gerbang Bayaran' })).toBeNull();
  });
});
