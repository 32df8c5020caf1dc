/**
 * Staff approving a hibah on the verification list asks first (issue 38; as the will's approval, lib/notify
 * `confirmAction`): after opening the hibah, "Lulus" opens a dialog naming the grantor and the product and saying
 * what approval does; "Kembali" sends nothing, and only the dialog's "Lulus" sends status 3.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { FeedbackHost } from '@/lib/feedback.tsx';
import { KEYS } from '@/lib/storage.ts';
import { PendingListPage } from './pages/VerificationPages.tsx';

const hibah = {
  id: 'h1',
  hibah_type: 1,
  status: 2,
  user_id: 'client',
  user: { name: 'Kamal bin Ali', ic_number: '800101015555' },
  user_detail: { name: 'Kamal bin Ali' },
};

let writes: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'st', name: 'Staf', roles: [{ name: 'Staff' }] }));
  writes = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') writes.push({ method, url: String(url), body: JSON.parse(String(init?.body ?? 'null')) });
      if (String(url).startsWith('/api/hibah?')) {
        return jsonResponse({ hibahs: { data: [hibah], total: 1, per_page: 100, current_page: 1, last_page: 1 } });
      }
      if (method === 'GET') return jsonResponse({}, 404);
      return jsonResponse({ hibah: { ...hibah, status: 3 } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('approving a hibah asks first (issue 38)', { timeout: 30_000 }, () => {
  it('"Lulus" opens a dialog naming the grantor; "Kembali" sends nothing, its "Lulus" sends status 3', async () => {
    renderPage(
      <>
        <PendingListPage status={2} />
        <FeedbackHost />
      </>,
      { path: '/trust/pengesahan/list-pendaftaran' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('open-h1'));
    await user.click(screen.getByTestId('approve-h1'));
    let dialog = await screen.findByRole('dialog', { name: 'Luluskan hibah ini?' });
    expect(dialog).toHaveTextContent('Kamal bin Ali');
    expect(dialog).toHaveTextContent('draf hibah dihantar kepada penghibah');
    expect(writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Kembali' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Luluskan hibah ini?' })).toBeNull());
    expect(writes).toEqual([]);

    await user.click(screen.getByTestId('approve-h1'));
    dialog = await screen.findByRole('dialog', { name: 'Luluskan hibah ini?' });
    await user.click(within(dialog).getByRole('button', { name: 'Lulus' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ method: 'POST', url: '/api/hibah/h1', body: { status: 3 } });
  });
});
