import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import en from '@/locales/en/hibah-amendments.json';
import ms from '@/locales/ms/hibah-amendments.json';
import type { AmendmentContext } from '../components/AmendmentWizard.tsx';
import type { Amendment } from '../types.ts';
import type { HibahDraft } from './api.ts';
import { HibahReceiversPart, HibahSubmitPart, HibahSummaryPart } from './HibahAmendmentParts.tsx';
import { HibahVersionsPanel } from './HibahDocuments.tsx';
import { HibahDraftSummary } from './HibahDraftSummary.tsx';

const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix];

describe('hibah amendment locale files', () => {
  it('have the same keys in Malay and English, none empty', () => {
    expect(keys(en).sort()).toEqual(keys(ms).sort());
    for (const file of [ms, en]) {
      const leaves = keys(file).map((k) => k.split('.').reduce<any>((n, p) => n[p], file));
      expect(leaves.every((v) => typeof v === 'string' && v.trim().length > 0)).toBe(true);
    }
  });
});

const draft: HibahDraft = {
  user_detail: { name: 'Kamal bin Hassan', ic_number: '800101145555' },
  fields: { trust_purpose: 'Rumah keluarga' },
  heirs: [],
  receivers: [
    { id: 'r1', name: 'Nurul Huda', relationship: 'son', is_minor: false },
    { id: 'r2', name: 'Irfan', relationship: 'son', is_minor: true },
  ],
  moveables: [],
  immoveables: [
    {
      id: 'p1',
      property_type: 'geran',
      property_no: 'GRN 55123',
      lot_number: 'Lot 4410',
      city: 'Kajang',
      shares: [
        { receiver_id: 'r1', portion: '50%' },
        { receiver_id: 'r2', portion: '1/2' },
      ],
    },
  ],
  caretakers: [{ id: 'c1', name: 'Salmah', receiver_id: 'r2' }],
  witnesses: [{ id: 'w1', name: 'Hasnah' }],
};

describe('HibahDraftSummary', () => {
  it('shows the grantor, receivers (minors marked), who receives what share, caretakers and witnesses', async () => {
    renderPage(<HibahDraftSummary draft={draft} />);
    expect(await screen.findByText('Penghibah: Kamal bin Hassan (800101145555)')).toBeTruthy();
    expect(screen.getByTestId('hd-receivers').textContent).toContain('Irfan — Anak (bawah umur)');
    expect(screen.getByTestId('hd-immoveables').textContent).toContain(
      'GRN 55123 / Lot 4410, Kajang: Nurul Huda (50%), Irfan (1/2)',
    );
    expect(screen.getByTestId('hd-caretakers').textContent).toContain('Salmah → Irfan');
    expect(screen.getByTestId('hd-witnesses').textContent).toContain('Hasnah');
  });

  it('words a child as the will does, from their MyKad: Anak perempuan, Anak lelaki (issue 34)', async () => {
    renderPage(
      <HibahDraftSummary
        draft={{
          ...draft,
          heirs: [{ id: 'h1', name: 'Siti Hajar', relationship: 'son', ic_number: '100505145554' }],
          receivers: [
            { id: 'r1', name: 'Nurul Huda', relationship: 'son', ic_number: '100505145554', is_minor: false },
            // masked as the witness page shows it: the last digit still tells
            { id: 'r2', name: 'Irfan', relationship: 'son', ic_number: '150601****53', is_minor: true },
          ],
        }}
      />,
    );
    expect((await screen.findByTestId('hd-heirs')).textContent).toContain('Siti Hajar — Anak perempuan');
    expect(screen.getByTestId('hd-receivers').textContent).toContain('Nurul Huda — Anak perempuan');
    expect(screen.getByTestId('hd-receivers').textContent).toContain('Irfan — Anak lelaki (bawah umur)');
  });

  it("masks the grantor's MyKad on the witness page as the public pages do (issue 21 item 9)", async () => {
    renderPage(<HibahDraftSummary draft={draft} maskIc />);
    const grantor = await screen.findByText(/^Penghibah: Kamal bin Hassan/);
    expect(grantor.textContent).toBe('Penghibah: Kamal bin Hassan (800101****55)');
    expect(screen.getByTestId('hibah-draft-summary').textContent).not.toContain('800101145555');
  });
});

describe('hibah amendment identity, code and documents (ADRs 0097, 0098)', () => {
  const realFetch = globalThis.fetch;
  const realOpen = window.open;
  const realCreate = URL.createObjectURL;
  afterEach(() => {
    globalThis.fetch = realFetch;
    window.open = realOpen;
    URL.createObjectURL = realCreate;
    localStorage.clear();
  });
  const amendment = (over: Partial<Amendment> = {}): Amendment =>
    ({
      id: 'a1',
      user_id: 'me',
      reference_no: 'P2026-000123',
      count: 1,
      status: 0,
      amendmentable_type: 'Hibah',
      amendmentable_id: 'h1',
      amendmentable: { id: 'h1', hibah_number: 'H2026-000007', user: null },
      paid: 1,
      ekyc_verified_at: null,
      ekyc_method: null,
      face_verification_count: 0,
      witnesses: [],
      draft,
      ...over,
    }) as Amendment;
  const pdfResponse = () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
  /** Render a part inside an outlet that carries the amendment context, as the frame does. */
  const renderPart = (part: ReactNode, a: Amendment) => {
    const ctx: AmendmentContext = {
      wasiatId: a.amendmentable_id,
      amendment: a,
      draft: a.draft as never,
      editable: a.status === 0 && a.paid === 1,
      refresh: async () => {},
    };
    return renderPage(
      <Routes>
        <Route element={<Outlet context={ctx} />}>
          <Route path="*" element={part} />
        </Route>
      </Routes>,
      { path: '*', url: `/trust/pindaan/${a.id}` },
    );
  };

  it('submit: tells the grantor the eKYC is missing (link to MyKad & eKYC) and requests a code bound to the hibah', async () => {
    localStorage.setItem(KEYS.token, 'tok');
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Penghibah', roles: [{ name: 'Client' }] }));
    const fetchMock = vi.fn(async () =>
      jsonResponse({ otp: { channel: 'email', destination: 'k***@contoh.my', expires_at: '2026-01-01T00:05:00Z' } }),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderPart(<HibahSubmitPart />, amendment());
    const notice = await screen.findByTestId('hibah-amendment-ekyc-needed');
    expect(notice.textContent).toContain('eKYC pindaan ini belum lulus');
    expect(notice.querySelector('a')?.getAttribute('href')).toBe('/trust/pindaan/a1/ekyc');
    // E-mail or SMS, as for the hibah itself (issue 34; ADR 0234).
    fireEvent.click(screen.getByText('SMS'));
    fireEvent.click(screen.getByRole('button', { name: 'Minta kod OTP' }));
    const requests = () =>
      (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(([url]) => url === '/api/otp/request');
    await waitFor(() => expect(requests()).toHaveLength(1));
    expect(JSON.parse(String(requests()[0][1].body))).toEqual({
      purpose: 'hibah-amendment-submit',
      hibah_id: 'h1',
      channel: 'sms',
    });
  });

  it('submit: no notice once the eKYC passed; a succeeded amendment links its amended hibah', async () => {
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Penghibah', roles: [{ name: 'Client' }] }));
    renderPart(<HibahSubmitPart />, amendment({ ekyc_verified_at: '2026-01-01T00:00:00Z' }));
    expect(await screen.findByRole('button', { name: 'Minta kod OTP' })).toBeTruthy();
    expect(screen.queryByTestId('hibah-amendment-ekyc-needed')).toBeNull();
    cleanup();
    const pdf = vi.fn(async () => pdfResponse());
    globalThis.fetch = pdf as unknown as typeof fetch;
    const opened = vi.fn();
    window.open = opened as unknown as typeof window.open;
    URL.createObjectURL = vi.fn(() => 'blob:x');
    renderPart(<HibahSummaryPart />, amendment({ status: 2, version_no: 2, applied_at: '2026-01-01T00:00:00Z' }));
    fireEvent.click(await screen.findByTestId('amended-hibah-pdf'));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('blob:x', '_blank'));
    const [url, init] = pdf.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/amendment/a1/certificate/comprehensive');
    expect((init.headers as Record<string, string>).Accept).toBe('application/pdf');
  });

  it("receivers: picked from the grantor's will's heirs, filling the draft's receiver form (ADR 0176)", async () => {
    // jsdom has neither scrollIntoView (Mantine's combobox) nor a FontFaceSet (its autosizing textarea).
    Element.prototype.scrollIntoView ??= () => {};
    if (!document.fonts)
      Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
    localStorage.setItem(KEYS.token, 'tok');
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Penghibah', roles: [{ name: 'Client' }] }));
    const fetchMock = vi.fn(async (url: string) =>
      String(url).startsWith('/api/wasiat?')
        ? jsonResponse({ wasiats: { data: [{ id: 'w1' }] } })
        : String(url) === '/api/wasiat/w1/heir'
          ? jsonResponse({
              heirs: [{ id: 'x', name: 'Zaiton binti Musa', relationship: 'wife', ic_number: '820303145678' }],
            })
          : jsonResponse({ message: 'not found' }, 404),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const user = userEvent.setup();
    renderPart(<HibahReceiversPart />, amendment());
    await user.click(await screen.findByRole('button', { name: 'Tambah Penerima' }));
    const form = await screen.findByTestId('hibah-draft-receivers-form');
    await user.click(await within(form).findByTestId('heir-picker'));
    await user.click(await screen.findByRole('option', { name: 'Zaiton binti Musa (Isteri)', hidden: true }));
    await waitFor(() => expect(within(form).getByDisplayValue('820303145678')).toBeTruthy());
    expect(within(form).getByDisplayValue('Zaiton binti Musa')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/wasiat?user_id=me&limit=1');
  });

  it('receivers: a daughter reads "Anak perempuan", a son "Anak lelaki", from their MyKad (issue 34)', async () => {
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Penghibah', roles: [{ name: 'Client' }] }));
    globalThis.fetch = vi.fn(async () => jsonResponse({ wasiats: { data: [] } })) as unknown as typeof fetch;
    const receivers = [
      { id: 'r1', name: 'Nurul Huda', relationship: 'son', ic_number: '100505145554', is_minor: false },
      { id: 'r2', name: 'Irfan', relationship: 'son', ic_number: '100505145553', is_minor: false },
    ];
    renderPart(<HibahReceiversPart />, amendment({ draft: { ...draft, receivers } as never }));
    const table = await screen.findByTestId('hibah-draft-receivers');
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(row('Nurul Huda')).toHaveTextContent('Anak perempuan');
    expect(row('Irfan')).toHaveTextContent('Anak lelaki');
  });

  it('versions: the current certificate for everyone; earlier versions when the API lists them (staff)', async () => {
    const opened = vi.fn();
    window.open = opened as unknown as typeof window.open;
    URL.createObjectURL = vi.fn(() => 'blob:y');
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/versions')
        ? jsonResponse({
            current_version: 2,
            versions: [
              { version_no: 1, created_at: '2026-01-01T00:00:00Z', amendment_id: null, current: 0 },
              { version_no: 2, created_at: '2026-02-01T00:00:00Z', amendment_id: 'a1', current: 1 },
            ],
          })
        : pdfResponse(),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderPage(<HibahVersionsPanel hibahId="h1" />);
    expect((await screen.findByTestId('hibah-version-current')).textContent).toBe('Sijil versi semasa (versi 2, PDF)');
    fireEvent.click(screen.getByTestId('hibah-version-1'));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('blob:y', '_blank'));
    expect(fetchMock.mock.calls.map((c) => c[0])).toContain('/api/hibah/h1/certificate?version=1');
    cleanup();
    // The grantor: the API lists the current version only.
    globalThis.fetch = vi.fn(async () =>
      jsonResponse({
        current_version: 2,
        versions: [{ version_no: 2, created_at: '2026-02-01T00:00:00Z', amendment_id: 'a1', current: 1 }],
      }),
    ) as unknown as typeof fetch;
    renderPage(<HibahVersionsPanel hibahId="h1" />);
    expect(await screen.findByText('Versi terdahulu hanya ditunjukkan kepada kakitangan.')).toBeTruthy();
    expect(screen.queryByTestId('hibah-version-1')).toBeNull();
  });
});
