/**
 * The signature statement adds the licensed-seal sentence only when the server seals under a licensed CA's
 * certificate (`GET /api/document-seal`; ADR 0297), naming the CA and saying it is not the testator's signature.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadDocumentSeal, resetDocumentSeal, SignatureLawNotice } from './SignatureLaw.tsx';
import { jsonResponse, renderPage } from './test-utils.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  resetDocumentSeal();
});

const stubSeal = (seal: unknown) => {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(String(url));
      return jsonResponse({ seal });
    }),
  );
  return urls;
};

describe('SignatureLawNotice and the seal kind', () => {
  it('names the licensed CA and says the seal is not the testator’s signature when the seal is licensed_ca', async () => {
    const urls = stubSeal({ kind: 'licensed_ca', ca_subject: 'CN=Ujian CA, O=Ujian Sdn Bhd, C=MY' });
    renderPage(<SignatureLawNotice />);
    const sentence = await screen.findByTestId('licensed-seal');
    expect(sentence).toHaveTextContent(
      'tandatangan digital penyedia di bawah perakuan CN=Ujian CA, O=Ujian Sdn Bhd, C=MY',
    );
    expect(sentence).toHaveTextContent('bukan tandatangan digital pewasiat sendiri dan tidak melaksanakan wasiat');
    expect(urls).toContain('/api/document-seal');
  });

  it('says nothing of it for the platform seal', async () => {
    const urls = stubSeal({ kind: 'platform', ca_subject: null });
    renderPage(<SignatureLawNotice />);
    await screen.findByTestId('signature-law');
    // The component's own wait on the (cached) call settles first; then its state is flushed.
    await act(async () => {
      await loadDocumentSeal();
    });
    expect(urls).toEqual(['/api/document-seal']);
    expect(screen.queryByTestId('licensed-seal')).toBeNull();
    expect(screen.getByTestId('signature-law')).not.toHaveTextContent('tandatangan digital penyedia');
  });
});
