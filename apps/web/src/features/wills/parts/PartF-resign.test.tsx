/**
 * Part F (step 9) after "cancel for update": a saved testator signature of an earlier version of the will counts
 * as none — the page says signing again is mandatory and "Next" refuses without a new signature (issue 37
 * item 6.2; the server refuses such a will with `wills.signature_stale`).
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';

const goNext = vi.fn(async () => {});
vi.mock('../components/WizardLayout.tsx', () => ({
  useWizard: () => ({
    will: {
      id: 'w1',
      status: 3,
      wasiat_type: 1,
      signature_id: 'att1',
      acknowledged_pdpa: 1,
      acknowledged_confirmation: 1,
    },
    wasiatId: 'w1',
    editable: true,
    setWasiatId: () => {},
    refresh: async () => null,
    goNext,
  }),
}));

const { PartF } = await import('./PartF.tsx');

let testator: 'current' | 'earlier_version' = 'earlier_version';
const writes: string[] = [];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Pewasiat', roles: [{ name: 'Client' }] }));
  writes.length = 0;
  goNext.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const u = String(url);
      if ((init?.method ?? 'GET') !== 'GET') writes.push(`${init?.method} ${u}`);
      if (u.startsWith('/api/wasiat/w1/signature-status'))
        return jsonResponse({
          signatures: { version: 'v2', testator: { state: testator, signed_at: null }, witnesses: [] },
        });
      return jsonResponse({ wasiat: { id: 'w1' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('part F after cancellation (issue 37 item 6.2)', { timeout: 30_000 }, () => {
  it('says signing again is mandatory and refuses "Next" without a new signature', async () => {
    testator = 'earlier_version';
    const user = userEvent.setup();
    renderPage(<PartF />);
    expect(await screen.findByTestId('signature-must-resign')).toHaveTextContent(/wajib menandatangani semula/);
    expect(screen.queryByTestId('signature-saved')).toBeNull();
    expect(screen.queryByText(/Lukis semula hanya jika mahu/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Seterusnya' }));
    expect(await screen.findByText('Tandatangan diperlukan sebelum menghantar.')).toBeInTheDocument();
    expect(writes).toEqual([]);
    expect(goNext).not.toHaveBeenCalled();
  });

  it('a current signature of a returned will says a change makes signing again mandatory', async () => {
    testator = 'current';
    renderPage(<PartF />);
    expect(await screen.findByTestId('signature-saved')).toHaveTextContent(/wajib menandatangani semula/);
    expect(screen.queryByTestId('signature-must-resign')).toBeNull();
  });
});
