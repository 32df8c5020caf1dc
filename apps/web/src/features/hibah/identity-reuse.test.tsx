/**
 * Part B offers the identity check the grantor already passed for their will (issue 34, issue 37 item 6;
 * ADR 0251): the card names the will and its verification date, its button calls
 * `POST /api/hibah/{id}/identity/reuse`, and the MyKad upload stays to change it; nothing is offered when
 * there is nothing to reuse.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { PartB } from './parts/PartB.tsx';
import type { Hibah } from './useHibah.ts';

Element.prototype.scrollIntoView ??= () => {};
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

type Call = { method: string; url: string };
function stubApi(reply: (c: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const c = { method: init?.method ?? 'GET', url: String(url) };
      calls.push(c);
      return reply(c) ?? jsonResponse({ message: 'not found' }, 404);
    }),
  );
  return calls;
}

const hibah = {
  id: 'h1',
  hibah_type: 9,
  user_id: 'me',
  agent_id: null,
  status: 0,
  ekyc_verified_at: null,
  face_verification_count: 0,
} as unknown as Hibah;
const reusable = {
  reusable: { source_type: 'Wasiat', source_id: 'w1', verified_at: '2026-09-05T02:00:00.000Z' },
  reason: null,
  window_months: 12,
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Zulkifli', roles: [{ name: 'Client' }] }));
});
afterEach(() => vi.unstubAllGlobals());

describe("part B reuses the will's MyKad and eKYC", { timeout: 30_000 }, () => {
  it('shows the card with the date and calls the reuse route', async () => {
    const calls = stubApi((c) => {
      if (c.url.endsWith('/api/hibah/h1/identity/reuse'))
        return jsonResponse(c.method === 'GET' ? reusable : { ekyc_verified_at: '2026-09-05T02:00:00.000Z' });
      if (c.url.includes('/api/hibah/h1/document')) return jsonResponse({ attachments: { data: [] } });
    });
    renderPage(<PartB hibah={hibah} />);
    const card = await screen.findByTestId('hibah-identity-reuse');
    expect(card).toHaveTextContent('Guna MyKad dan pengesahan wajah daripada wasiat anda (disahkan pada 05 Sep 2026)');
    // the MyKad upload stays, to change them
    expect(screen.getByText('MyKad pemberi hibah')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Gunakan' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/hibah/h1/identity/reuse'))).toBe(true),
    );
  });

  it('offers nothing when there is nothing to reuse', async () => {
    const calls = stubApi((c) => {
      if (c.url.endsWith('/api/hibah/h1/identity/reuse'))
        return jsonResponse({ reusable: null, reason: 'none', window_months: 12 });
      if (c.url.includes('/api/hibah/h1/document')) return jsonResponse({ attachments: { data: [] } });
    });
    renderPage(<PartB hibah={hibah} />);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/identity/reuse'))).toBe(true));
    expect(await screen.findByText('MyKad pemberi hibah')).toBeInTheDocument();
    expect(screen.queryByTestId('hibah-identity-reuse')).toBeNull();
  });
});
