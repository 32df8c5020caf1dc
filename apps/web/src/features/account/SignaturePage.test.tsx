import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';

// jsdom has no 2D canvas: replace the pad with a button that "draws" a PNG data URL.
vi.mock('@/components/SignaturePad.tsx', () => ({
  SignaturePad: ({ label, error, onChange }: { label: string; error?: string; onChange: (v: string) => void }) => (
    <div>
      <button type="button" onClick={() => onChange('data:image/png;base64,AAAA')}>
        draw {label}
      </button>
      {error ? <p>{error}</p> : null}
    </div>
  ),
}));

const { ForcedSignaturePage } = await import('./SignaturePage.tsx');

describe('SignaturePage', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(KEYS.token, 'tok');
    localStorage.setItem(
      KEYS.user,
      JSON.stringify({ id: 'u7', name: 'Ejen', roles: [{ name: 'Agent' }], signature: null }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('requires a signature before saving', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage(<ForcedSignaturePage />, { path: '/signature' });
    await user.click(screen.getByRole('button', { name: 'Simpan tandatangan' }));
    expect(await screen.findByText('Tandatangan diperlukan sebelum menghantar.', { exact: false })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves the PNG to POST /api/user/{me}/signature, refreshes the session and goes to /dashboard', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/authenticate')
        ? jsonResponse({ user: { id: 'u7', name: 'Ejen', roles: [{ name: 'Agent' }], signature: { id: 'sig1' } } })
        : jsonResponse({ signature: { id: 'sig1' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderPage(<ForcedSignaturePage />, {
      path: '/signature',
      routes: [{ path: '/dashboard', element: <p>dash</p> }],
    });
    await user.click(screen.getByRole('button', { name: /^draw/ }));
    await user.click(screen.getByRole('button', { name: 'Simpan tandatangan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/u7/signature');
    expect(JSON.parse(String(init.body))).toEqual({
      is_base64: true,
      document: 'data:image/png;base64,AAAA',
      signature_method: 'drawn',
    });
    expect(JSON.parse(localStorage.getItem(KEYS.user) ?? '{}').signature).toEqual({ id: 'sig1' });
  });
});
