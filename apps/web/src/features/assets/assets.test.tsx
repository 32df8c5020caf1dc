import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { AssetMapPage } from './AssetMapPage.tsx';
import { AssetPicker } from './AssetPicker.tsx';
import { detailFieldsOf } from './picker-details.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const signIn = (role: string) => {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', name: 'Pengguna', roles: [{ name: role }] }));
};

const entry = (over: Record<string, unknown>) => ({
  id: 'a1',
  user_id: 'u1',
  kind: 'bank_account',
  group: 'asset',
  outside_estate: false,
  description: 'Akaun simpanan',
  institution: 'Bank Muamalat',
  reference: '1234567890',
  value_sen: 1_500_000,
  value_estimated_on: '2026-01-15',
  nominee_name: null,
  nominee_relationship: null,
  documents: [],
  updated_at: '2026-12-01T00:00:00Z',
  ...over,
});

const MAP = {
  assets: [
    entry({}),
    entry({
      id: 'a2',
      kind: 'epf_nomination',
      group: 'nomination',
      outside_estate: true,
      description: 'Akaun KWSP',
      institution: 'KWSP',
      reference: null,
      value_sen: 20_000_000,
      nominee_name: 'Aminah binti Ahmad',
      nominee_relationship: 'Isteri',
    }),
    entry({ id: 'a3', kind: 'debt', group: 'liability', description: 'Pembiayaan rumah', value_sen: 12_000_000 }),
  ],
  totals: {
    gross_estate_sen: 1_500_000,
    liabilities_sen: 12_000_000,
    net_estate_sen: -10_500_000,
    nominated_sen: 20_000_000,
  },
  last_updated_at: '2026-12-01T00:00:00Z',
  next_review_on: '2027-12-01',
};

/** `fetch` answering GETs with the map and recording POSTs (answered by `post`). */
function stubApi(post: (url: string, body: any) => Response) {
  const posts: { url: string; body: any }[] = [];
  const gets: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posts.push({ url: String(url), body });
        return post(String(url), body);
      }
      gets.push(String(url));
      return jsonResponse(MAP);
    }),
  );
  return { posts, gets };
}

describe('/harta/peta (issue 40 item 6)', () => {
  it('shows the totals, each entry and the nominee of a nomination, in Malay', async () => {
    signIn('Client');
    stubApi(() => jsonResponse({}, 201));
    renderPage(<AssetMapPage />);
    expect(await screen.findByText('Peta harta dan penama')).toBeTruthy();
    expect((await screen.findByTestId('total-gross')).textContent).toContain('RM 15,000.00');
    expect(screen.getByTestId('total-debts').textContent).toContain('RM 120,000.00');
    expect(screen.getByTestId('total-nominated').textContent).toContain('Dinamakan (di luar harta pusaka)');
    expect(screen.getByTestId('total-nominated').textContent).toContain('RM 200,000.00');
    expect(screen.getAllByTestId('asset-entry')).toHaveLength(3);
    expect(screen.getByText('Penama: Aminah binti Ahmad (Isteri)')).toBeTruthy();
    expect(screen.getByText('Penamaan KWSP')).toBeTruthy();
  });

  it('asks for the nominee of a nomination before sending, then sends the value in sen', async () => {
    signIn('Client');
    const { posts } = stubApi(() => jsonResponse({ asset: entry({}) }, 201));
    renderPage(<AssetMapPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Tambah entri' }));
    fireEvent.click(screen.getByRole('combobox', { name: /Jenis/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Penamaan ASNB', hidden: true }));
    fireEvent.change(screen.getByLabelText(/Keterangan/), { target: { value: 'ASB' } });
    fireEvent.change(screen.getByLabelText(/Anggaran amaun/), { target: { value: '50,000.50' } });
    fireEvent.change(screen.getByLabelText(/Tarikh anggaran/), { target: { value: '2026-01-15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(
      (await screen.findAllByText('Nyatakan nama penama dan hubungannya dengan anda bagi sesuatu penamaan.')).length,
    ).toBe(2);
    expect(posts).toEqual([]);
    fireEvent.change(screen.getByLabelText(/Nama penama/), { target: { value: 'Aminah' } });
    fireEvent.change(screen.getByLabelText(/Hubungan penama/), { target: { value: 'Isteri' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].url).toBe('/api/asset');
    expect(posts[0].body).toEqual({
      kind: 'asnb_nomination',
      description: 'ASB',
      value_sen: 5_000_050,
      value_estimated_on: '2026-01-15',
      nominee_name: 'Aminah',
      nominee_relationship: 'Isteri',
    });
  });
});

describe('"from my asset map" in the will property part', () => {
  it('explains why a nomination cannot be added and adds a bank account to the will', async () => {
    signIn('Client');
    const { posts, gets } = stubApi(() => jsonResponse({ message: 'Entri telah ditambah kepada harta wasiat.' }, 201));
    const onAdded = vi.fn();
    renderPage(<AssetPicker kind="moveable" wasiatId="w1" userId="u1" onAdded={onAdded} />);
    fireEvent.click(screen.getByRole('button', { name: 'Daripada peta harta saya' }));
    expect((await screen.findAllByTestId('asset-pick-entry')).length).toBe(3);
    expect(gets.some((u) => u.includes('/api/asset?user_id=u1'))).toBe(true);
    expect(screen.getByText(/Penamaan tidak boleh dijadikan harta wasiat/)).toBeTruthy();
    expect(screen.getByText(/Hutang atau zakat terhutang bukan harta/)).toBeTruthy();
    // Only the bank account may be added.
    const buttons = screen.getAllByRole('button', { name: 'Tambah ke wasiat' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]);
    fireEvent.click(await screen.findByRole('button', { name: 'Tambah ke harta wasiat' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(posts).toEqual([{ url: '/api/asset/a1/will-property', body: { wasiat_id: 'w1', details: {} } }]);
  });

  it('asks a vehicle and a house for what the map does not hold', () => {
    expect(detailFieldsOf({ kind: 'vehicle', institution: null, reference: 'WXY 1' }).map((f) => f.name)).toEqual([
      'transport_type',
      'transport_manufacturer',
    ]);
    expect(detailFieldsOf({ kind: 'property', institution: null, reference: null }).map((f) => f.name)).toEqual([
      'category',
      'property_type',
      'property_no',
      'lot_number',
      'city',
      'district',
      'state',
    ]);
    expect(detailFieldsOf({ kind: 'bank_account', institution: null, reference: null }).map((f) => f.name)).toEqual([
      'institution_name',
      'account_number',
    ]);
    expect(detailFieldsOf({ kind: 'takaful_nomination', institution: 'X', reference: null })).toEqual([]);
  });
});
