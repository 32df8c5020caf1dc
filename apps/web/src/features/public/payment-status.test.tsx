/**
 * The payment status page names what was paid for and leads back to it (issue 37 item 3, issue 38; ADR 0242):
 * a will, a will's and a hibah's amendment, a hibah product by its name (the one-cent trust too), a qurban
 * purchase — in Malay and English, from the payer's answer of `GET /api/payment-status/{id}`.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { KEYS } from '@/lib/storage.ts';
import { PaymentStatusPage } from './PaymentStatusPage.tsx';
import type { PublicPayment } from './payment-return.ts';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
});

interface Case {
  name: string;
  query: string;
  payment: Omit<PublicPayment, 'id' | 'status'>;
  ms: { text: string; link: string };
  en: { text: string; link: string };
  href: string;
}

const paid: Case[] = [
  {
    name: 'a will',
    query: 'wasiat_id=w1',
    payment: { paymentable_type: 'Wasiat', paymentable_id: 'w1', payable: { wasiat_id: 'w1' } },
    ms: { text: 'Bayaran untuk wasiat anda telah diterima.', link: 'Teruskan pendaftaran wasiat' },
    en: { text: 'The payment for your will was received.', link: 'Continue the will registration' },
    href: '/wasiat/part-c?wasiat_id=w1',
  },
  {
    name: "a will's amendment",
    query: 'paymentable_type=Amendment&paymentable_id=a1',
    payment: { paymentable_type: 'Amendment', paymentable_id: 'a1', payable: { amendment_id: 'a1', wasiat_id: 'w2' } },
    ms: { text: 'Bayaran untuk pindaan anda telah diterima.', link: 'Teruskan pindaan' },
    en: { text: 'The payment for your amendment was received.', link: 'Continue the amendment' },
    href: '/wasiat/w2/pindaan-a',
  },
  {
    name: "a hibah's amendment",
    query: 'paymentable_type=Amendment&paymentable_id=a2',
    payment: { paymentable_type: 'Amendment', paymentable_id: 'a2', payable: { amendment_id: 'a2', hibah_id: 'h9' } },
    ms: { text: 'Bayaran untuk pindaan anda telah diterima.', link: 'Teruskan pindaan' },
    en: { text: 'The payment for your amendment was received.', link: 'Continue the amendment' },
    href: '/trust/pindaan/a2',
  },
  {
    name: 'a property hibah, by its product name',
    query: 'paymentable_type=Hibah&paymentable_id=h1',
    payment: { paymentable_type: 'Hibah', paymentable_id: 'h1', payable: { hibah_id: 'h1', hibah_type: 9 } },
    ms: {
      text: 'Bayaran untuk Hibah Amanah Hartanah anda telah diterima.',
      link: 'Teruskan pendaftaran Hibah Amanah Hartanah',
    },
    en: {
      text: 'The payment for your Real-estate hibah trust was received.',
      link: 'Continue the Real-estate hibah trust registration',
    },
    href: '/trust/part-h?id=h1',
  },
  {
    name: 'the one-cent trust',
    query: 'paymentable_type=Hibah&paymentable_id=h2',
    payment: { paymentable_type: 'Hibah', paymentable_id: 'h2', payable: { hibah_id: 'h2', hibah_type: 12 } },
    ms: { text: 'Bayaran untuk Hibah One Cent anda telah diterima.', link: 'Teruskan pendaftaran Hibah One Cent' },
    en: { text: 'The payment for your One-cent hibah was received.', link: 'Continue the One-cent hibah registration' },
    href: '/trust-onecent/part-h?id=h2',
  },
  {
    name: 'an estate trust',
    query: 'paymentable_type=Hibah&paymentable_id=h3',
    payment: { paymentable_type: 'Hibah', paymentable_id: 'h3', payable: { hibah_id: 'h3', hibah_type: 14 } },
    ms: {
      text: 'Bayaran untuk Amanah Harta Pusaka anda telah diterima.',
      link: 'Teruskan pendaftaran Amanah Harta Pusaka',
    },
    en: { text: 'The payment for your Estate trust was received.', link: 'Continue the Estate trust registration' },
    href: '/amanah/harta-pusaka/part-h?id=h3',
  },
  {
    name: 'a qurban purchase',
    query: 'paymentable_type=QurbanTransaction&paymentable_id=q1',
    payment: { paymentable_type: 'QurbanTransaction', paymentable_id: 'q1', payable: { reference: 'Q-1' } },
    ms: { text: 'Bayaran untuk pembelian qurban anda telah diterima.', link: 'Lihat pembelian qurban' },
    en: { text: 'The payment for your qurban purchase was received.', link: 'See your qurban purchases' },
    href: '/ezqurban/transaction/list',
  },
];

/** Render the page as the signed-in payer after the gateway's return, the server answering `payment`. */
async function showPaid(c: Case, status: PublicPayment['status'] = 'paid') {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Ujian', roles: [{ name: 'Client' }] }));
  const fetchMock = vi.fn(async () => jsonResponse({ payment: { id: 'p1', status, amount_sen: 100, ...c.payment } }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const view = renderPage(<PaymentStatusPage />, {
    path: '/payment-status',
    url: `/payment-status?status=${status === 'paid' ? 1 : 0}&payment_id=p1&${c.query}`,
  });
  await screen.findByTestId('payment-result');
  expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/payment-status/p1');
  return view;
}

describe('the payment status page names the payable and leads back to it', () => {
  for (const c of paid) {
    it(`${c.name}: in Malay and English`, async () => {
      const view = await showPaid(c);
      expect(screen.getByTestId('payment-result')).toHaveTextContent(c.ms.text);
      expect(screen.getByRole('link', { name: c.ms.link })).toHaveAttribute('href', c.href);
      await act(() => i18n.changeLanguage('en'));
      expect(screen.getByTestId('payment-result')).toHaveTextContent(c.en.text);
      expect(screen.getByRole('link', { name: c.en.link })).toHaveAttribute('href', c.href);
      view.unmount();
    });
  }

  it('never calls a hibah or qurban payment a will payment (issue 37 item 3, issue 38)', async () => {
    for (const c of paid.filter((x) => x.payment.paymentable_type !== 'Wasiat')) {
      const view = await showPaid(c);
      expect(document.body).not.toHaveTextContent(/wasiat/i);
      view.unmount();
    }
  });

  it('after a failed hibah payment: says which hibah failed and leads back to its payment part', async () => {
    const view = await showPaid(paid[3], 'failed');
    expect(screen.getByTestId('payment-result')).toHaveTextContent('Bayaran untuk Hibah Amanah Hartanah anda gagal.');
    expect(screen.getByRole('link', { name: 'Kembali ke bayaran Hibah Amanah Hartanah' })).toHaveAttribute(
      'href',
      '/trust/part-h?id=h1',
    );
    view.unmount();
  });

  it('a visitor who is not the payer (no payable in the answer) still reads the kind, without a will link', async () => {
    globalThis.fetch = vi.fn(async () =>
      jsonResponse({ payment: { id: 'p2', status: 'paid', payment_options_id: 1, paymentable_type: 'Hibah' } }),
    ) as unknown as typeof fetch;
    renderPage(<PaymentStatusPage />, {
      path: '/payment-status',
      url: '/payment-status?status=1&payment_id=p2&paymentable_type=Hibah&paymentable_id=h1',
    });
    expect(await screen.findByTestId('payment-result')).toHaveTextContent('Bayaran untuk hibah anda telah diterima.');
    expect(screen.getByTestId('payment-back')).toHaveAttribute('href', '/hibah/list-client');
  });
});
