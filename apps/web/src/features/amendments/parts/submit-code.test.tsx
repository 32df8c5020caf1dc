/**
 * A will amendment's submission asks its code as the will does (issue 34 "One instrument"; ADR 0234): e-mail or
 * SMS, the text naming the channel chosen (never "e-mel" for an SMS), the code bound to the amended will; a code
 * verified before a reload still holds.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import type { AmendmentContext } from '../components/AmendmentWizard.tsx';
import type { Amendment, Draft } from '../types.ts';
import { PindaanH } from './FlowParts.tsx';

const draft = {
  user_detail: {},
  heirs: [],
  receivers: [],
  moveables: [],
  immoveables: [],
  witnesses: [],
} as unknown as Draft;
const amendment = {
  id: 'a1',
  user_id: 'me',
  reference_no: 'P2026-000123',
  status: 0,
  paid: 1,
  amendmentable_type: 'Wasiat',
  amendmentable_id: 'w1',
  amendmentable: { id: 'w1', wasiat_no: 'W2026-000001', user: null },
  ekyc_verified_at: '2026-12-01T02:00:00Z',
  witnesses: [],
  draft,
} as unknown as Amendment;

function renderSubmit() {
  const ctx: AmendmentContext = { wasiatId: 'w1', amendment, draft, editable: true, refresh: async () => {} };
  renderPage(
    <Routes>
      <Route element={<Outlet context={ctx} />}>
        <Route path="*" element={<PindaanH />} />
      </Route>
    </Routes>,
    { path: '*', url: '/wasiat/w1/pindaan-h' },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("a will amendment's code at its submission", () => {
  it('offers e-mail and SMS, and names the phone when SMS is chosen', async () => {
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Pewasiat', roles: [{ name: 'Client' }] }));
    const requests: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).includes('/api/otp/verified')) return jsonResponse({ otp: { verified: false } });
        if (String(url) === '/api/otp/request') {
          requests.push(JSON.parse(String(init?.body)));
          return jsonResponse({ otp: { channel: 'sms', destination: '+6012****789', expires_at: '' } });
        }
        return jsonResponse({ heir_bequests: [], acknowledged: false });
      }),
    );
    renderSubmit();
    expect(await screen.findByRole('radio', { name: 'E-mel' })).toBeChecked();
    fireEvent.click(screen.getByText('SMS'));
    expect(screen.getByRole('radio', { name: 'SMS' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Minta kod OTP' }));
    await waitFor(() => expect(requests).toEqual([{ purpose: 'amendment-submit', wasiat_id: 'w1', channel: 'sms' }]));
    expect(await screen.findByTestId('otp-sent')).toHaveTextContent(
      'Kod telah dihantar ke telefon anda melalui SMS (+6012****789).',
    );
    expect(screen.getByTestId('otp-step').textContent).not.toMatch(/e-mel anda/);
  });

  it('shows a code verified before a reload as verified, so the submission may go on', async () => {
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Pewasiat', roles: [{ name: 'Client' }] }));
    const fetchMock = vi.fn(async (url: string) =>
      String(url).includes('/api/otp/verified')
        ? jsonResponse({
            otp: { verified: true, verified_at: '2026-12-06T01:00:00Z', valid_until: '2026-12-06T01:15:00Z' },
          })
        : jsonResponse({ heir_bequests: [], acknowledged: false }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderSubmit();
    expect(await screen.findByTestId('otp-verified')).toHaveTextContent('Kod OTP disahkan');
    const status = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/api/otp/verified'));
    expect(status).toContain('purpose=amendment-submit');
    expect(status).toContain('wasiat_id=w1');
  });
});
