/**
 * Approving an amendment asks first (issue 38; as the will's approval, lib/notify `confirmAction`): the officer's
 * "Luluskan pindaan" on a will amendment's part h and on the hibah amendments' verification list opens a dialog
 * saying what approval does; "Kembali" sends nothing, and only the dialog's "Luluskan pindaan" sends status 2.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { FeedbackHost } from '@/lib/feedback.tsx';
import { KEYS } from '@/lib/storage.ts';
import type { AmendmentContext } from './components/AmendmentWizard.tsx';
import { VerifyListPage } from './hibah/VerifyListPage.tsx';
import { PindaanH } from './parts/FlowParts.tsx';
import type { Amendment, Draft } from './types.ts';

// jsdom has no FontFaceSet (Mantine's autosizing textarea of the reason).
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

const draft = {
  user_detail: {},
  heirs: [],
  receivers: [],
  moveables: [],
  immoveables: [],
  witnesses: [],
} as unknown as Draft;
const witnesses = [
  { id: 'x1', name: 'Saksi Satu', confirmed_at: '2026-12-01T02:00:00Z' },
  { id: 'x2', name: 'Saksi Dua', confirmed_at: '2026-12-01T03:00:00Z' },
];
const willAmendment = {
  id: 'a1',
  user_id: 'client',
  reference_no: 'P2026-000123',
  status: 4,
  paid: 1,
  amendmentable_type: 'Wasiat',
  amendmentable_id: 'w1',
  amendmentable: { id: 'w1', wasiat_no: 'W2026-000001', user: null },
  witnesses,
  draft,
} as unknown as Amendment;
const hibahAmendment = {
  ...willAmendment,
  id: 'a2',
  reference_no: 'PH2026-000007',
  amendmentable_type: 'Hibah',
  amendmentable_id: 'h1',
  amendmentable: { id: 'h1', hibah_number: 'H2026-000001', user: { name: 'Kamal' } },
  applied_at: '2026-11-20T02:00:00Z',
} as unknown as Amendment;

let writes: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'st', name: 'Pegawai', roles: [{ name: 'Staff' }] }));
  writes = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') writes.push({ method, url: String(url), body: JSON.parse(String(init?.body ?? 'null')) });
      if (String(url).startsWith('/api/amendment?')) {
        return jsonResponse({
          amendments: { data: [hibahAmendment], total: 1, per_page: 15, current_page: 1, last_page: 1 },
        });
      }
      return jsonResponse({ amendment: { ...willAmendment, status: 2 } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('approving an amendment asks first (issue 38)', { timeout: 30_000 }, () => {
  it("a will amendment's part h: the dialog says what happens; only its confirm sends status 2", async () => {
    const ctx: AmendmentContext = {
      wasiatId: 'w1',
      amendment: willAmendment,
      draft,
      editable: false,
      refresh: async () => {},
    };
    renderPage(
      <>
        <Routes>
          <Route element={<Outlet context={ctx} />}>
            <Route path="*" element={<PindaanH />} />
          </Route>
        </Routes>
        <FeedbackHost />
      </>,
      { path: '*', url: '/wasiat/w1/pindaan-h' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('approve-amendment'));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Luluskan pindaan P2026-000123?');
    expect(dialog).toHaveTextContent('menjadi kandungan wasiat sebagai versi baharu');
    await user.click(within(dialog).getByRole('button', { name: 'Kembali' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([]);

    await user.click(screen.getByTestId('approve-amendment'));
    dialog = await screen.findByRole('dialog');
    expect(writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Luluskan pindaan' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ url: '/api/amendment/a1', body: { status: 2 } });
  });

  it('the hibah amendments list: the dialog names the amendment; only its confirm sends status 2', async () => {
    renderPage(
      <>
        <VerifyListPage />
        <FeedbackHost />
      </>,
      { path: '/trust/pengesahan/list-pindaan-hibah' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('approve-a2'));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Luluskan pindaan PH2026-000007?');
    expect(dialog).toHaveTextContent('versi baharu hibah');
    await user.click(within(dialog).getByRole('button', { name: 'Kembali' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([]);

    await user.click(screen.getByTestId('approve-a2'));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Luluskan pindaan' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ url: '/api/amendment/a2', body: { status: 2 } });
  });
});
