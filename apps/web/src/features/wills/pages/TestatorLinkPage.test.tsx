/**
 * The testator's signed link page (issue 38 item 5; ADR 0298): it shows the draft, and sends nothing until both
 * declarations are ticked and the pad holds a signature; then one call with all three. A refused link shows the
 * server's translated message, not a stack.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';

// jsdom has no 2D canvas: replace the pad with a button that "draws" a PNG data URL.
vi.mock('@/components/SignaturePad.tsx', () => ({
  SignaturePad: ({
    label,
    error,
    onChange,
  }: {
    label: string;
    error?: string;
    onChange: (v: string, m: 'drawn' | 'typed') => void;
  }) => (
    <div>
      <button type="button" onClick={() => onChange('data:image/png;base64,AAAA', 'drawn')}>
        draw {label}
      </button>
      {error ? <p>{error}</p> : null}
    </div>
  ),
}));

const { TestatorLinkPage } = await import('./TestatorLinkPage.tsx');

afterEach(() => vi.unstubAllGlobals());

const draft = {
  link: { id: 'l1', expires_at: '2026-12-15T02:00:00Z' },
  sender: 'Ahmad Zaki bin Ismail',
  conventional: false,
  will: {
    wasiat_type: 1,
    plan: 'basic',
    version: 'ab'.repeat(32),
    testator: { name: 'Aminah binti Ahmad', ic_number: '920815****78' },
    heirs: [{ name: 'Ali bin Hassan', relationship: 'son', ic_number: '100505****53' }],
    receivers: [],
    caretakers: [],
    properties: [],
    bequests: [],
  },
};

/** `fetch` answering by URL, recording every call. */
function stub(answer: (url: string, init?: RequestInit) => Response) {
  const calls: { url: string; method: string; body: any }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({
        url: String(url),
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      return answer(String(url), init);
    }),
  );
  return calls;
}

const url = '/wasiat/pautan/w1/l1?expires=4102444800&signature=sig';
const path = '/wasiat/pautan/:wasiat_id/:link_id';

describe('/wasiat/pautan/{wasiat_id}/{link_id}', () => {
  it('shows the draft and requires both ticks and a signature before sending', async () => {
    const calls = stub((u) =>
      u.includes('/sign')
        ? jsonResponse({ message: 'Terima kasih. Pengakuan dan tandatangan anda telah disimpan.', signed_at: 'x' })
        : jsonResponse(draft),
    );
    renderPage(<TestatorLinkPage />, { path, url });
    expect(await screen.findByTestId('testator-link-testator')).toHaveTextContent('Aminah binti Ahmad (920815****78)');
    expect(screen.getByText('Ali bin Hassan — Anak lelaki')).toBeTruthy();
    expect(calls[0].url).toBe('/api/public/wasiat/w1/testator-link/l1?expires=4102444800&signature=sig');
    const submit = screen.getByRole('button', { name: 'Hantar pengakuan dan tandatangan saya' });

    fireEvent.click(submit);
    expect(await screen.findByText(/Anda mesti bersetuju dengan Akta Perlindungan Data/)).toBeTruthy();
    expect(screen.getByText(/Anda mesti mengesahkan akuan/)).toBeTruthy();
    expect(screen.getByText('Tandatangan diperlukan sebelum menghantar.')).toBeTruthy();

    // both ticks, still no signature: nothing is sent
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
    fireEvent.click(submit);
    expect(await screen.findByText('Tandatangan diperlukan sebelum menghantar.')).toBeTruthy();
    // a signature, one box unticked: nothing is sent
    fireEvent.click(screen.getByRole('button', { name: /^draw / }));
    fireEvent.click(screen.getAllByRole('checkbox')[0]);
    fireEvent.click(submit);
    expect(await screen.findByText(/Anda mesti bersetuju dengan Akta Perlindungan Data/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(screen.getAllByRole('checkbox')[0]);
    fireEvent.click(submit);
    expect(await screen.findByTestId('testator-link-done')).toHaveTextContent(/Terima kasih/);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toBe('/api/public/wasiat/w1/testator-link/l1/sign?expires=4102444800&signature=sig');
    expect(posts[0].body).toEqual({
      acknowledged_pdpa: 1,
      acknowledged_confirmation: 1,
      document: 'data:image/png;base64,AAAA',
      signature_method: 'drawn',
    });
  }, 30_000);

  it('a link the server refuses shows its message and no form', async () => {
    const message = 'Wasiat telah diubah selepas pautan ini dihantar.';
    stub(() => jsonResponse({ message }, 410));
    renderPage(<TestatorLinkPage />, { path, url });
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(screen.queryAllByRole('checkbox')).toHaveLength(0));
    expect(screen.queryByRole('button', { name: 'Hantar pengakuan dan tandatangan saya' })).toBeNull();
  }, 30_000);
});
