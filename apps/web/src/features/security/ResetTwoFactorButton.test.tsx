import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { type SessionUser, session } from '@/lib/storage.ts';
import { ResetTwoFactorButton } from './ResetTwoFactorButton.tsx';

const signedInAs = (role: string) =>
  session.set(
    {
      id: 'me',
      name: 'Pentadbir',
      username: 'admin',
      email: null,
      ic_number: null,
      mobile_number: null,
      signature: null,
      roles: [{ name: role }],
      user_access: null,
    } satisfies SessionUser,
    'tok',
  );

describe('reset of a staff user second factor (ADR 0081)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('an Admin confirms in a dialog; the reset is sent and its message shown', async () => {
    signedInAs('Admin');
    const message = 'Faktor kedua Nurul telah ditetapkan semula.';
    const fetchMock = vi.fn(async () => jsonResponse({ message }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage(<ResetTwoFactorButton userId="u1" name="Nurul" userRole="Staff" />);
    await user.click(await screen.findByRole('button', { name: 'Tetapkan semula faktor kedua' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Nurul akan dilog keluar di semua peranti');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Tetapkan semula' }));
    expect((await screen.findByTestId('reset-two-factor-done')).textContent).toBe(message);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/u1/two-factor');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ _method: 'DELETE' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cancel sends nothing; an error stays in the dialog', async () => {
    signedInAs('Admin');
    const fetchMock = vi.fn(async () => jsonResponse({ message: 'Tiada kebenaran.' }, 403));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage(<ResetTwoFactorButton userId="u1" name="Nurul" userRole="Officer" />);
    await user.click(await screen.findByRole('button', { name: 'Tetapkan semula faktor kedua' }));
    await user.click(await screen.findByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Tetapkan semula faktor kedua' }));
    await user.click(await screen.findByRole('button', { name: 'Tetapkan semula' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tiada kebenaran.');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('is not shown to other roles, nor for users without a second factor', () => {
    signedInAs('Staff');
    const { unmount } = renderPage(<ResetTwoFactorButton userId="u1" name="Nurul" userRole="Officer" />);
    expect(screen.queryByRole('button', { name: 'Tetapkan semula faktor kedua' })).toBeNull();
    unmount();
    signedInAs('Admin');
    renderPage(<ResetTwoFactorButton userId="u2" name="Ejen" userRole="Agent" />);
    expect(screen.queryByRole('button', { name: 'Tetapkan semula faktor kedua' })).toBeNull();
  });
});
