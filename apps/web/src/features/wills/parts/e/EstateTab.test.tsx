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
// RM 1,000,000 of property; a quarter of a RM 400,000 land is given to a non-heir (RM 100,000), by the server's
// figures (ADR 0257).
const will = {
  id: 'w1',
  status: 0,
  parts_done: [],
  unlocked: [],
  estate: {
    property_sen: 100_000_000,
    one_third: {
      net_sen: 100_000_000,
      third_sen: 33_333_333,
      bequests_share: '9/20',
      bequests_sen: 45_000_000,
      property_sen: 10_000_000,
      property_sen_exact: '10000000',
      total_sen: 55_000_000,
      missing_values: [],
      over: true,
    },
  },
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
    });
    expect(m.third).toMatchObject({ over: false, totalSen: 10_000_000, thirdSen: 10_000_000 });
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

  it("counts the shares of property given to non-heirs (the server's exact figure) with the general bequests", () => {
    const input = {
      sen: parseTexts({ estimated_estate_sen: '300000', funeral_sen: '', debts_sen: '', harta_sepencarian_sen: '' })
        .sen,
      propertySen: 30_000_000,
      heirs,
      bequests: [{ id: 'b', beneficiary_name: 'Masjid', portion: '10%' }],
      detail,
    };
    const oneThird = { bequests_share: '1/10', property_sen_exact: '20000000/3', missing_values: [] } as never;
    // RM 30,000 (10%) + RM 66,666.67 of a land = RM 96,666.67 ≤ RM 100,000.00
    const within = estateModel({ ...input, oneThird });
    expect(within.third).toMatchObject({ bequestsSen: 3_000_000, propertySen: 6_666_666, over: false });
    expect(within.third.totalSen).toBe(9_666_667);
    // RM 15,000 of debts: 10% of RM 285,000 + RM 66,666.67 = RM 95,166.67, beyond a third of RM 95,000.00
    const debts = estateModel({ ...input, oneThird, sen: { ...input.sen, debts_sen: 1_500_000 } });
    expect(debts.third).toMatchObject({ thirdSen: 9_500_000, totalSen: 9_516_667, over: true });
  });
});

describe('EstateTab', () => {
  const realFetch = globalThis.fetch;
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('shows everything given to non-heirs against one third with the figure, the fee and the faraid preview live; no consent box', async () => {
    const calls = mockApi();
    const onSaved = vi.fn(async () => null);
    renderPage(<EstateTab will={will} wasiatId="w1" editable onSaved={onSaved} />);
    // 45% of RM 1,000,000 in general bequests + RM 100,000 of property: RM 550,000 > RM 333,333.33
    expect(await screen.findByTestId('estate-over-third')).toHaveTextContent(
      'Wasiat kepada bukan waris berjumlah RM 550,000.00, melebihi satu pertiga harta bersih (RM 333,333.33 daripada RM 1,000,000.00;',
    );
    expect(screen.getByTestId('estate-third')).toHaveTextContent('45%');
    expect(screen.getByTestId('estate-third-figure')).toHaveTextContent(
      'wasiat am RM 450,000.00; bahagian harta RM 100,000.00',
    );
    expect(screen.getByTestId('estate-fee')).toHaveTextContent('RM 20,000.00');
    expect(screen.queryByLabelText(/Waris bersetuju/)).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    const table = await within(screen.getByTestId('faraid-preview')).findByTestId('faraid-table');
    expect(within(table).getByRole('rowheader', { name: 'Isteri' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Anak perempuan' })).toBeInTheDocument();
    expect(within(screen.getByTestId('faraid-skipped')).getByText(/Anak Tanpa MyKad/)).toBeInTheDocument();
    // the will is read again when the tab opens (shares saved on the other tabs)
    expect(onSaved).toHaveBeenCalled();

    const user = userEvent.setup();
    // an estimate above RM 1,000,000 moves the fee to the 20% band, live; RM 1,500,000: 45% = RM 675,000 + RM 100,000
    await user.type(screen.getByLabelText(/Anggaran harta kasar/), '1500000');
    expect(screen.getByTestId('estate-fee')).toHaveTextContent('RM 30,000.00');
    expect(screen.getByTestId('estate-fee')).toHaveTextContent('(20%)');
    expect(screen.getByTestId('estate-over-third')).toHaveTextContent('RM 775,000.00');

    await user.click(screen.getByRole('button', { name: 'Simpan harta pusaka' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/wasiat/w1'))).toBe(true));
    const patch = calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/wasiat/w1'));
    expect(patch?.body).toEqual({
      _method: 'PATCH',
      estimated_estate_sen: 150_000_000,
      funeral_sen: null,
      debts_sen: null,
      harta_sepencarian_sen: null,
    });
  });
});
