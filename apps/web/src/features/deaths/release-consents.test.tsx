import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { ConsentStatus } from './ConsentStatus.tsx';
import { type HeirConsents, ReleaseConsents } from './ReleaseConsents.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** `fetch` answering by URL, recording every call. */
function stub(answer: (url: string, init?: RequestInit) => Response) {
  const calls: { url: string; method: string; body: any }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({
        url: String(url),
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      return answer(String(url), init);
    }),
  );
  return calls;
}

const bequest = {
  bequest_ref: 'bequest:b1',
  reason: 'to_heir' as const,
  reason_text: 'Wasiat kepada waris',
  amount_sen: 500_000,
  label: 'Wasiat am — Untuk suami (Hassan bin Omar)',
  to: ['Hassan bin Omar'],
  status: 'pending',
  decided_at: null,
  can_decide: true,
};
const adult: HeirConsents = {
  heir_name: 'Nur binti Hassan',
  capacity: 'adult',
  why: null,
  bequests: [
    bequest,
    {
      ...bequest,
      bequest_ref: 'moveable:m1',
      label: 'Simpanan — Maybank Islamic (564123456789)',
      amount_sen: null,
      to: ['Ali bin Hassan'],
    },
  ],
};
const props = {
  base: 'public/release/r1',
  signed: 'expires=4102444800&signature=sig',
  access: '4102444800.mac',
  save: vi.fn(),
  canRecord: true,
};

describe('the heir consents on the release page (issue 40 item 5)', () => {
  it('shows each bequest with its amount and reason, asks to confirm, then shows the decision', async () => {
    const calls = stub((_u, init) =>
      init?.method === 'POST'
        ? jsonResponse({
            message: 'Keputusan anda telah direkodkan.',
            consents: {
              ...adult,
              bequests: [
                { ...bequest, status: 'consented', decided_at: '2026-12-07T02:30:00Z', can_decide: false },
                adult.bequests[1],
              ],
            },
          })
        : jsonResponse({ consents: adult }),
    );
    renderPage(<ReleaseConsents {...props} />);
    expect(await screen.findByText('Wasiat am — Untuk suami (Hassan bin Omar)')).toBeTruthy();
    expect(screen.getByText('Amaun: RM 5,000.00')).toBeTruthy();
    expect(screen.getByText('Amaun: belum diketahui')).toBeTruthy();
    expect(screen.getByText('Kepada: Hassan bin Omar')).toBeTruthy();
    expect(screen.getAllByText('Wasiat kepada waris')).toHaveLength(2);
    expect(calls[0].url).toBe('/api/public/release/r1/consents?expires=4102444800&signature=sig&access=4102444800.mac');
    fireEvent.click(screen.getAllByRole('button', { name: 'Saya bersetuju' })[0]);
    expect(
      screen.getByText(
        'Anda bersetuju dengan "Wasiat am — Untuk suami (Hassan bin Omar)". Keputusan ini tidak boleh diubah selepas itu.',
      ),
    ).toBeTruthy();
    // Nothing is sent before the confirmation.
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Sahkan' }));
    expect(await screen.findByText('Keputusan anda telah direkodkan.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      bequest_ref: 'bequest:b1',
      decision: 'consented',
      confirm: true,
    });
    expect(screen.getByText(/Anda bersetuju pada 07 Dis 26, 10:30/)).toBeTruthy();
    // The decided bequest has no buttons left; the other still has both.
    expect(screen.getAllByRole('button', { name: 'Saya bersetuju' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Saya menolak' })).toHaveLength(1);
  });

  it('shows the server’s refusal at the confirmation', async () => {
    stub((_u, init) =>
      init?.method === 'POST'
        ? jsonResponse(
            { message: 'x', errors: { bequest_ref: ['Anda telah membuat keputusan bagi wasiat ini.'] } },
            422,
          )
        : jsonResponse({ consents: adult }),
    );
    renderPage(<ReleaseConsents {...props} />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Saya menolak' }))[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Sahkan' }));
    expect(await screen.findByText('Anda telah membuat keputusan bagi wasiat ini.')).toBeTruthy();
  });

  it('a minor sees why and no buttons; a non-heir sees nothing', async () => {
    stub(() =>
      jsonResponse({
        consents: {
          ...adult,
          capacity: 'minor',
          why: 'Anda belum berumur 18 tahun.',
          bequests: adult.bequests.map((b) => ({ ...b, status: 'minor', can_decide: false })),
        },
      }),
    );
    const first = renderPage(<ReleaseConsents {...props} />);
    expect(await screen.findByText('Anda belum berumur 18 tahun.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Saya bersetuju' })).toBeNull();
    first.unmount();
    vi.unstubAllGlobals();
    const calls = stub(() =>
      jsonResponse({ consents: { heir_name: null, capacity: 'not_heir', why: 'x', bequests: [] } }),
    );
    renderPage(<ReleaseConsents {...props} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('release-consents')).toBeNull());
    expect(screen.queryByText(/Wasiat yang memerlukan persetujuan/)).toBeNull();
  });
});

describe('the consent status on the estate page (issue 40 item 5)', () => {
  it('lists each heir’s status per bequest, read-only, with the record link', async () => {
    localStorage.setItem(KEYS.token, 'tok');
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', name: 'Staf', roles: [{ name: 'Staff' }] }));
    const heirsList = [
      { id: 'h2', name: 'Ali bin Hassan', relationship: 'son', capacity: 'minor', ward_note: null },
      { id: 'h4', name: 'Omar bin Yusof', relationship: 'father', capacity: 'adult', ward_note: null },
    ];
    const calls = stub((_u, init) =>
      jsonResponse({
        ...(init?.method === 'PUT' ? { message: 'Status penjagaan waris telah disimpan.' } : {}),
        consents: {
          heirs:
            init?.method === 'PUT'
              ? heirsList.map((h) => (h.id === 'h4' ? { ...h, capacity: 'guardianship' } : h))
              : heirsList,
          can_mark_wards: true,
          will: { id: 'w1', wasiat_no: 'W2026-000001' },
          bequests: [
            {
              ...bequest,
              heirs: [
                { heir_id: 'h1', name: 'Hassan bin Omar', status: 'own', decided_at: null },
                { heir_id: 'h2', name: 'Ali bin Hassan', status: 'minor', decided_at: null },
                { heir_id: 'h3', name: 'Nur binti Hassan', status: 'consented', decided_at: '2026-12-07T02:30:00Z' },
                { heir_id: 'h4', name: 'Omar bin Yusof', status: 'refused', decided_at: '2026-12-07T03:00:00Z' },
              ],
              consented: 1,
              refused: 1,
              pending: 0,
            },
          ],
        },
      }),
    );
    renderPage(<ConsentStatus deathReportId="d1" />);
    expect(await screen.findByText('Persetujuan waris terhadap wasiat')).toBeTruthy();
    expect(screen.getByText('1 bersetuju, 1 menolak, 0 belum membuat keputusan')).toBeTruthy();
    expect(screen.getByText('Belum dewasa: tidak memberi persetujuan')).toBeTruthy();
    expect(screen.getByText('Bersetuju')).toBeTruthy();
    expect(screen.getByText('Menolak')).toBeTruthy();
    expect(screen.getByText('07 Dis 26, 10:30')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rekod persetujuan (PDF)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Saya bersetuju' })).toBeNull();
    // Staff mark an adult heir under guardianship; a minor has no such button.
    expect(screen.getAllByRole('button', { name: 'Tanda di bawah penjagaan' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Tanda di bawah penjagaan' }));
    expect(await screen.findByRole('button', { name: 'Buang tanda penjagaan' })).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/death-report/d1/consent-heirs/h4');
    expect(put?.body).toEqual({ under_guardianship: true });
  });
});
