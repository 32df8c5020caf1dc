/**
 * /kematian/:id/fail (issue 40 item 4; ADR 0274): the distribution shown in RM per heir with the bequests that took
 * effect, await consent or were refused; the claims and the executor fee; an heir marked as died and the server's
 * 422 shown under its field; the claims sent in sen; a complete hibah outside the estate; English; a 404 as a message.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { KEYS } from '@/lib/storage.ts';
import { type EstateFile, EstateFilePage } from './EstateFilePage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const file = (over: Partial<EstateFile> = {}): EstateFile => ({
  death_report_id: 'd1',
  deceased: { name: 'Ahmad bin Ali', ic_number: '500101145511', date_of_death: '2026-12-01', certificate_no: 'BD 1' },
  will: { id: 'w1', wasiat_no: 'W2026-000001' },
  heirs: [
    {
      id: 'h1',
      name: 'Aminah',
      relationship: 'wife',
      origin: 'will',
      status: 'living',
      can_consent: true,
      change_id: null,
      event_date: null,
    },
    {
      id: 'h2',
      name: 'Ali',
      relationship: 'son',
      origin: 'will',
      status: 'living',
      can_consent: true,
      change_id: null,
      event_date: null,
    },
  ],
  property: [{ id: 'p1', label: 'Akaun bank — Bank Rakyat', value_sen: 32_000_000, from_asset_map: true }],
  asset_map: [{ id: 'a1', label: 'Penamaan KWSP — KWSP', value_sen: 10_000_000, counted: 'outside' }],
  claims: { funeral_sen: 0, other_debts_sen: 0, asset_map_debts_sen: 1_000_000, zakat_sen: 200_000 },
  distribution: {
    gross_sen: 32_000_000,
    deductions: [
      { code: 'funeral', asked_sen: 0, paid_sen: 0, source: 'Mughni al-Muhtaj' },
      { code: 'zakat', asked_sen: 200_000, paid_sen: 200_000, source: 'Mughni al-Muhtaj' },
      { code: 'debts', asked_sen: 1_000_000, paid_sen: 1_000_000, source: 'Selangor 1999 s.26(3)' },
    ],
    unpaid_sen: 0,
    after_claims_sen: 30_800_000,
    third_sen: 10_266_666,
    faraid_base_sen: 30_800_000,
    wajibah: null,
    baitulmal_sen: 0,
    computable: true,
    executor_fee: { fee_sen: 640_000, provider_percent: 100, provider_bears_sen: 640_000, estate_pays_sen: 0 },
    bequests: [
      {
        ref: 'bequest:b1',
        label: 'Wasiat am — Wakaf',
        name: 'Ali',
        heir_id: 'h2',
        asked_sen: 3_080_000,
        effective_sen: 2_695_000,
        awaiting_sen: 385_000,
        refused_sen: 0,
        reason: 'to_heir',
        source: 'Selangor 1999 s.26(2)',
      },
    ],
    heirs: [
      {
        heir_id: 'h1',
        name: 'Aminah',
        fraction: '1/8',
        faraid_sen: 3_850_000,
        borne_sen: 0,
        awaiting_sen: 385_000,
        bequests_sen: 0,
        total_sen: 3_850_000,
        source: 'al-Nisa',
      },
      {
        heir_id: 'h2',
        name: 'Ali',
        fraction: '7/8',
        faraid_sen: 26_950_000,
        borne_sen: 2_695_000,
        awaiting_sen: 0,
        bequests_sen: 2_695_000,
        total_sen: 26_950_000,
        source: 'al-Nisa',
      },
    ],
  },
  hibahs: [
    {
      id: 'x1',
      hibah_number: 'H2026-000777',
      product: 'Hibah Amanah Tunai',
      value_sen: 5_000_000,
      complete: true,
      missing: [],
    },
  ],
  ...over,
});

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
function login() {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', name: 'Staf', roles: [{ name: 'Staff' }] }));
}
const render = () => renderPage(<EstateFilePage />, { path: '/kematian/:id/fail', url: '/kematian/d1/fail' });

describe('/kematian/:id/fail (issue 40 item 4)', () => {
  it('shows the distribution in RM, the claims, the fee, the hibahs; corrects an heir; sends the claims in sen', async () => {
    login();
    const calls = stub((u, init) => {
      if (u.endsWith('/estate-file/heirs')) {
        return jsonResponse({ message: 'Tarikh tidak sah', errors: { event_date: ['Masukkan tarikh yang sah'] } }, 422);
      }
      if (u.endsWith('/estate-file/claims') && init?.method === 'PUT') {
        return jsonResponse({
          message: 'Disimpan',
          file: file({ claims: { ...file().claims, funeral_sen: 350_050 } }),
        });
      }
      return jsonResponse({ file: file() });
    });
    render();
    const ali = await screen.findByTestId('estate-heir-h2');
    expect(ali.textContent).toContain('7/8');
    expect(ali.textContent).toContain('RM 269,500.00');
    const bequest = screen.getByTestId('estate-bequest-0');
    expect(bequest.textContent).toContain('Kepada waris: perlu persetujuan');
    expect(bequest.textContent).toContain('RM 26,950.00');
    expect(bequest.textContent).toContain('RM 3,850.00');
    expect(screen.getByTestId('estate-heir-h1').textContent).toContain('RM 3,850.00 menunggu persetujuan waris ini');
    expect(screen.getByText('Zakat terhutang')).toBeTruthy();
    expect(screen.getByTestId('estate-executor-fee').textContent).toContain('100%');
    expect(screen.getByTestId('estate-hibahs').textContent).toContain('lengkap: di luar harta pusaka');
    expect(screen.getByTestId('estate-property').textContent).toContain('di luar harta pusaka (penamaan)');

    fireEvent.change(screen.getByLabelText('Tarikh meninggal dunia'), { target: { value: '2999-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan pembetulan' }));
    expect(await screen.findByText('Masukkan tarikh yang sah')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/estate-file/heirs'))?.body).toMatchObject({
      kind: 'died',
      event_date: '2999-01-01',
    });

    fireEvent.change(screen.getByLabelText('Kos pengebumian (RM)'), { target: { value: '3,500.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan tuntutan' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ funeral_sen: 350_050, other_debts_sen: 0 });
  });

  it('reads in English', async () => {
    login();
    stub(() => jsonResponse({ file: file() }));
    render();
    expect(await screen.findByText('lengkap: di luar harta pusaka', { exact: false })).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('complete: outside the estate', { exact: false })).toBeTruthy();
    expect(screen.getByText('Zakat owed')).toBeTruthy();
    await act(() => i18n.changeLanguage('ms'));
  });

  it('shows the wasiat wajibah as its own line, the grandchild named, the law cited (ms and en)', async () => {
    login();
    const base = file();
    const wajibah = {
      state: 'Selangor',
      provision: { state: 'Selangor', section: '27' },
      source: 'Enakmen Wasiat Orang Islam (Selangor) 1999 s.27 (as read: ADR 0270)',
      cap_sen: 10_266_666,
      capped: false,
      total_sen: 6_500_000,
      lines: [
        {
          name: 'Hamid',
          status: 'entitled' as const,
          share: '13/48',
          due_sen: 6_500_000,
          grandchildren: [{ name: 'Harith', entitled_sen: 6_500_000, given_sen: 0, due_sen: 6_500_000 }],
        },
      ],
    };
    stub(() => jsonResponse({ file: file({ distribution: { ...base.distribution, wajibah } }) }));
    render();
    const line = await screen.findByTestId('estate-wajibah-0-0');
    expect(line.textContent).toContain('Harith');
    expect(line.textContent).toContain('anak kepada Hamid (bahagian 13/48)');
    expect(line.textContent).toContain('RM 65,000.00');
    const section = screen.getByTestId('estate-wajibah');
    expect(section.textContent).toContain('Selangor) 1999 s.27');
    expect(section.textContent).toContain('sebelum faraid');
    await act(() => i18n.changeLanguage('en'));
    expect((await screen.findByTestId('estate-wajibah')).textContent).toContain('before faraid');
    expect(screen.getByTestId('estate-wajibah-0-0').textContent).toContain('child of Hamid');
    await act(() => i18n.changeLanguage('ms'));
  });

  it('shows no wasiat wajibah section when the will records no predeceased child', async () => {
    login();
    stub(() => jsonResponse({ file: file() }));
    render();
    await screen.findByTestId('estate-heir-h2');
    expect(screen.queryByTestId('estate-wajibah')).toBeNull();
  });

  it('shows the server 404 as a message', async () => {
    login();
    stub(() => jsonResponse({ message: 'Tidak dijumpai.' }, 404));
    render();
    expect(await screen.findByText('Tidak dijumpai.')).toBeTruthy();
  });
});
