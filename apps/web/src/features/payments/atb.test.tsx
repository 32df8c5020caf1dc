/**
 * The ATB mandate's schedule on screen (issue 38 item 3; ADR 0264): the accountant's confirmation queue shows a
 * mandate's progress and offers "Sahkan ansuran diterima", whose dialog lists the schedule (due dates, amounts,
 * received or not) and, once confirmed, posts the day received to /payment/{id}/instalment; the payer's payment
 * page shows "n daripada N … seterusnya pada <date>". In Malay, dates through the shared format helpers.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { AtbProgress } from './AtbProgress.tsx';
import type { Instalments } from './api.ts';
import { PaymentConfirmationsPage } from './PaymentConfirmationsPage.tsx';

/** RM 300 at RM 100 a month from 5 Jan 2027, the first debit received on 5 Jan (receipt R2027-000001). */
const plan = (received: number): Instalments => {
  const dates = ['2027-01-05', '2027-02-05', '2027-03-05'];
  const schedule = dates.map((due_date, i) => ({
    no: i + 1,
    due_date,
    amount_sen: 10000,
    received: i < received,
    payment_id: i < received ? `inst-${i + 1}` : null,
    receipt_no: i < received ? `R2027-00000${i + 1}` : null,
    paid_at: i < received ? `${due_date}T02:00:00.000Z` : null,
  }));
  const next = schedule.find((s) => !s.received);
  return {
    total: 3,
    received,
    received_sen: received * 10000,
    remaining_sen: (3 - received) * 10000,
    next: next ? { no: next.no, due_date: next.due_date, amount_sen: next.amount_sen } : null,
    schedule,
  };
};

const mandate = {
  id: 'mandate-1',
  paymentable_type: 'Wasiat',
  paymentable_id: 'will-1',
  payment_options_id: 5,
  amount_sen: 30000,
  status: 'pending',
  reference: null,
  bank_name: 'BANK ISLAM',
  account_no: '12345678901',
  atb_amount_sen: 10000,
  atb_frequency: 'monthly',
  atb_start_date: '2027-01-05',
  financing_status: null,
  receipt_no: null,
  created_at: '2026-12-07T01:00:00.000Z',
  payer_name: 'Aminah binti Ahmad',
  payable_reference: 'W2026-000002',
  organization_name: 'RUS',
  created_by_name: 'Aminah binti Ahmad',
  mandate: true,
  instalments: plan(1),
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ATB schedule for the accountant', () => {
  it('shows the progress and the schedule, and confirms the next instalment with the day received', async () => {
    localStorage.setItem(KEYS.token, 'tok');
    const posts: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push({ url, body: JSON.parse(String(init.body)) });
          return jsonResponse({
            payment: { receipt_no: 'R2027-000002', instalment_no: 2 },
            mandate: { status: 'pending', instalments: plan(2) },
          });
        }
        return jsonResponse({
          payments: { data: [mandate], total: 1, current_page: 1, last_page: 1 },
        });
      }),
    );
    renderPage(<PaymentConfirmationsPage />);
    const row = await screen.findByTestId('pending-payment');
    expect(within(row).getByTestId('atb-row-progress').textContent).toBe(
      '1 daripada 3 ansuran diterima (RM 100.00 daripada RM 300.00), seterusnya pada 05 Feb 2027 (RM 100.00).',
    );
    // ATB is not confirmed whole: the row offers the instalment, not "Sahkan diterima".
    expect(within(row).queryByRole('button', { name: 'Sahkan diterima' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Sahkan ansuran diterima' }));

    const dialog = await screen.findByTestId('instalment-dialog');
    const lines = within(dialog).getAllByTestId('atb-line');
    expect(lines.map((l) => within(l).getAllByRole('cell')[1].textContent)).toEqual([
      '05 Jan 2027',
      '05 Feb 2027',
      '05 Mac 2027',
    ]);
    expect(lines.map((l) => within(l).getAllByRole('cell')[2].textContent)).toEqual([
      'RM 100.00',
      'RM 100.00',
      'RM 100.00',
    ]);
    expect(lines[0].textContent).toContain('Diterima');
    expect(lines[0].textContent).toContain('R2027-000001');
    expect(lines[1].textContent).toContain('Belum diterima');
    expect(within(dialog).getByText(/ansuran 2 daripada 3 \(RM 100\.00\)/)).toBeTruthy();

    const day = within(dialog).getByLabelText(/Tarikh diterima/) as HTMLInputElement;
    await user.clear(day);
    await user.type(day, '2027-02-05');
    await user.click(within(dialog).getByRole('button', { name: 'Ya, sahkan ansuran diterima' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].url).toContain('/api/payment/mandate-1/instalment');
    expect(posts[0].body).toEqual({ received_on: '2027-02-05' });
  });
});

describe("ATB progress on the payer's payment page", () => {
  it('says how many instalments were received and when the next is due', async () => {
    localStorage.setItem(KEYS.token, 'tok');
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return jsonResponse({
          payments: {
            data: [
              { id: 'inst-1', status: 'paid', payment_options_id: 5, mandate: false, instalments: null },
              { ...mandate, instalments: plan(1) },
            ],
          },
        });
      }),
    );
    renderPage(<AtbProgress wasiatId="will-1" />);
    const note = await screen.findByTestId('atb-progress');
    expect(note.textContent).toContain('1 daripada 3 ansuran diterima');
    expect(note.textContent).toContain('seterusnya pada 05 Feb 2027');
    expect(urls[0]).toContain('/api/wasiat/will-1/payment');
    expect(screen.getAllByTestId('atb-line')).toHaveLength(3);
  });

  it('says when every instalment was received, and shows nothing without a mandate', async () => {
    localStorage.setItem(KEYS.token, 'tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ payments: { data: [{ ...mandate, status: 'paid', instalments: plan(3) }] } })),
    );
    renderPage(<AtbProgress wasiatId="will-1" />);
    expect((await screen.findByTestId('atb-progress')).textContent).toContain(
      'Kesemua 3 ansuran diterima (RM 300.00).',
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ payments: { data: [{ id: 'c', status: 'paid', payment_options_id: 3 }] } })),
    );
    const { container } = renderPage(<AtbProgress wasiatId="will-2" />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(container.querySelector('[data-testid="atb-progress"]')).toBeNull();
  });
});
