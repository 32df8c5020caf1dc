/**
 * Staff's "Sahkan" and "Batal untuk kemas kini" on the will verification screen ask in a dialog first: nothing is
 * sent until confirmed there, "Kembali" sends nothing (issue 37 item 6.7).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { FeedbackHost } from '@/lib/feedback.tsx';
import { KEYS } from '@/lib/storage.ts';
import type { Will } from '../types.ts';
import { ReviewPanel } from './ReviewPanel.tsx';

// jsdom has no FontFaceSet (Mantine's autosizing textarea of the reason).
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

const will = { id: 'w1', status: 1, wasiat_no: 'W2026-000042' } as unknown as Will;
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
      if (String(url).startsWith('/api/wasiat/w1/payment')) return jsonResponse({ payments: { data: [] } });
      return jsonResponse({ wasiat: { ...will, status: 2 } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const page = () =>
  renderPage(
    <>
      <ReviewPanel will={will} />
      <FeedbackHost />
    </>,
  );

describe('will verification asks before acting (issue 37 item 6.7)', { timeout: 30_000 }, () => {
  it('"Sahkan" opens a dialog; "Kembali" sends nothing, confirming there sends status 2', async () => {
    const user = userEvent.setup();
    page();
    await user.click(await screen.findByTestId('confirm-will'));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Sahkan wasiat ini?');
    expect(dialog).toHaveTextContent('W2026-000042');
    expect(writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Kembali' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([]);

    await user.click(screen.getByTestId('confirm-will'));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sahkan' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ url: '/api/wasiat/w1', body: { status: 2 } });
  });

  it('"Batal untuk kemas kini" shows the reason in a dialog and sends status 3 only when confirmed', async () => {
    const user = userEvent.setup();
    page();
    await user.type(
      await screen.findByRole('textbox', { name: /Catatan kepada pelanggan/ }),
      'No. telefon waris salah',
    );
    await user.click(screen.getByRole('radio', { name: 'Maklumat tidak sah' }));
    await user.click(screen.getByTestId('cancel-will'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Batalkan wasiat ini untuk dikemas kini?');
    expect(dialog).toHaveTextContent('Maklumat tidak sah: No. telefon waris salah');
    expect(writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Batal untuk kemas kini' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      url: '/api/wasiat/w1',
      body: { status: 3, option_delete_id: 2, rejected_reason: 'No. telefon waris salah' },
    });
  });

  it('the cancellation offers the three reasons of the spec, and asks for one before anything is sent (issue 38 item 11.5)', async () => {
    const user = userEvent.setup();
    page();
    const group = await screen.findByRole('radiogroup', { name: /Sebab pembatalan/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '2', '3']);
    for (const label of ['eKYC gagal', 'Maklumat tidak sah', 'Data palsu (dummy)']) {
      expect(within(group).getByRole('radio', { name: label })).toBeInTheDocument();
    }
    await user.type(screen.getByRole('textbox', { name: /Catatan kepada pelanggan/ }), 'Swafoto kabur');
    await user.click(screen.getByTestId('cancel-will'));
    expect(await screen.findByText('Sila pilih sebab pembatalan.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(within(group).getByRole('radio', { name: 'eKYC gagal' }));
    await user.click(screen.getByTestId('cancel-will'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Batal untuk kemas kini' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0].body).toMatchObject({ status: 3, option_delete_id: 1, rejected_reason: 'Swafoto kabur' });
  });
});
