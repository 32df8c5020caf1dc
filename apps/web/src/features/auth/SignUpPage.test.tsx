import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { SignUpPage } from './SignUpPage.tsx';

const field = (re: RegExp) => screen.getByLabelText(re, { selector: 'input' }) as HTMLInputElement;

async function fillValid(user: ReturnType<typeof userEvent.setup>, overrides: Partial<Record<string, string>> = {}) {
  const v = {
    name: 'Aminah binti Ahmad',
    username: 'aminah',
    email: 'aminah@example.com',
    ic: '920815145678',
    mobile: '0123456789',
    password: 'Rahsia123',
    ...overrides,
  };
  await user.type(field(/^Nama penuh/), v.name);
  await user.type(field(/^Nama pengguna/), v.username);
  await user.type(field(/^E-mel/), v.email);
  await user.type(field(/^No\. MyKad/), v.ic);
  await user.type(field(/^No\. telefon bimbit/), v.mobile);
  await user.type(field(/^Kata laluan baharu/), v.password);
  await user.type(field(/^Ulang kata laluan/), v.password);
  await user.click(screen.getByRole('checkbox'));
}

describe('SignUpPage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the translated invalid e-mail message and keeps the other values', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage(<SignUpPage />, { path: '/sign-up' });
    await fillValid(user, { email: 'not-an-email' });
    await user.click(screen.getByRole('button', { name: 'Daftar' }));

    expect(await screen.findByText('Alamat e-mel yang anda masukkan tidak sah!')).toBeInTheDocument();
    expect(field(/^E-mel/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Nama penuh/)).toHaveValue('Aminah binti Ahmad');
    expect(field(/^No\. MyKad/)).toHaveValue('920815145678');
    expect(field(/^E-mel/)).toHaveValue('not-an-email');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts a server 422 error on its field (user.ic_number → MyKad) and keeps what was typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            message: 'No. MyKad ini telah didaftarkan.',
            errors: { 'user.ic_number': ['No. MyKad ini telah didaftarkan.'] },
          },
          422,
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage(<SignUpPage />, { path: '/sign-up' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Daftar' }));
    await waitFor(() => expect(field(/^No\. MyKad/)).toHaveAttribute('aria-invalid', 'true'));
    expect(field(/^No\. MyKad/)).toHaveAccessibleDescription(/No\. MyKad ini telah didaftarkan\./);
    expect(field(/^Nama pengguna/)).toHaveValue('aminah');
    expect(localStorage.getItem(KEYS.token)).toBeNull();
  });

  it('sends POST /api/users { user } and logs the new client in', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(
        { user: { id: 'u1', name: 'Aminah binti Ahmad', roles: [{ name: 'Client' }] }, token: 'tok-1' },
        201,
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderPage(<SignUpPage />, {
      path: '/sign-up',
      routes: [{ path: '/dashboard', element: <p>dash</p> }],
    });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Daftar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users');
    const body = JSON.parse(String(init.body));
    expect(body.user).toMatchObject({ email: 'aminah@example.com', ic_number: '920815145678', pdpa: 1 });
    expect(localStorage.getItem(KEYS.token)).toBe('tok-1');
  });

  it('a registered MyKad: shows "check your e-mail" as the server says, logs no one in (issue 36 item 6)', async () => {
    const message = 'Pendaftaran diterima. Sila semak e-mel anda untuk langkah seterusnya.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ pending: true, message }, 201)),
    );
    const user = userEvent.setup();
    const { router } = renderPage(<SignUpPage />, { path: '/sign-up' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Daftar' }));
    expect(await screen.findByTestId('sign-up-pending')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/sign-up');
    expect(localStorage.getItem(KEYS.token)).toBeNull();
    expect(screen.queryByText(/telah didaftarkan/)).toBeNull();
  });
});
