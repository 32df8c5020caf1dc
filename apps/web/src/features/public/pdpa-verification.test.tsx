import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { PublicValidationPage } from '@/features/ekyc/PublicValidationPage.tsx';
import i18n from '@/lib/i18n.ts';
import enPublic from '@/locales/en/public.json';
import msPublic from '@/locales/ms/public.json';
import { PdpaPage } from './PdpaPage.tsx';
import { VerificationSuccessPage } from './VerificationSuccessPage.tsx';

const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix];

// Rendering under the load of a shared 2-CPU machine can pass 5 s.
vi.setConfig({ testTimeout: 20_000 });

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
});

describe('/pdpa, the personal data notice (issue 17 item 2)', () => {
  it('has the same structure in Malay and English', () => {
    expect(keys(enPublic.public.pdpa).sort()).toEqual(keys(msPublic.public.pdpa).sort());
    expect(keys(enPublic.public.verification_success).sort()).toEqual(
      keys(msPublic.public.verification_success).sort(),
    );
  });

  it('covers what the Act requires the notice to say, in Malay', async () => {
    renderPage(<PdpaPage />, { path: '/pdpa' });
    const notice = screen.getByTestId('pdpa-notice');
    expect(within(notice).getByRole('heading', { level: 1 })).toHaveTextContent('Notis Data Peribadi');
    expect(notice).toHaveTextContent('Akta 709');
    const headings = within(notice)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(headings).toHaveLength(10);
    for (const topic of ['kumpul', 'Tujuan', 'mendedahkan', 'Hak anda', 'Tempoh penyimpanan', 'Hubungi']) {
      expect(
        headings.some((h) => h?.includes(topic)),
        topic,
      ).toBe(true);
    }
    expect(notice).toHaveTextContent('seksyen 30');
    expect(notice).toHaveTextContent('seksyen 34');
    expect(notice.textContent).not.toMatch(/public\.pdpa/);
  });

  it('reads in English when English is chosen', async () => {
    renderPage(<PdpaPage />, { path: '/pdpa' });
    await i18n.changeLanguage('en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Personal Data Notice' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '7. Your rights' })).toBeInTheDocument();
    expect(screen.getByTestId('pdpa-notice')).toHaveTextContent('section 30 of the Act');
    await i18n.changeLanguage('ms');
  });
});

describe('/verification/{wasiat_id}/success (issue 17 item 2)', () => {
  it('is where the public confirmation of particulars leads', async () => {
    localStorage.setItem('id_token_public', 'w1.9.sig');
    const calls: string[] = [];
    globalThis.fetch = vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.includes('document-ocr')) {
        return jsonResponse({
          document_ocr: {
            ic_number: '850412145523',
            name: 'AHMAD FARIS BIN KAMARUDIN',
            address: 'NO 12 JALAN MELATI 3',
            postcode: '68100',
            city: 'BATU CAVES',
            state: 'Selangor',
          },
        });
      }
      if (url.includes('public/validation')) return jsonResponse({ document_ocr: {}, message: 'ok' });
      return jsonResponse({
        ekyc: {
          wasiat_id: 'W77',
          name: 'AHMAD FARIS BIN KAMARUDIN',
          face_verification_count: 1,
          max_attempts: 3,
          ekyc_verified_at: '2026-11-25T02:00:00Z',
        },
      });
    }) as unknown as typeof fetch;
    const { router } = renderPage(<PublicValidationPage />, {
      path: '/ekyc/validation',
      routes: [{ path: '/verification/:wasiat_id/success', element: <VerificationSuccessPage /> }],
    });
    await screen.findByDisplayValue('68100');
    await userEvent.click(screen.getByTestId('ekyc-validation-submit'));
    expect(await screen.findByTestId('verification-success')).toHaveTextContent(
      'Terima kasih, AHMAD FARIS BIN KAMARUDIN',
    );
    expect(router.state.location.pathname).toBe('/verification/W77/success');
    expect(calls.some((c) => c.startsWith('POST') && c.includes('ekyc/public/validation'))).toBe(true);
  });

  it('shows no one’s data without the public session of that will', async () => {
    renderPage(<VerificationSuccessPage />, {
      path: '/verification/:wasiat_id/success',
      url: '/verification/W77/success',
    });
    const page = await screen.findByTestId('verification-success');
    expect(page).toHaveTextContent('Pengesahan anda melalui pautan yang dihantar kepada anda telah selesai.');
    expect(page).not.toHaveTextContent('Terima kasih');
  });
});
