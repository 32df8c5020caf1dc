/**
 * Part G: a witness signing again after the will changed (issue 17 item 4) sends the method of this signature —
 * typed when they typed their name — as adding a witness does (ADR 0123; issue 34), never a "drawn" assumed.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';

// jsdom has no 2D canvas: the pad is a button that gives a typed signature, as the real pad's "Taip" does.
vi.mock('@/components/SignaturePad.tsx', async (original) => ({
  ...(await original<typeof import('@/components/SignaturePad.tsx')>()),
  SignaturePad: ({ label, onChange }: { label: string; onChange: (url: string, method: 'typed') => void }) => (
    <button type="button" onClick={() => onChange('data:image/png;base64,AAAA', 'typed')}>
      taip {label}
    </button>
  ),
}));

vi.mock('../components/WizardLayout.tsx', () => ({
  useWizard: () => ({
    will: { id: 'w1', status: 0, wasiat_type: 1 },
    wasiatId: 'w1',
    editable: true,
    setWasiatId: () => {},
    refresh: async () => null,
    goNext: async () => {},
  }),
}));

const { PartG } = await import('./PartG.tsx');

// jsdom has no FontFaceSet (Mantine's autosizing textarea of the address).
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

const witness = {
  id: 'wt1',
  name: 'Saksi Dua',
  ic_number: '800101145511',
  email: 'saksi.dua@example.com',
  address: 'No. 5, Jalan Melur',
  postcode: '43000',
  city: 'Kajang',
  state: 'Selangor',
  signature_id: 'att1',
};

type Call = { method: string; url: string; body: any };
let calls: Call[] = [];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Pewasiat', roles: [{ name: 'Client' }] }));
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const c = {
        method: init?.method ?? 'GET',
        url: String(url),
        body: init?.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(c);
      if (c.url.startsWith('/api/wasiat/w1/witness')) return jsonResponse({ witnesses: { data: [witness] } });
      if (c.url.startsWith('/api/wasiat/w1/signature-status'))
        return jsonResponse({
          signatures: {
            version: 'v2',
            testator: { state: 'current', signed_at: null },
            witnesses: [{ id: 'wt1', name: 'Saksi Dua', state: 'earlier_version', signed_at: null }],
          },
        });
      if (c.method === 'POST' && c.url === '/api/witness/wt1') return jsonResponse({ witness });
      return jsonResponse({ message: 'not found' }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('part G: a witness signs again (issue 34)', { timeout: 30_000 }, () => {
  it('sends signature_method "typed" with the new signature when the witness typed it', async () => {
    const user = userEvent.setup();
    renderPage(<PartG />);
    await user.click(await screen.findByRole('button', { name: 'Tandatangan semula Saksi Dua' }));
    const form = await screen.findByTestId('witness-resign-form');
    await user.click(within(form).getByRole('button', { name: /^taip/ }));
    await user.click(within(form).getByRole('button', { name: 'Tandatangan semula' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/witness/wt1')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/api/witness/wt1')?.body;
    expect(sent).toMatchObject({
      _method: 'PATCH',
      name: 'Saksi Dua',
      signature: 'data:image/png;base64,AAAA',
      signature_method: 'typed',
    });
  });
});
