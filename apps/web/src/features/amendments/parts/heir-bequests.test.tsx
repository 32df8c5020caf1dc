/**
 * A will amendment that gives an heir more than the faraid share offers the acknowledgement at its submit step,
 * with the will's own notice (issue 34; ADR 0224): the list from `GET /api/amendment/{id}/heir-bequests`, and
 * the tick posts `POST /api/amendment/{id}/heir-bequests/acknowledge`.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import type { AmendmentContext } from '../components/AmendmentWizard.tsx';
import type { Amendment, Draft } from '../types.ts';

const { PindaanH } = await import('./FlowParts.tsx');

const draft = {
  user_detail: { name: 'Kamal bin Hassan', ic_number: '800101145555' },
  estate: {},
  heirs: [],
  receivers: [],
  moveables: [],
  immoveables: [],
  caretakers: [],
  bequests: [],
  witnesses: [],
} as unknown as Draft;

const amendment = {
  id: 'a1',
  user_id: 'me',
  reference_no: 'P2026-000123',
  status: 0,
  amendmentable_type: 'Wasiat',
  amendmentable_id: 'w1',
  amendmentable: { id: 'w1', wasiat_no: 'W2026-000001', user: null },
  ekyc_verified_at: '2026-12-01T02:00:00Z',
  expires_at: null,
  witnesses: [],
  draft,
} as unknown as Amendment;

const bequest = {
  heir_id: 'heir-d',
  heir_name: 'Nur binti Kamal',
  property_id: 'p1',
  share: '1',
  faraid: '1/2',
  excess: '1/2',
  property_label: { ms: 'Simpanan — Bank Islam (123)', en: 'Savings — Bank Islam (123)' },
  relationship_label: { ms: 'Anak perempuan', en: 'Daughter' },
};

describe("an amendment's bequests to heirs at its submit step (issue 34)", () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('lists them and records the acknowledgement for the amendment', async () => {
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Pewasiat', roles: [{ name: 'Client' }] }));
    let acknowledged = false;
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/api/amendment/a1/heir-bequests/acknowledge') && init?.method === 'POST') {
        acknowledged = true;
      }
      if (url.includes('/api/amendment/a1/heir-bequests')) {
        return jsonResponse({
          heir_bequests: [bequest],
          acknowledged,
          acknowledgement: acknowledged ? { acknowledged_at: '2026-12-06T02:00:00Z' } : null,
        });
      }
      return jsonResponse({});
    });
    vi.stubGlobal('fetch', fetchMock);
    const ctx: AmendmentContext = { wasiatId: 'w1', amendment, draft, editable: true, refresh: async () => {} };
    renderPage(
      <Routes>
        <Route element={<Outlet context={ctx} />}>
          <Route path="*" element={<PindaanH />} />
        </Route>
      </Routes>,
      { path: '*', url: '/wasiat/w1/pindaan-h' },
    );
    const notice = await screen.findByTestId('heir-bequests-notice');
    expect(notice).toHaveTextContent('Nur binti Kamal');
    expect(notice).toHaveTextContent('Anak perempuan');
    fireEvent.click(
      screen.getByTestId('heir-bequests-ack').querySelector('input') ?? screen.getByTestId('heir-bequests-ack'),
    );
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, init]) => String(u).includes('/api/amendment/a1/heir-bequests/acknowledge') && init?.method === 'POST',
        ),
      ).toBe(true),
    );
    expect(await screen.findByTestId('heir-bequests-acked')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/wasiat/'))).toBe(false);
  });
});
