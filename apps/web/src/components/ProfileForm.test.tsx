/**
 * The profile form's recovery-channel rules (issue 16 item 3; ADR 0105): the holder is asked for the current
 * password only when the e-mail or mobile changes, and it goes to the server; provider staff are asked for a
 * reason; a Partner sees the e-mail and mobile read-only.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/storage.ts';
import { ProfileForm, type ProfileUser } from './ProfileForm.tsx';
import { jsonResponse, renderPage } from './test-utils.tsx';

const user: ProfileUser = {
  id: 'u1',
  name: 'Aminah binti Ahmad',
  email: 'aminah@example.com',
  mobile_number: '+60123456789',
  gender: 2,
  address: 'No 1 Jalan Satu',
  postcode: '50000',
  city: 'Kuala Lumpur',
  state: 'Johor',
};
const as = (id: string, role: string) =>
  session.set({ id, name: 'x', roles: [{ name: role }] } as unknown as Parameters<typeof session.set>[0], 't');

afterEach(() => localStorage.clear());

describe('ProfileForm recovery channels', () => {
  it('asks the holder for the current password only when the e-mail changes, and sends it', async () => {
    as('u1', 'Client');
    const fetchMock = vi.fn(async () => jsonResponse({ user }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderPage(<ProfileForm user={user} onSaved={() => {}} />);
    expect(screen.queryByLabelText(/Kata laluan semasa/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^E-mel/), { target: { value: 'baharu@example.com' } });
    const password = await screen.findByLabelText(/Kata laluan semasa/);
    fireEvent.change(password, { target: { value: 'Rahsia123' } });
    fireEvent.click(screen.getByRole('button', { name: /Simpan/ }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ email: 'baharu@example.com', current_password: 'Rahsia123' });
  }, 30_000);

  it('asks provider staff for a reason, and shows a Partner the channels read-only', async () => {
    as('s1', 'Staff');
    const { unmount } = renderPage(<ProfileForm user={user} onSaved={() => {}} />);
    fireEvent.change(screen.getByLabelText(/No. telefon bimbit/), { target: { value: '0199999999' } });
    expect(await screen.findByLabelText(/Sebab perubahan/)).toBeTruthy();
    expect(screen.queryByLabelText(/Kata laluan semasa/)).toBeNull();
    unmount();
    as('p1', 'Partner');
    renderPage(<ProfileForm user={user} onSaved={() => {}} />);
    expect(screen.getByLabelText(/^E-mel/)).toBeDisabled();
  }, 30_000);
});
