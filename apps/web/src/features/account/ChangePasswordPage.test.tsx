import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { ChangePasswordPage } from './ChangePasswordPage.tsx';

const input = (re: RegExp) => screen.getByLabelText(re, { selector: 'input' }) as HTMLInputElement;

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(input(/^Kata laluan semasa/), 'Lama12345');
  await user.type(input(/^Kata laluan baharu/), 'Baharu123');
  await user.type(input(/^Ulang kata laluan baharu/), 'Baharu123');
  await user.click(screen.getByRole('button', { name: 'Tukar kata laluan' }));
}

describe('ChangePasswordPage', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(KEYS.token, 'old-token');
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', name: 'A', roles: [{ name: 'Client' }] }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows "current password incorrect" on the current-password field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            message: 'Kata laluan semasa tidak betul.',
            errors: { old_password: ['Kata laluan semasa tidak betul.'] },
          },
          422,
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage(<ChangePasswordPage />, { path: '/change-password' });
    await fill(user);
    await waitFor(() => expect(input(/^Kata laluan semasa/)).toHaveAttribute('aria-invalid', 'true'));
    expect(input(/^Kata laluan semasa/)).toHaveAccessibleDescription('Kata laluan semasa tidak betul.');
    expect(input(/^Kata laluan baharu/)).toHaveValue('Baharu123');
    expect(localStorage.getItem(KEYS.token)).toBe('old-token');
  });

  it('refuses mismatched new passwords before calling the API', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage(<ChangePasswordPage />, { path: '/change-password' });
    await user.type(input(/^Kata laluan semasa/), 'Lama12345');
    await user.type(input(/^Kata laluan baharu/), 'Baharu123');
    await user.type(input(/^Ulang kata laluan baharu/), 'Baharu124');
    await user.click(screen.getByRole('button', { name: 'Tukar kata laluan' }));
    expect(await screen.findByText('Kata laluan tidak sepadan.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores the token returned by the server', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({ message: 'Kata laluan telah dikemas kini.', token: 'new-token' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage(<ChangePasswordPage />, { path: '/change-password' });
    await fill(user);
    await waitFor(() => expect(localStorage.getItem(KEYS.token)).toBe('new-token'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/password/change');
    expect(JSON.parse(String(init.body))).toEqual({
      old_password: 'Lama12345',
      password: 'Baharu123',
      password_confirmation: 'Baharu123',
    });
  });
});
