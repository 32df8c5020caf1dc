/**
 * The amendment wizards announce their current page to a screen reader (issue 34 "One instrument"; ADR 0234):
 * the will amendment's /wasiat/{id}/pindaan-* and the hibah amendment's /trust/pindaan/{id}/* mark it
 * `aria-current="step"` in the instruments' step list (not by colour alone), and no other page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { HibahAmendmentFrame } from '../hibah/HibahAmendmentFrame.tsx';
import type { Amendment } from '../types.ts';
import { AmendmentWizard } from './AmendmentWizard.tsx';

const draft = { user_detail: {}, heirs: [], receivers: [], moveables: [], immoveables: [], caretakers: [] };
const amendment = (over: Partial<Amendment>) =>
  ({
    id: 'a1',
    user_id: 'me',
    reference_no: 'P2026-000123',
    status: 0,
    paid: 1,
    reason: null,
    amendmentable_type: 'Wasiat',
    amendmentable_id: 'w1',
    amendmentable: { id: 'w1', wasiat_no: 'W2026-000001', hibah_number: 'H2026-000009' },
    witnesses: [],
    draft,
    ...over,
  }) as unknown as Amendment;

/** The server: the will's amendments and the amendment itself. */
function serve(a: Amendment) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (String(url).includes('/api/wasiat/w1/amendment')) return jsonResponse({ amendments: { data: [a] } });
      if (String(url).includes(`/api/amendment/${a.id}`)) return jsonResponse({ amendment: a });
      return jsonResponse({});
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the will amendment wizard', () => {
  it('marks the page open as the current step, and only it', async () => {
    serve(amendment({}));
    renderPage(
      <Routes>
        <Route path="/wasiat/:wasiat_id" element={<AmendmentWizard />}>
          <Route path="pindaan-c" element={<p>bahagian c</p>} />
        </Route>
      </Routes>,
      { path: '*', url: '/wasiat/w1/pindaan-c' },
    );
    const nav = await screen.findByRole('navigation', { name: 'Bahagian pindaan' });
    const current = within(nav).getByRole('link', { name: 'C. Waris' });
    expect(current).toHaveAttribute('aria-current', 'step');
    expect(current).toHaveAttribute('href', '/wasiat/w1/pindaan-c');
    expect(nav.querySelectorAll('[aria-current="step"]')).toHaveLength(1);
    expect(within(nav).getByRole('link', { name: 'H. Pengesahan dan Hantar' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('bahagian c')).toBeInTheDocument();
  });
});

describe('the hibah amendment wizard', () => {
  it('marks the page open as the current step, the summary when at its root', async () => {
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Penghibah', roles: [{ name: 'Client' }] }));
    serve(amendment({ amendmentable_type: 'Hibah', amendmentable_id: 'h1' }));
    const { router } = renderPage(
      <Routes>
        <Route path="/trust/pindaan/:amendment_id" element={<HibahAmendmentFrame />}>
          <Route index element={<p>ringkasan</p>} />
          <Route path="saksi" element={<p>saksi</p>} />
        </Route>
      </Routes>,
      { path: '*', url: '/trust/pindaan/a1/saksi' },
    );
    const nav = await screen.findByRole('navigation', { name: /pindaan/i });
    expect(within(nav).getByRole('link', { name: 'Saksi' })).toHaveAttribute('aria-current', 'step');
    expect(nav.querySelectorAll('[aria-current="step"]')).toHaveLength(1);
    await router.navigate('/trust/pindaan/a1');
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Maklumat Pindaan' })).toHaveAttribute('aria-current', 'step'),
    );
    expect(within(nav).getByRole('link', { name: 'Saksi' })).not.toHaveAttribute('aria-current');
  });
});
