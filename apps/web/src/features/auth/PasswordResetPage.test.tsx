import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@wasiat/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { PasswordResetPage } from './PasswordResetPage.tsx';

const input = (re: RegExp) => screen.getByLabelText(re, { selector: 'input' }) as HTMLInputElement;
const errorsMs = (MESSAGES.ms as { errors: Record<string, string> }).errors;
const invitationUrl = '/password/reset?token=abc123&email=hafiz%40example.com&invitation=1';

/** Fill both password fields and submit. */
async function submit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(input(/^Kata laluan baharu/), 'Rahsia123');
  await user.type(input(/^Ulang kata laluan/), 'Rahsia123');
  await user.click(screen.getByRole('button', { name: 'Tetapkan kata laluan' }));
}

describe('PasswordResetPage with an invitation link (ADR 0243)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('is titled as an invitation and sets the password through the link', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ message: 'Kata laluan telah dikemas kini.' }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderPage(<PasswordResetPage />, {
      path: '/password/reset',
      url: invitationUrl,
      routes: [{ path: '/login', element: <p>login</p> }],
    });
    expect(screen.getByText('Tetapkan kata laluan anda')).toBeInTheDocument();
    expect(input(/^E-mel/)).toHaveValue('hafiz@example.com');
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/password/reset');
    expect(JSON.parse(String(init.body))).toMatchObject({ email: 'hafiz@example.com', token: 'abc123' });
  });

  it('shows an expired invitation and asks for a new one with the link', async () => {
    const expired = errorsMs.invitation_expired;
    const sent = errorsMs.invitation_renew_sent;
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/password/invitation')
        ? jsonResponse({ message: sent })
        : jsonResponse({ message: expired, errors: { token: [expired] } }, 422),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage(<PasswordResetPage />, { path: '/password/reset', url: invitationUrl });
    await submit(user);
    expect(await screen.findByText(new RegExp(expired.slice(0, 30)))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Minta jemputan baharu' }));
    expect(await screen.findByText(sent)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/password/invitation');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'hafiz@example.com', token: 'abc123' });
  });

  it('a used invitation offers no new invitation, and a reset link keeps its own wording', async () => {
    const used = errorsMs.invitation_used;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: used, errors: { token: [used] } }, 422)),
    );
    const user = userEvent.setup();
    const { unmount } = renderPage(<PasswordResetPage />, { path: '/password/reset', url: invitationUrl });
    await submit(user);
    expect(await screen.findByText(new RegExp(used.slice(0, 30)))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Minta jemputan baharu' })).toBeNull();
    unmount();

    renderPage(<PasswordResetPage />, { path: '/password/reset', url: '/password/reset?token=t&email=a%40b.my' });
    expect(screen.getByText('Tetapkan semula kata laluan')).toBeInTheDocument();
  });
});
