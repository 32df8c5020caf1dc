/**
 * The hibah twin of the public verification page (/public/hibah/{id}; issue 11; ADR 0074): the masked
 * facts and the upload check against `POST /api/public/hibah/{id}/verify`.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { PublicHibahPage } from '@/features/hibah/pages/PublicPages.tsx';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const hibah = {
  id: 'h1',
  hibah_number: 'H2026-000001',
  hibah_type: 9,
  status: 5,
  registered_at: '2026-11-23T06:05:00Z',
  grantor: { name: 'A***** b**** A****', ic_number: null },
  organization: { name: 'Syarikat Demo Amanah Sdn Bhd' },
};

function pick(container: HTMLElement) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['%PDF-1.7 x'], 'sijil.pdf', { type: 'application/pdf' })] } });
}

describe('PublicHibahPage upload check', () => {
  it('sends the PDF to the hibah check and says it is the registered certificate', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/public/hibah/h1'
        ? jsonResponse({ hibah })
        : jsonResponse({
            verification: {
              registered: true,
              sha256: 'b'.repeat(64),
              kind: 'hibah',
              issued_at: '2026-11-23T06:05:00Z',
            },
          }),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const { container } = renderPage(<PublicHibahPage />, { path: '/public/hibah/:id', url: '/public/hibah/h1' });
    expect(await screen.findByTestId('public-hibah')).toHaveTextContent('H2026-000001');
    expect(screen.getByText(/Muat naik salinan PDF untuk menyemak .* hibah ini/)).toBeInTheDocument();
    pick(container);
    fireEvent.click(screen.getByRole('button', { name: 'Semak' }));
    const result = await screen.findByTestId('document-check-result');
    expect(result.getAttribute('data-registered')).toBe('true');
    expect(result.textContent).toContain('sijil hibah yang dikeluarkan pada 23 Nov 26, 14:05');
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/public/hibah/h1/verify');
    expect(init.method).toBe('POST');
    expect(((init.body as FormData).get('file') as File).name).toBe('sijil.pdf');
  });

  it('says a changed copy is not the registered document', async () => {
    globalThis.fetch = vi.fn(async (url: string) =>
      url === '/api/public/hibah/h1'
        ? jsonResponse({ hibah })
        : jsonResponse({ verification: { registered: false, sha256: 'c'.repeat(64), kind: null, issued_at: null } }),
    ) as unknown as typeof fetch;
    const { container } = renderPage(<PublicHibahPage />, { path: '/public/hibah/:id', url: '/public/hibah/h1' });
    await screen.findByTestId('public-hibah');
    pick(container);
    fireEvent.click(screen.getByRole('button', { name: 'Semak' }));
    const result = await screen.findByTestId('document-check-result');
    expect(result.getAttribute('data-registered')).toBe('false');
    expect(result.textContent).toContain('tidak sepadan dengan mana-mana dokumen yang dikeluarkan untuk hibah ini');
  });

  it('has no upload check when the hibah is not registered (404)', async () => {
    globalThis.fetch = vi.fn(async () => jsonResponse({ message: 'Not found' }, 404)) as unknown as typeof fetch;
    renderPage(<PublicHibahPage />, { path: '/public/hibah/:id', url: '/public/hibah/zz' });
    expect(await screen.findByText('Tiada hibah berdaftar dijumpai.')).toBeInTheDocument();
    expect(screen.queryByTestId('document-check-file')).toBeNull();
  });
});
