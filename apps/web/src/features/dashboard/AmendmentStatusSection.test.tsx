/**
 * The client's "amendment status" tile (spec §2 dashboard; spec §4 amendment statuses): it reads the
 * amendments of the client's newest REGISTERED will (`GET /api/wasiat/{id}/amendment`, newest first, the
 * first entry is current), shows the status label of every status 0–5 and "invalid/cancelled" for any
 * other value, the 14-day deadline while the client must act, and the next step; it says so when there is
 * no registered will or no amendment. `fetch` is a stub answering by path with the API's shapes
 * (docs/api/amendments.md).
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { AmendmentStatusSection, latestRegisteredWill } from './AmendmentStatusSection.tsx';
import { DashboardPage } from './DashboardPage.tsx';

const login = (role: string) => {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(
    KEYS.user,
    JSON.stringify({ id: 'me', name: 'Aminah', roles: [{ name: role }], signature: { id: 's' } }),
  );
};

const WILLS = [
  {
    id: 'w-old',
    user_id: 'u-1',
    status: 2,
    wasiat_no: 'W2024-000001',
    created_at: '2024-01-01T00:00:00Z',
    registered_at: '2024-01-05T00:00:00Z',
  },
  {
    id: 'w-reg',
    user_id: 'u-1',
    status: 2,
    wasiat_no: 'W2025-000009',
    created_at: '2025-02-01T00:00:00Z',
    registered_at: '2025-02-03T00:00:00Z',
  },
  // newer, but not registered: amendments belong to registered wills
  { id: 'w-draft', user_id: 'u-1', status: 0, wasiat_no: null, created_at: '2025-06-01T00:00:00Z' },
];

/** A fetch stub: the wills list, and the amendments of a will (`amendments` or none). */
function stub(wills: unknown[], amendments: unknown[] | null) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const u = new URL(input, 'http://x');
      urls.push(u);
      if (/^\/api\/wasiat\/[^/]+\/amendment$/.test(u.pathname)) {
        return jsonResponse({ amendments: { data: amendments ?? [], total: amendments?.length ?? 0 } });
      }
      return jsonResponse({ wasiats: { data: wills, total: wills.length } });
    }),
  );
  return urls;
}

const amendment = (status: number, over: Record<string, unknown> = {}) => ({
  id: `a${status}`,
  reference_no: 'PND2025-000004',
  status,
  applied_at: '2025-03-01T02:00:00Z',
  expires_at: '2025-03-15T02:00:00Z',
  ...over,
});

describe('AmendmentStatusSection', () => {
  beforeEach(() => {
    localStorage.clear();
    login('Client');
  });
  afterEach(() => vi.unstubAllGlobals());

  const cases: [number, string, string, string | null][] = [
    [0, 'Dalam Proses', 'Teruskan pindaan', '/wasiat/w-reg/pindaan-a'],
    [1, 'Menunggu Pengesahan', 'Lihat pindaan saya', '/pindaan/list'],
    [2, 'Pindaan Berjaya', 'Mohon pindaan', '/wasiat/MohonPindaan'],
    [3, 'Draf Perlu Disemak', 'Semak draf pindaan', '/wasiat/w-reg/pindaan-draf'],
    [4, 'Menunggu Pengesahan Saksi', 'Lihat pindaan saya', '/pindaan/list'],
    [5, 'Batal', 'Mohon pindaan', '/wasiat/MohonPindaan'],
    [9, 'Tidak sah/Batal', 'Mohon pindaan', '/wasiat/MohonPindaan'],
    [-1, 'Tidak sah/Batal', 'Mohon pindaan', '/wasiat/MohonPindaan'],
  ];
  for (const [status, label, action, href] of cases) {
    it(`status ${status}: "${label}" with its next step`, async () => {
      const urls = stub(WILLS, [amendment(status), amendment(2, { id: 'older', reference_no: 'PND2024-000001' })]);
      renderPage(<AmendmentStatusSection userId="me" />, { path: '/dashboard' });
      expect(await screen.findByTestId('amendment-status')).toHaveTextContent(label);
      // the first (newest) amendment of the newest registered will
      expect(screen.getByText('PND2025-000004')).toBeInTheDocument();
      expect(screen.queryByText('PND2024-000001')).toBeNull();
      expect(screen.getByText('W2025-000009')).toBeInTheDocument();
      const asked = urls.find((u) => u.pathname.endsWith('/amendment')) as URL;
      expect(asked.pathname).toBe('/api/wasiat/w-reg/amendment');
      expect(asked.searchParams.get('limit')).toBe('1');
      expect(screen.getByRole('link', { name: action })).toHaveAttribute('href', href);
      // the 14-day deadline only while the client must act (draft to review, witnesses to confirm)
      expect(screen.queryByTestId('amendment-deadline') !== null).toBe(status === 3 || status === 4);
      expect(screen.getByTestId('amendment-meaning').textContent).not.toBe('');
    });
  }

  it('no registered will: says amendments come after registration and asks nothing about amendments', async () => {
    const urls = stub([WILLS[2]], null);
    renderPage(<AmendmentStatusSection userId="me" />, { path: '/dashboard' });
    expect(await screen.findByTestId('amendment-none')).toHaveTextContent(
      'Pindaan boleh dimohon selepas wasiat anda berdaftar.',
    );
    expect(urls.some((u) => u.pathname.endsWith('/amendment'))).toBe(false);
  });

  it('a registered will without amendments: "no application" and the apply link', async () => {
    stub(WILLS, []);
    renderPage(<AmendmentStatusSection userId="me" />, { path: '/dashboard' });
    expect(await screen.findByTestId('amendment-none')).toHaveTextContent(
      'Tiada permohonan pindaan untuk wasiat anda.',
    );
    expect(screen.getByRole('link', { name: 'Mohon pindaan' })).toHaveAttribute('href', '/wasiat/MohonPindaan');
  });

  it("is one of the client's dashboard sections", async () => {
    stub(WILLS, [amendment(4)]);
    renderPage(<DashboardPage />, { path: '/dashboard' });
    const section = await screen.findByRole('region', { name: 'Status pindaan' });
    expect(await within(section).findByTestId('amendment-status')).toHaveTextContent('Menunggu Pengesahan Saksi');
  });

  it("is not on a staff member's dashboard", async () => {
    localStorage.clear();
    login('Staff');
    const urls = stub(WILLS, [amendment(4)]);
    renderPage(<DashboardPage />, { path: '/dashboard' });
    await screen.findByRole('heading', { level: 1, name: 'Papan Pemuka' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Status pindaan' })).toBeNull();
    expect(urls.some((u) => u.pathname.endsWith('/amendment'))).toBe(false);
  });

  it('latestRegisteredWill takes the newest will in status 2', () => {
    expect(latestRegisteredWill(WILLS)?.id).toBe('w-reg');
    expect(latestRegisteredWill([WILLS[2]])).toBeNull();
  });
});
