import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { LoginPage } from '@/features/auth/LoginPage.tsx';
import { KEYS } from '@/lib/storage.ts';
import { TwoFactorEnrolPage, TwoFactorPage } from './TwoFactorPages.tsx';

const input = (re: RegExp) => screen.getByLabelText(re, { selector: 'input' }) as HTMLInputElement;
const staffUser = { id: 's1', name: 'Nurul', username: 'staff', roles: [{ name: 'Staff' }], signature: null };

describe('second factor at login (ADR 0081)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('a staff login goes to the code page, and a correct code stores the session', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/login'
        ? jsonResponse({ two_factor_required: true, enrolment_required: false, challenge: 'ch-1' })
        : jsonResponse({ user: staffUser, token: 'tok-1' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderPage(<LoginPage />, {
      path: '/login',
      routes: [
        { path: '/login/two-factor', element: <TwoFactorPage /> },
        { path: '/dashboard', element: <p>dash</p> },
      ],
    });
    await user.type(input(/^Nama pengguna, e-mel atau No\. MyKad/), 'staff');
    await user.type(input(/^Kata laluan/), 'Demo12345');
    await user.click(screen.getByRole('button', { name: 'Log masuk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/two-factor'));
    expect(localStorage.getItem(KEYS.token)).toBeNull();
    await user.type(await screen.findByLabelText(/^Kod pengesahan/, { selector: 'input' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Sahkan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem(KEYS.token)).toBe('tok-1');
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/two-factor/verify');
    expect(JSON.parse(String(init.body))).toEqual({ challenge: 'ch-1', code: '123456' });
  });

  it('enrolment shows the QR code and key, then the recovery codes once, then continues', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/two-factor/enrol'
          ? jsonResponse({
              secret: 'JBSWY3DPEHPK3PXP',
              otpauth_url: 'otpauth://totp/x',
              qr_code: 'data:image/png;base64,AA==',
            })
          : jsonResponse({ user: staffUser, token: 'tok-2', recovery_codes: ['AAAAA-BBBBB', 'CCCCC-DDDDD'] }),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderPage(<TwoFactorEnrolPage />, {
      path: '/login/two-factor/enrol',
      routes: [
        { path: '/login', element: <p>login</p> },
        { path: '/dashboard', element: <p>dash</p> },
      ],
    });
    // without a challenge in the navigation state the page goes back to /login
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await router.navigate('/login/two-factor/enrol', { state: { challenge: 'ch-2' } });
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(screen.getByRole('img', { name: 'Kod QR untuk aplikasi pengesah' })).toBeInTheDocument();
    await user.type(input(/^Kod pengesahan/), '654321');
    await user.click(screen.getByRole('button', { name: 'Sahkan' }));
    expect(await screen.findByText('AAAAA-BBBBB')).toBeInTheDocument();
    expect(localStorage.getItem(KEYS.token)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Saya telah menyimpan kod, teruskan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem(KEYS.token)).toBe('tok-2');
  });
});
