import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { DocumentCheck } from './DocumentCheck.tsx';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const pick = (container: HTMLElement, name = 'wasiat.pdf') => {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['%PDF-1.7 x'], name, { type: 'application/pdf' })] } });
};

describe('DocumentCheck', () => {
  it('uploads the chosen PDF as multipart `file` and says it is the registered document', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({
        verification: { registered: true, sha256: 'a'.repeat(64), kind: 'will', issued_at: '2026-11-23T06:05:00Z' },
      }),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const { container } = renderPage(<DocumentCheck path="public/wasiat/w1/verify" />);
    pick(container);
    fireEvent.click(screen.getByRole('button', { name: 'Semak' }));
    const result = await screen.findByTestId('document-check-result');
    expect(result.getAttribute('data-registered')).toBe('true');
    expect(result.textContent).toContain('Dokumen berdaftar');
    expect(result.textContent).toContain('dokumen wasiat yang dikeluarkan pada 23 Nov 26, 14:05');
    expect(result.textContent).toContain('a'.repeat(64));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/public/wasiat/w1/verify');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(FormData);
    expect(((init.body as FormData).get('file') as File).name).toBe('wasiat.pdf');
    expect((init.headers as Record<string, string>).Type).toBe('api-public');
  });

  it('names a PDF of an earlier will version as such, in Malay and English (ADR 0099)', async () => {
    globalThis.fetch = vi.fn(async () =>
      jsonResponse({
        verification: {
          registered: true,
          sha256: 'c'.repeat(64),
          kind: 'will_version',
          issued_at: '2026-11-23T06:05:00Z',
        },
      }),
    ) as unknown as typeof fetch;
    const { container } = renderPage(<DocumentCheck path="public/wasiat/w1/verify" />);
    pick(container);
    fireEvent.click(screen.getByRole('button', { name: 'Semak' }));
    const result = await screen.findByTestId('document-check-result');
    expect(result.textContent).toContain('dokumen wasiat (versi terdahulu) yang dikeluarkan pada');
    await i18n.changeLanguage('en');
    await waitFor(() =>
      expect(screen.getByTestId('document-check-result').textContent).toContain(
        'the will document (earlier version) issued on',
      ),
    );
  });

  it('says when the file is not the registered document', async () => {
    globalThis.fetch = vi.fn(async () =>
      jsonResponse({ verification: { registered: false, sha256: 'b'.repeat(64), kind: null, issued_at: null } }),
    ) as unknown as typeof fetch;
    const { container } = renderPage(<DocumentCheck path="public/wasiat/w1/verify" />);
    expect(screen.getByText(/dikeluarkan oleh platform untuk wasiat ini/)).toBeTruthy();
    pick(container);
    fireEvent.click(screen.getByRole('button', { name: 'Semak' }));
    const result = await screen.findByTestId('document-check-result');
    expect(result.getAttribute('data-registered')).toBe('false');
    expect(result.textContent).toContain('Bukan dokumen berdaftar');
    expect(result.textContent).toContain('dikeluarkan untuk wasiat ini');
  });

  it('asks for a file before sending, and shows a 422 from the server under the input', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({ message: 'Fail ini bukan PDF.', errors: { file: ['Fail ini bukan PDF.'] } }, 422),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const { container } = renderPage(<DocumentCheck path="public/wasiat/w1/verify" />);
    fireEvent.click(screen.getByRole('button', { name: 'Semak' }));
    expect(await screen.findByText('Sila pilih fail PDF.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    pick(container, 'gambar.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Semak' }));
    await waitFor(() => expect(screen.getByText('Fail ini bukan PDF.')).toBeTruthy());
    expect(screen.queryByTestId('document-check-result')).toBeNull();
  });
});
