import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { DocumentLink } from './PropertyParts.tsx';

describe("an amendment's supporting documents are named links (issue 21 item 9)", () => {
  const realFetch = globalThis.fetch;
  const realCreate = URL.createObjectURL;
  afterEach(() => {
    globalThis.fetch = realFetch;
    URL.createObjectURL = realCreate;
  });

  it('shows the name (no id, no MIME type) and downloads the file with the token under that name', async () => {
    const asked: string[] = [];
    globalThis.fetch = (async (url: string) => {
      asked.push(String(url));
      return new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
    }) as typeof fetch;
    URL.createObjectURL = () => 'blob:doc';
    const doc = { id: 'att-9', description: 'Geran tanah: Lot 4410', mime_type: 'application/pdf' };
    renderPage(
      <ul>
        <li>
          <DocumentLink doc={doc} />
        </li>
      </ul>,
    );
    const link = await screen.findByRole('button', { name: 'Geran tanah: Lot 4410' });
    expect(document.body.textContent).not.toContain('application/pdf');
    expect(document.body.textContent).not.toContain('att-9');
    fireEvent.click(link);
    await waitFor(() => expect(asked).toEqual(['/api/attachment/att-9/file']));
  });

  it('names a document without a description, and says so when it cannot be downloaded (Malay, English)', async () => {
    globalThis.fetch = (async () => jsonResponse({ message: 'x' }, 404)) as typeof fetch;
    renderPage(<DocumentLink doc={{ id: 'att-1', mime_type: 'image/png' }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Dokumen (tiada nama)' }));
    expect(await screen.findByText('Dokumen tidak dapat dimuat turun.')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('button', { name: 'Document (no name)' })).toBeTruthy();
    expect(screen.getByText('The document could not be downloaded.')).toBeTruthy();
  });
});
