import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { LoginPage } from './LoginPage.tsx';

const input = (re: RegExp) => screen.getByLabelText(re, { selector: 'input' }) as HTMLInputElement;
const demoUser = { id: 'u1', name: 'Aminah', username: 'client', roles: [{ name: 'Client' }], signature: null };

describe('LoginPage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('stores id_token and LOGGED_USER after a successful login and goes to /dashboard', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ user: demoUser, token: 'secret-token' }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderPage(<LoginPage />, {
      path: '/login',
      routes: [{ path: '/dashboard', element: <p>dash</p> }],
    });
    await user.type(input(/^Nama pengguna, e-mel atau No\. MyKad/), 'client');
    await user.type(input(/^Kata laluan/), 'Demo12345');
    await user.click(screen.getByRole('button', { name: 'Log masuk' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem(KEYS.token)).toBe('secret-token');
    expect(JSON.parse(localStorage.getItem(KEYS.user) ?? 'null')).toMatchObject({ id: 'u1', username: 'client' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'client', password: 'Demo12345' });
  });

  it('shows a failed login on the username field, stores nothing and keeps the username', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            message: 'Nama pengguna atau kata laluan salah.',
            errors: { username: ['Nama pengguna atau kata laluan salah.'] },
          },
          422,
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage(<LoginPage />, { path: '/login' });
    await user.type(input(/^Nama pengguna, e-mel/), 'client');
    await user.type(input(/^Kata laluan/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log masuk' }));
    await waitFor(() => expect(input(/^Nama pengguna, e-mel/)).toHaveAttribute('aria-invalid', 'true'));
    expect(input(/^Nama pengguna, e-mel/)).toHaveValue('client');
    expect(localStorage.getItem(KEYS.token)).toBeNull();
  });

  it('requires both fields before calling the API', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Log masuk' }));
    expect(await screen.findAllByText('Ruangan ini wajib diisi.')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers the unlock code when the account is locked, and logs in with it (issue 36 item 2)', async () => {
    const locked = 'Terlalu banyak kata laluan salah telah dicuba pada akaun ini.';
    const sent = 'Jika nama pengguna dan kata laluan betul dan akaun itu dikunci, kod telah dihantar.';
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url === '/api/login') return jsonResponse({ message: locked, unlock: true }, 429);
      if (url === '/api/login/unlock/create') return jsonResponse({ message: sent });
      return jsonResponse({ user: demoUser, token: 'unlocked-token' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderPage(<LoginPage />, {
      path: '/login',
      routes: [{ path: '/dashboard', element: <p>dash</p> }],
    });
    await user.type(input(/^Nama pengguna, e-mel/), 'client');
    await user.type(input(/^Kata laluan/), 'Demo12345');
    await user.click(screen.getByRole('button', { name: 'Log masuk' }));
    expect(await screen.findByText(locked)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Hantar kod kepada saya' }));
    expect(await screen.findByText(sent)).toBeTruthy();
    await user.type(input(/^Kod/), '123456');
    await user.click(screen.getByRole('button', { name: 'Log masuk dengan kod' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem(KEYS.token)).toBe('unlocked-token');
    const bodies = fetchMock.mock.calls.map(([url, init]) => [url, JSON.parse(String(init?.body))]);
    expect(bodies.slice(1)).toEqual([
      ['/api/login/unlock/create', { username: 'client', password: 'Demo12345' }],
      ['/api/login/unlock', { username: 'client', password: 'Demo12345', code: '123456' }],
    ]);
  });
});
