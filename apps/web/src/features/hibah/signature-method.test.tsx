/**
 * Issue 34 / ADR 0123: a hibah signature is sent with the method it was made by — the grantor signing again
 * after the hibah changed (part H), a receiver on the grantor's device — typed when typed, never a "drawn"
 * assumed by leaving the method out.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import type { Hibah } from './useHibah.ts';

// jsdom has no 2D canvas: the pad is a button that gives a typed signature, as the real pad's "Taip" does.
vi.mock('@/components/SignaturePad.tsx', async (original) => ({
  ...(await original<typeof import('@/components/SignaturePad.tsx')>()),
  SignaturePad: ({ label, onChange }: { label: string; onChange: (url: string, method: 'typed') => void }) => (
    <button type="button" onClick={() => onChange('data:image/png;base64,AAAA', 'typed')}>
      taip {label}
    </button>
  ),
}));

const { PartH } = await import('./parts/PartH.tsx');
const { PartSignReceivers } = await import('./parts/PartSignReceivers.tsx');

type Call = { method: string; url: string; body: any };
let calls: Call[] = [];
const posted = (url: string) => calls.find((c) => c.method === 'POST' && c.url === url)?.body;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Kamal', roles: [{ name: 'Client' }] }));
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
      if (c.url.startsWith('/api/hibah/h1/receiver/'))
        return jsonResponse({ receiver: { id: 'r1', name: 'Nadia', signed_at: null } });
      if (c.url.startsWith('/api/hibah/h1/receiver'))
        return jsonResponse({ receivers: { data: [{ id: 'r1', name: 'Nadia binti Rosli', is_minor: false }] } });
      if (c.url.startsWith('/api/hibah/h1/caretaker')) return jsonResponse({ caretakers: { data: [] } });
      if (c.url === '/api/hibah/h1/signature') return jsonResponse({ signature_id: 'att2' });
      return jsonResponse({});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('a typed hibah signature is sent as typed (issue 34)', { timeout: 30_000 }, () => {
  it("part H: the grantor's signature given again", async () => {
    const hibah = {
      id: 'h1',
      hibah_type: 9,
      user_id: 'me',
      status: 0,
      amount_due_sen: 0,
      payment_received_at: '2026-01-01T00:00:00Z',
      ekyc_verified_at: '2026-01-01T00:00:00Z',
      has_signature: 1,
      signature_current: 0,
    } as unknown as Hibah;
    const user = userEvent.setup();
    renderPage(<PartH hibah={hibah} />);
    expect(await screen.findByTestId('hibah-sign-again')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^taip/ }));
    await user.click(screen.getByTestId('hibah-save-signature'));
    await waitFor(() => expect(posted('/api/hibah/h1/signature')).toBeTruthy());
    expect(posted('/api/hibah/h1/signature')).toEqual({
      signature: 'data:image/png;base64,AAAA',
      signature_method: 'typed',
    });
  });

  it("a receiver signing on the grantor's device", async () => {
    const hibah = { id: 'h1', hibah_type: 9, user_id: 'me', status: 3, is_draft_accepted: 1 } as unknown as Hibah;
    const user = userEvent.setup();
    renderPage(<PartSignReceivers hibah={hibah} />);
    await user.click(await screen.findByRole('button', { name: /^taip/ }));
    await user.click(screen.getByTestId('sign-save-r1'));
    await waitFor(() => expect(posted('/api/hibah/h1/receiver/r1/signature')).toBeTruthy());
    expect(posted('/api/hibah/h1/receiver/r1/signature')).toEqual({
      signature: 'data:image/png;base64,AAAA',
      signature_method: 'typed',
    });
  });
});
