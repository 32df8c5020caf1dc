import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import enIdentity from '@/locales/en/ekyc-identity.json';
import msIdentity from '@/locales/ms/ekyc-identity.json';
import { PublicEkycPage } from './PublicEkycPage.tsx';
import { PublicValidationPage } from './PublicValidationPage.tsx';
import { linkParams } from './publicSession.ts';

const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix];

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
});

describe('public eKYC', () => {
  it('has the same locale keys in Malay and English', () => {
    expect(keys(enIdentity).sort()).toEqual(keys(msIdentity).sort());
  });

  it('reads the signed-link parameters', () => {
    expect(linkParams(new URLSearchParams('wasiat_id=w1&link_id=l1&expires=9&signature=s'))).toEqual({
      wasiat_id: 'w1',
      link_id: 'l1',
      expires: '9',
      signature: 's',
    });
    expect(linkParams(new URLSearchParams('wasiat_id=w1'))).toBeNull();
    // A link without its id (issued before links were recorded) is not a link.
    expect(linkParams(new URLSearchParams('wasiat_id=w1&expires=9&signature=s'))).toBeNull();
  });

  it('exchanges the link for the public token and shows the testator, the count and the form', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({
        bearer_token: 'w1.9.sig',
        ekyc: { wasiat_id: 'w1', name: 'Ahmad', face_verification_count: 1, max_attempts: 3, ekyc_verified_at: null },
      }),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderPage(<PublicEkycPage />, { path: '/ekyc', url: '/ekyc?wasiat_id=w1&link_id=l1&expires=9&signature=s' });
    expect(await screen.findByText(/Assalamualaikum Ahmad/)).toBeInTheDocument();
    expect(screen.getByTestId('ekyc-failed-count')).toHaveTextContent('1');
    expect(screen.getByTestId('mykad-file')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/ekyc/public/token');
    expect(JSON.parse(String(init.body))).toEqual({ wasiat_id: 'w1', link_id: 'l1', expires: '9', signature: 's' });
    expect(localStorage.getItem('id_token_public')).toBe('w1.9.sig');
  });

  it('says so when the link is tampered or expired', async () => {
    globalThis.fetch = vi.fn(async () =>
      jsonResponse({ message: 'Pautan ini tidak sah atau telah tamat tempoh.' }, 403),
    ) as unknown as typeof fetch;
    renderPage(<PublicEkycPage />, { path: '/ekyc', url: '/ekyc?wasiat_id=w1&link_id=l1&expires=9&signature=bad' });
    expect(await screen.findByTestId('ekyc-link-invalid')).toHaveTextContent('tidak sah');
  });

  it('says so when the link was revoked (410)', async () => {
    globalThis.fetch = vi.fn(async () =>
      jsonResponse({ message: 'Pautan ini telah dibatalkan. Sila minta pautan baharu daripada ejen anda.' }, 410),
    ) as unknown as typeof fetch;
    renderPage(<PublicEkycPage />, { path: '/ekyc', url: '/ekyc?wasiat_id=w1&link_id=l1&expires=9&signature=s' });
    expect(await screen.findByTestId('ekyc-link-invalid')).toHaveTextContent('telah dibatalkan');
  });

  it('prefills the confirmation form from what was read', async () => {
    localStorage.setItem('id_token_public', 'w1.9.sig');
    const fetchMock = vi.fn(async () =>
      jsonResponse({
        document_ocr: {
          ic_number: '850412145523',
          name: 'AHMAD FARIS BIN KAMARUDIN',
          address: 'NO 12 JALAN MELATI 3',
          postcode: '68100',
          city: 'BATU CAVES',
          state: 'Selangor',
        },
      }),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderPage(<PublicValidationPage />, { path: '/ekyc/validation', url: '/ekyc/validation' });
    expect(await screen.findByTestId('ocr-ic')).toHaveTextContent('850412145523');
    expect(screen.getByDisplayValue('AHMAD FARIS BIN KAMARUDIN')).toBeInTheDocument();
    expect(screen.getByDisplayValue('68100')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer w1.9.sig');
  });
});
