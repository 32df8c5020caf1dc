/**
 * The amendment's deadline (spec §4: 14 days to accept the draft) as a person reads it (spec §9 "Date
 * display"; issue 34): the draft review (pindaan-draf) and part a show "DD Mon YY, HH:mm" in Kuala Lumpur
 * time in the UI language, never the ISO string the API sends.
 */
import { act, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { KEYS } from '@/lib/storage.ts';
import type { AmendmentContext } from '../components/AmendmentWizard.tsx';
import type { Amendment, Draft } from '../types.ts';

// jsdom has no 2D canvas: the pad is not what this test is about.
vi.mock('@/components/SignaturePad.tsx', () => ({
  SignaturePad: ({ label }: { label: string }) => <p>{label}</p>,
}));

const { PindaanA, PindaanDraft } = await import('./FlowParts.tsx');

/** 16:15 UTC on 20 December is 00:15 on 21 December in Kuala Lumpur. */
const EXPIRES = '2026-12-20T16:15:53.999Z';

const draft: Draft = {
  user_detail: { name: 'Kamal bin Hassan', ic_number: '800101145555' },
  estate: {},
  heirs: [],
  receivers: [],
  moveables: [],
  immoveables: [],
  caretakers: [],
  bequests: [],
  witnesses: [],
};

const amendment = (over: Partial<Amendment> = {}): Amendment =>
  ({
    id: 'a1',
    user_id: 'me',
    reference_no: 'P2026-000123',
    count: 1,
    status: 3,
    amendmentable_type: 'Wasiat',
    amendmentable_id: 'w1',
    amendmentable: { id: 'w1', wasiat_no: 'W2026-000001', user: null },
    handled_by: null,
    price_sen: null,
    paid: 1,
    ekyc_verified_at: null,
    applied_at: '2026-12-01T02:00:00Z',
    submitted_at: null,
    approved_at: null,
    expires_at: EXPIRES,
    witnesses: [],
    draft,
    ...over,
  }) as Amendment;

/** Render a part inside an outlet that carries the amendment context, as the wizard's frame does. */
function renderPart(part: ReactNode, a: Amendment) {
  const ctx: AmendmentContext = { wasiatId: 'w1', amendment: a, draft, editable: false, refresh: async () => {} };
  return renderPage(
    <Routes>
      <Route element={<Outlet context={ctx} />}>
        <Route path="*" element={part} />
      </Route>
    </Routes>,
    { path: '*', url: '/wasiat/w1/pindaan-draf' },
  );
}

describe("the amendment's deadline (issue 34)", () => {
  afterEach(() => localStorage.clear());

  it('the draft review shows the deadline formatted in Kuala Lumpur time, in Malay and English, not the ISO string', async () => {
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Pewasiat', roles: [{ name: 'Client' }] }));
    renderPart(<PindaanDraft />, amendment());
    expect(await screen.findByText(/Tarikh akhir: 21 Dis 26, 00:15$/)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(EXPIRES);
    expect(document.body.textContent).not.toContain('2026-12-20');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText(/Deadline: 21 Dec 26, 00:15$/)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(EXPIRES);
  });

  it('a dash, not an empty deadline, when the amendment has none', async () => {
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Pewasiat', roles: [{ name: 'Client' }] }));
    renderPart(<PindaanDraft />, amendment({ expires_at: null }));
    expect(await screen.findByText(/Tarikh akhir: —$/)).toBeInTheDocument();
  });

  it('part a lists the deadline (and the application date) the same way', async () => {
    renderPart(<PindaanA />, amendment());
    const table = await screen.findByRole('table');
    expect(table.textContent).toContain('21 Dis 26, 00:15');
    expect(table.textContent).toContain('01 Dis 26, 10:00');
    expect(table.textContent).not.toContain(EXPIRES);
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('table').textContent).toContain('21 Dec 26, 00:15');
  });
});
