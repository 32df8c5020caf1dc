import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import type { Heir, Will } from '../../types.ts';
import { EstateTab } from './EstateTab.tsx';
import { estateModel, parseTexts } from './estate.ts';

const heirs: Heir[] = [
  { id: 'h1', name: 'Siti', relationship: 'wife', ic_number: '800101145552' },
  { id: 'h2', name: 'Ali', relationship: 'son', ic_number: '100101145551' },
  { id: 'h3', name: 'Aminah', relationship: 'son', ic_number: '120101145552' },
  { id: 'h4', name: 'Anak Tanpa MyKad', relationship: 'son' },
  { id: 'h5', name: 'Pak Cik', relationship: 'relative' },
];
const bequests = [
  { id: 'b1', beneficiary_name: 'Masjid', portion: '1/4' },
  { id: 'b2', beneficiary_name: 'Sekolah', portion: '20%' },
];
const detail = { gender: 1, ic_number: '800101145551', permanent_state: 'Selangor' };
const will = {
  id: 'w1',
  status: 0,
  parts_done: [],
  unlocked: [],
  estate: { property_sen: 100_000_000 },
} as unknown as Will;

function mockApi() {
  const calls: { method: string; url: string; body: any }[] = [];
  globalThis.fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const u = String(url);
    calls.push({ method: init?.method ?? 'GET', url: u, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (u.includes('/heir')) return jsonResponse({ heirs: { data: heirs } });
    if (u.includes('/bequest')) return jsonResponse({ bequests: { data: bequests } });
    if (u.includes('/user-detail')) return jsonResponse({ user_detail: detail });
    return jsonResponse({ wasiat: will });
  }) as typeof fetch;
  return calls;
}

describe('estate model (part e)', () => {
  it('maps the heirs, checks the third and divides what remains', () => {
    const m = estateModel({
      sen: parseTexts({ estimated_estate_sen: '', funeral_sen: '1000', debts_sen: '', harta_sepencarian_sen: '' }).sen,
      propertySen: 30_100_000,
      heirs,
      bequests: [{ id: 'b', beneficiary_name: 'M', portion: '1/3' }],
      detail,
      consent: false,
    });
    expect(m.check.overThird).toBe(false);
    expect(m.estate.net).toMatchObject({ afterClaims: 30_000_000, wasiat: 10_000_000, net: 20_000_000 });
    expect(m.heirs.counts).toEqual({ wife: 1, son: 1, daughter: 1 });
    expect(m.heirs.skipped.map((s) => s.reason)).toEqual(['gender_unknown', 'not_mapped']);
    const rows = Object.fromEntries(m.view?.rows.map((r) => [r.key, r.amount]) ?? []);
    // wife 1/8; the rest 2:1 between the son and the daughter
    expect(rows).toEqual({ wife: 2_500_000, son: 11_666_667, daughter: 5_833_333 });
    expect(
      parseTexts({ estimated_estate_sen: 'abc', funeral_sen: '', debts_sen: '', harta_sepencarian_sen: '' }).errors,
    ).toEqual({ estimated_estate_sen: true });
  });
});

describe('EstateTab', () => {
  const realFetch = globalThis.fetch;
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('shows the bequests over one third, the fee and the faraid preview live, and saves the consent', async () => {
    const calls = mockApi();
    const onSaved = vi.fn(async () => null);
    renderPage(<EstateTab will={will} wasiatId="w1" editable onSaved={onSaved} />);
    expect(await screen.findByTestId('estate-needs-consent')).toHaveTextContent(
      'Jumlah wasiat kepada bukan waris melebihi satu pertiga harta bersih.',
    );
    expect(screen.getByTestId('estate-third')).toHaveTextContent('45%');
    expect(screen.getByTestId('estate-fee')).toHaveTextContent('RM 20,000.00');
    const table = await within(screen.getByTestId('faraid-preview')).findByTestId('faraid-table');
    expect(within(table).getByRole('rowheader', { name: 'Isteri' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Anak perempuan' })).toBeInTheDocument();
    expect(within(screen.getByTestId('faraid-skipped')).getByText(/Anak Tanpa MyKad/)).toBeInTheDocument();

    const user = userEvent.setup();
    // an estimate above RM 1,000,000 moves the fee to the 20% band, live
    await user.type(screen.getByLabelText(/Anggaran harta kasar/), '1500000');
    expect(screen.getByTestId('estate-fee')).toHaveTextContent('RM 30,000.00');
    expect(screen.getByTestId('estate-fee')).toHaveTextContent('(20%)');

    await user.click(screen.getByLabelText(/Waris bersetuju/));
    expect(screen.queryByTestId('estate-needs-consent')).toBeNull();
    await user.type(screen.getByLabelText(/Catatan persetujuan/), 'Bertulis');
    await user.click(screen.getByRole('button', { name: 'Simpan harta pusaka' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const patch = calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/wasiat/w1'));
    expect(patch?.body).toMatchObject({
      _method: 'PATCH',
      estimated_estate_sen: 150_000_000,
      funeral_sen: null,
      heirs_consent: 1,
      heirs_consent_note: 'Bertulis',
    });
  });
});
