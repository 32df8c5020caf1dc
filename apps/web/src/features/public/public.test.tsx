import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { PaymentStatusPage, readPaymentReturn } from './PaymentStatusPage.tsx';
import { PublicWillPage } from './PublicWillPage.tsx';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('PublicWillPage', () => {
  it('shows the masked testator, registration number, status and the Malaysian registration date', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({
        wasiat: {
          id: 'w1',
          wasiat_no: 'W2026-000001',
          status: 2,
          registered_at: '2026-11-23T06:05:00Z',
          testator: { name: 'A***** b**** A****' },
          organization: { name: 'Syarikat Demo Amanah Sdn Bhd' },
        },
      }),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderPage(<PublicWillPage />, { path: '/public/wasiat/:wasiat_id', url: '/public/wasiat/w1' });
    expect(await screen.findByText('W2026-000001')).toBeInTheDocument();
    expect(screen.getByText('A***** b**** A****')).toBeInTheDocument();
    // no MyKad row at all (issue 36 item 6: its digits tell the date of birth)
    expect(screen.queryByText('No. MyKad')).toBeNull();
    expect(screen.getByText('Berdaftar')).toBeInTheDocument();
    expect(screen.getByText('23 Nov 26, 14:05')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/public/wasiat/w1');
    expect((init.headers as Record<string, string>).Type).toBe('api-public');
  });

  it('shows "Tidak dijumpai" when the API answers 404', async () => {
    globalThis.fetch = vi.fn(async () => jsonResponse({ message: 'Not found' }, 404)) as unknown as typeof fetch;
    renderPage(<PublicWillPage />, {
      path: '/wasiat-verification/:wasiat_id/details',
      url: '/wasiat-verification/zz/details',
    });
    expect(await screen.findByRole('heading', { name: 'Tidak dijumpai' })).toBeInTheDocument();
  });
});

describe('PaymentStatusPage', () => {
  it('reads the gateway return: success goes on to part C, failure back to payment', () => {
    expect(readPaymentReturn(new URLSearchParams('status=1&payment_id=p1&wasiat_id=w1'))).toMatchObject({
      ok: true,
      back: '/wasiat/part-c?wasiat_id=w1',
    });
    expect(readPaymentReturn(new URLSearchParams('status=0&wasiat_id=w1')).back).toBe(
      '/wasiat/part-payment?wasiat_id=w1',
    );
  });

  it('says the payment failed in words and links back to the payment part', async () => {
    renderPage(<PaymentStatusPage />, { path: '/payment-status', url: '/payment-status?status=0&wasiat_id=w1' });
    expect(await screen.findByTestId('payment-result')).toHaveTextContent('Bayaran gagal');
    expect(screen.getByRole('link', { name: 'Kembali ke bahagian bayaran' })).toHaveAttribute(
      'href',
      '/wasiat/part-payment?wasiat_id=w1',
    );
  });
});

describe('PaymentStatusPage with the server status', () => {
  it('asks the server with the public client and shows the failure even when the query says 1', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({ payment: { id: 'p9', status: 'failed', amount_sen: 35000, receipt_no: null } }),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderPage(<PaymentStatusPage />, {
      path: '/payment-status',
      url: '/payment-status?status=1&payment_id=p9&wasiat_id=w1',
    });
    expect(await screen.findByTestId('payment-result')).toHaveTextContent('Bayaran untuk wasiat anda gagal.');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/payment-status/p9');
    expect((init.headers as Record<string, string>).Type).toBe('api-public');
    expect(screen.getByRole('link', { name: 'Kembali ke bahagian bayaran' })).toHaveAttribute(
      'href',
      '/wasiat/part-payment?wasiat_id=w1',
    );
  });

  it('announces the result in an alert (a live region) that appears when the server answers (issue 22 item 4)', async () => {
    for (const [status, said] of [
      ['paid', 'Bayaran berjaya'],
      ['failed', 'Bayaran untuk wasiat anda gagal.'],
    ]) {
      let answer: (r: Response) => void = () => {};
      globalThis.fetch = vi.fn(() => new Promise<Response>((r) => (answer = r))) as unknown as typeof fetch;
      const view = renderPage(<PaymentStatusPage />, {
        path: '/payment-status',
        url: '/payment-status?status=1&payment_id=p6&wasiat_id=w1',
      });
      // while the server has not answered: the checking line, no result yet (focus stays on the heading)
      expect(await screen.findByText('Menyemak bayaran…')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
      answer(jsonResponse({ payment: { id: 'p6', status } }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(said);
      expect(alert).toBe(screen.getByTestId('payment-result'));
      view.unmount();
    }
  });

  it('shows the amount and receipt number of a paid payment', async () => {
    globalThis.fetch = vi.fn(async () =>
      jsonResponse({ payment: { id: 'p8', status: 'paid', amount_sen: 70000, receipt_no: 'R2026-000007' } }),
    ) as unknown as typeof fetch;
    renderPage(<PaymentStatusPage />, { path: '/payment-status', url: '/payment-status?status=1&payment_id=p8' });
    expect(await screen.findByTestId('payment-result')).toHaveTextContent('Bayaran berjaya');
    expect(screen.getByTestId('payment-amount')).toHaveTextContent('RM 700.00 — No. resit: R2026-000007');
  });

  it('shows only the outcome when the server withholds the amount (not the payer; issue 16 item 5)', async () => {
    globalThis.fetch = vi.fn(async () =>
      jsonResponse({ payment: { id: 'p7', status: 'paid', payment_options_id: 1, paymentable_type: 'Wasiat' } }),
    ) as unknown as typeof fetch;
    renderPage(<PaymentStatusPage />, { path: '/payment-status', url: '/payment-status?status=1&payment_id=p7' });
    expect(await screen.findByTestId('payment-result')).toHaveTextContent('Bayaran berjaya');
    expect(screen.queryByTestId('payment-amount')).toBeNull();
  });
});
