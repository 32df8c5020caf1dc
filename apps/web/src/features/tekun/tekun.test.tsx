/**
 * TEKUN screens (issue 10): the upload page shows the server's per-row result; the verification screen
 * verifies, and refuses a rejection without a reason before calling the API.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { KEYS } from '@/lib/storage.ts';
import { TekunReportPage } from './ReportPage.tsx';
import { UploadPage } from './UploadPages.tsx';
import { VerificationPage } from './VerificationPage.tsx';

const page1 = <T,>(data: T[]) => ({ data, current_page: 1, per_page: 15, total: data.length, last_page: 1 });
const cert = {
  id: 'c1',
  certificate_no: 'TK-0001',
  member_name: 'Aminah binti Ahmad',
  ic_number: '920815145678',
  issue_date: '2026-01-15',
  status: 'pending',
  rejected_reason: null,
  verified_at: null,
  wasiat_id: null,
  has_document: true,
  created_at: '2026-02-01T00:00:00Z',
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 't');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', name: 'Staf', roles: [{ name: 'Staff' }] }));
});
afterEach(() => vi.unstubAllGlobals());

describe('UploadPage', { timeout: 30_000 }, () => {
  it('sends the spreadsheet and PDFs and shows each row accepted or refused with its reason', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse(
        {
          upload: {
            id: 'u1',
            kind: 'bulk',
            file_name: 'sijil.xlsx',
            total_rows: 2,
            accepted_count: 1,
            refused_count: 1,
            created_at: '2026-02-01T00:00:00Z',
          },
          rows: [
            {
              id: 'r1',
              row_no: 2,
              member_name: 'Aminah',
              ic_number: '920815145678',
              certificate_no: 'TK-0001',
              issue_date: '2026-01-15',
              status: 'accepted',
              reason: null,
              reasons: [],
              certificate_id: 'c1',
            },
            {
              id: 'r2',
              row_no: 3,
              member_name: 'Ali',
              ic_number: '123',
              certificate_no: 'TK-0002',
              issue_date: '2026-01-15',
              status: 'refused',
              reason: 'No. MyKad mesti 12 digit tanpa sengkang.',
              reasons: [{ field: 'ic_number', message: 'No. MyKad mesti 12 digit tanpa sengkang.' }],
              certificate_id: null,
            },
          ],
        },
        201,
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { container } = renderPage(<UploadPage />, { path: '/tekun/upload' });
    await user.click(screen.getByRole('button', { name: 'Muat naik' }));
    expect(await screen.findByText('Sila lampirkan hamparan (XLSX atau CSV).')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    const files = container.querySelectorAll('input[type=file]');
    await user.upload(files[0] as HTMLInputElement, new File(['x'], 'sijil.xlsx'));
    await user.upload(files[1] as HTMLInputElement, [
      new File(['%PDF-'], 'TK-0001.pdf'),
      new File(['%PDF-'], 'TK-0002.pdf'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Muat naik' }));
    const table = await screen.findByTestId('upload-rows');
    expect(within(table).getByText('Diterima')).toBeInTheDocument();
    expect(within(table).getByText('No. MyKad mesti 12 digit tanpa sengkang.')).toBeInTheDocument();
    expect(screen.getByText('2 baris: 1 diterima, 1 ditolak.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/tekun/upload');
    const body = init?.body as FormData;
    expect((body.get('document') as File).name).toBe('sijil.xlsx');
    expect(body.getAll('certificates[]')).toHaveLength(2);
  });
});

describe('VerificationPage', { timeout: 30_000 }, () => {
  it('verifies a certificate, and asks for a reason before rejecting', async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          const body = JSON.parse(String(init.body));
          calls.push({ url, body });
          return jsonResponse({ certificate: { ...cert, status: body.status } });
        }
        return jsonResponse({ certificates: page1([cert]) });
      }),
    );
    const user = userEvent.setup();
    renderPage(<VerificationPage />, { path: '/tekun/certificate/verification' });
    const row = (await screen.findByText('TK-0001')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Tolak' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Tolak' }));
    expect(await within(dialog).findByText('Sila nyatakan sebab penolakan.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Sebab penolakan/ }), 'Nama tidak sepadan');
    await user.click(within(dialog).getByRole('button', { name: 'Tolak' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: '/api/tekun/certificate/c1',
      body: { status: 'rejected', rejected_reason: 'Nama tidak sepadan', _method: 'PATCH' },
    });
    // "Sahkan" asks first, naming the member; nothing is sent until the dialog's "Sahkan"
    await user.click(within(row).getByRole('button', { name: 'Sahkan' }));
    const ask = await screen.findByRole('dialog', { name: 'Sahkan sijil TK-0001?' });
    expect(calls).toHaveLength(1);
    await user.click(within(ask).getByRole('button', { name: 'Sahkan' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].body).toEqual({ status: 'verified', _method: 'PATCH' });
  });
});

describe('TekunReportPage', { timeout: 30_000 }, () => {
  it("names each month in the screen's language, as the exports do, never the 'YYYY-MM' key (issue 38)", async () => {
    const counts = { rows: 0, accepted: 0, refused: 0, verified: 0, rejected: 0, wills: 0, amount_sen: 0 };
    const months = ['2026-08', '2026-12'].map((month) => ({ month, ...counts }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ report: { year: 2026, months, totals: counts } })),
    );
    renderPage(<TekunReportPage />, { path: '/tekun/report/monthly' });
    const table = await screen.findByTestId('tekun-report');
    expect(table.querySelector('tr[data-month="2026-12"]')).toHaveTextContent('Dis 2026');
    expect(table.querySelector('tr[data-month="2026-08"]')).toHaveTextContent('Ogo 2026');
    expect(table).not.toHaveTextContent('2026-12');
    await i18n.changeLanguage('en');
    await waitFor(() => expect(table.querySelector('tr[data-month="2026-12"]')).toHaveTextContent('Dec 2026'));
    await i18n.changeLanguage('ms');
  });
});
