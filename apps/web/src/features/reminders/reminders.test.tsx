/**
 * Will-review reminders in the browser (issue 17 item 17; ADR 0175): the switch on /profile reads and saves
 * the server's setting; the mail's unsubscribe page turns the reminders off only when the button is pressed,
 * and shows a refused link's message.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { ReminderSetting } from './ReminderSetting.tsx';
import { UnsubscribePage } from './UnsubscribePage.tsx';

const realFetch = globalThis.fetch;
let fetchMock: ReturnType<typeof vi.fn>;
const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => [
    String(url),
    init?.method ?? 'GET',
    init?.body ? JSON.parse(init.body) : null,
  ]);
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('ReminderSetting', () => {
  beforeEach(() => {
    fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? jsonResponse({
            message: 'Peringatan semakan wasiat dimatikan.',
            reminders: { enabled: false, language: 'ms' },
          })
        : jsonResponse({ reminders: { enabled: true, language: 'ms' } }),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it('shows the setting from the server and saves a change at once', async () => {
    renderPage(<ReminderSetting />);
    const sw = await screen.findByRole('switch', { name: 'Hantar peringatan semakan wasiat kepada saya' });
    await waitFor(() => expect((sw as HTMLInputElement).checked).toBe(true));
    expect(screen.getByRole('heading', { name: 'Peringatan semakan wasiat' })).toBeTruthy();
    fireEvent.click(sw);
    await waitFor(() => expect((sw as HTMLInputElement).checked).toBe(false));
    expect(calls().at(-1)).toEqual(['/api/profile/reminders', 'POST', { enabled: false, _method: 'PATCH' }]);
  });
});

describe('UnsubscribePage', () => {
  it('turns the reminders off with the token when the button is pressed, not on opening', async () => {
    fetchMock = vi.fn(async () =>
      jsonResponse({ message: 'Peringatan semakan wasiat telah dimatikan.', reminders: { enabled: false } }),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderPage(<UnsubscribePage />, { path: '/reminders/unsubscribe', url: '/reminders/unsubscribe?token=u1.abc' });
    const button = await screen.findByRole('button', { name: 'Matikan peringatan' });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(await screen.findByText('Peringatan semakan wasiat telah dimatikan.')).toBeTruthy();
    expect(calls()).toEqual([['/api/reminders/unsubscribe', 'POST', { token: 'u1.abc' }]]);
  });

  it("shows a refused link's message", async () => {
    fetchMock = vi.fn(async () =>
      jsonResponse({ message: 'Data tidak sah.', errors: { token: ['Pautan ini tidak sah.'] } }, 422),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderPage(<UnsubscribePage />, { path: '/reminders/unsubscribe', url: '/reminders/unsubscribe?token=bad' });
    fireEvent.click(await screen.findByRole('button', { name: 'Matikan peringatan' }));
    expect(await screen.findByText('Pautan ini tidak sah.')).toBeTruthy();
  });
});
