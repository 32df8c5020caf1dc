/**
 * /kematian/:id/pejabat (issue 40 item 7; ADR 0271): the route, office and reason in the page's language, the
 * values, the checklist ticked and a document uploaded (sent as a data URL), the two sheets downloaded as PDFs,
 * staff's values sent in sen, and a 404 shown as a message.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { KEYS } from '@/lib/storage.ts';
import type { Estate } from './EstateRoutePage.tsx';
import { EstateRoutePage } from './EstateRoutePage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const estate = (over: Partial<Estate> = {}): Estate => ({
  death_report_id: 'd1',
  deceased: {
    name: 'Aminah binti Ahmad',
    ic_number: '500101145566',
    date_of_death: '2026-12-01',
    certificate_no: 'BD 1',
  },
  will: { id: 'w1', wasiat_no: 'W2026-000001', type: 'islamic', executor: 'Amanah Demo' },
  values: { movable_sen: 45_000_000, immovable_sen: 0, will: 'islamic', executor_named: false, source: 'staff' },
  route: 'arb_summary',
  office: { ms: 'Amanah Raya Berhad — pentadbiran ringkas', en: 'Amanah Raya Berhad — summary administration' },
  reason: { ms: 'Harta alih sahaja … s.17(1).', en: 'Movable property only … (Act 532, s.17(1)).' },
  total_sen: 45_000_000,
  checklist: [
    {
      code: 'death_certificate',
      ms: 'Sijil kematian',
      en: 'Death certificate',
      source: 'ARB',
      done: false,
      attachment_id: null,
    },
    {
      code: 'mykad_deceased',
      ms: 'MyKad si mati',
      en: "Deceased's MyKad",
      source: 'ARB',
      done: false,
      attachment_id: null,
    },
  ],
  can_edit_values: true,
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

describe('/kematian/:id/pejabat (issue 40 item 7)', () => {
  it('shows the route and why, ticks, uploads, downloads the sheets and saves values in sen', async () => {
    login();
    const calls = stub((u, init) => {
      if (u.includes('-sheet')) return new Response('%PDF-1.7', { status: 200 });
      if (u.includes('/estate-checklist/upload')) {
        return jsonResponse({ message: 'ok', estate: estate() });
      }
      if (u.includes('/estate-checklist')) {
        const c = estate().checklist.map((x) => (x.code === 'death_certificate' ? { ...x, done: true } : x));
        return jsonResponse({ estate: estate({ checklist: c }) });
      }
      if (u.includes('/estate-values') && init?.method === 'PUT') {
        return jsonResponse({ message: 'Disimpan', estate: estate({ route: 'small_estate' }) });
      }
      return jsonResponse({ estate: estate() });
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    renderPage(<EstateRoutePage />, { path: '/kematian/:id/pejabat', url: '/kematian/d1/pejabat' });
    expect(await screen.findByText('Amanah Raya Berhad: pentadbiran ringkas')).toBeTruthy();
    expect(screen.getByText('Harta alih sahaja … s.17(1).')).toBeTruthy();
    expect(screen.getByText(/RM 450,000.00/)).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Sijil kematian' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/estate-checklist'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/estate-checklist'))?.body).toEqual({
      item: 'death_certificate',
      done: true,
    });
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: 'Sijil kematian' }) as HTMLInputElement).checked).toBe(true),
    );

    const input = document.querySelector(
      '[data-testid="estate-item-mykad_deceased"] input[type="file"]',
    ) as HTMLInputElement;
    const file = new File(['x'], 'mykad.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(calls.some((c) => c.url.includes('/estate-checklist/upload'))).toBe(true));
    const up = calls.find((c) => c.url.includes('/estate-checklist/upload'))?.body;
    expect(up.item).toBe('mykad_deceased');
    expect(up.file).toMatch(/^data:image\/png;base64,/);

    fireEvent.click(screen.getByRole('button', { name: 'Helaian data permohonan (PDF)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Helaian permohonan sijil faraid (PDF)' }));
    await waitFor(() => expect(calls.filter((c) => c.url.includes('-sheet')).length).toBe(2));
    expect(calls.some((c) => c.url.endsWith('/api/death-report/d1/estate-sheet'))).toBe(true);
    expect(calls.some((c) => c.url.endsWith('/api/death-report/d1/faraid-sheet'))).toBe(true);

    fireEvent.change(screen.getByLabelText('Harta alih (RM)'), { target: { value: '500,000.50' } });
    fireEvent.change(screen.getByLabelText('Harta tak alih: tanah, bangunan (RM)'), { target: { value: '2500000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan nilai' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      movable_sen: 50_000_050,
      immovable_sen: 250_000_000,
      executor_named: false,
    });
    expect(await screen.findByText('Harta pusaka kecil: Unit Pembahagian Pusaka (JKPTG)')).toBeTruthy();
  });

  it('shows the English reason, hides the values form from a partner, and shows a 404 as a message', async () => {
    login();
    stub(() => jsonResponse({ estate: estate({ can_edit_values: false }) }));
    renderPage(<EstateRoutePage />, { path: '/kematian/:id/pejabat', url: '/kematian/d1/pejabat' });
    expect(await screen.findByText('Harta alih sahaja … s.17(1).')).toBeTruthy();
    expect(screen.queryByTestId('estate-values-form')).toBeNull();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Movable property only … (Act 532, s.17(1)).')).toBeTruthy();
    expect(screen.getByText('Amanah Raya Berhad: summary administration')).toBeTruthy();
  });

  it('a report out of scope answers 404: the page says so', async () => {
    login();
    stub(() => jsonResponse({ message: 'Rekod tidak dijumpai.' }, 404));
    renderPage(<EstateRoutePage />, { path: '/kematian/:id/pejabat', url: '/kematian/d404/pejabat' });
    expect(await screen.findByText('Rekod tidak dijumpai.')).toBeTruthy();
  });
});
