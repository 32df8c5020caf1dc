import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { DeathReportsPage } from './DeathReportsPage.tsx';
import { ReportDeathPage } from './ReportDeathPage.tsx';
import { WillInquiryPage } from './WillInquiryPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const signIn = (role: string) => {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', name: 'Pengguna', roles: [{ name: role }] }));
};

/** `fetch` answering GETs with `list` and recording POSTs (answered by `post`). */
function stubApi(list: unknown, post: (url: string, body: any) => Response) {
  const posts: { url: string; body: any }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posts.push({ url: String(url), body });
        return post(String(url), body);
      }
      return jsonResponse(list);
    }),
  );
  return posts;
}

const report = {
  id: 'd1',
  status: 'pending',
  deceased_ic_number: '800101145011',
  date_of_death: '2026-12-01',
  certificate_no: 'BD 123456',
  created_at: '2026-12-02T02:00:00Z',
  decided_at: null,
  relationship: 'heir',
  refusal_reason: null,
};

describe('/kematian/lapor (issue 40 item 1)', () => {
  it('checks the fields first, sends the report with the scan, and shows an eKYC refusal with its link', async () => {
    signIn('Client');
    const posts = stubApi({ death_reports: { data: [], total: 0 } }, () =>
      jsonResponse(
        {
          message: 'Sahkan identiti anda (eKYC) di halaman eKYC sebelum melaporkan kematian.',
          errors: { ekyc: ['Sahkan identiti anda (eKYC) di halaman eKYC sebelum melaporkan kematian.'] },
        },
        422,
      ),
    );
    const { container } = renderPage(<ReportDeathPage />);
    expect(await screen.findByText('Anda belum melaporkan sebarang kematian.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hantar laporan' }));
    expect(await screen.findByText('Pilih gambar atau imbasan sijil.')).toBeTruthy();
    expect(posts).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Nombor MyKad si mati/), { target: { value: '800101145011' } });
    fireEvent.change(screen.getByLabelText(/Tarikh kematian/), { target: { value: '2999-01-01' } });
    fireEvent.change(screen.getByLabelText(/Nombor sijil kematian/), { target: { value: 'BD 123456' } });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'sijil.png', { type: 'image/png' });
    fireEvent.change(container.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
    fireEvent.click(screen.getByRole('combobox', { name: /Hubungan anda dengan si mati/ }));
    const heir = await screen.findByRole('option', { name: 'Waris', hidden: true });
    // Staff is not offered to a client (the list is open: its other entries are there).
    expect(screen.getByRole('option', { name: 'Penerima', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Kakitangan', hidden: true })).toBeNull();
    fireEvent.click(heir);
    fireEvent.click(screen.getByRole('button', { name: 'Hantar laporan' }));
    expect(await screen.findByText('Tarikh kematian tidak boleh selepas hari ini.')).toBeTruthy();
    expect(posts).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Tarikh kematian/), { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hantar laporan' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].url).toBe('/api/death-report');
    expect(posts[0].body).toMatchObject({
      deceased_ic_number: '800101145011',
      date_of_death: '2026-12-01',
      certificate_no: 'BD 123456',
      relationship: 'heir',
      certificate_filename: 'sijil.png',
    });
    expect(posts[0].body.certificate).toMatch(/^data:image\/png;base64,/);
    const alert = await screen.findByTestId('death-ekyc');
    expect(alert.textContent).toContain('Sahkan identiti anda (eKYC)');
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('/ekyc');
  });
});

describe('/kematian/senarai (issue 40 item 1)', () => {
  it('staff verify, and refuse only with a reason; the server message is shown', async () => {
    signIn('Staff');
    const rows = {
      death_reports: {
        data: [{ ...report, reporter_name: 'Ali', verifications_needed: 2, first_verified_by: null, records: [] }],
        total: 1,
      },
    };
    const posts = stubApi(rows, (url) =>
      url.endsWith('/verify')
        ? jsonResponse({ message: 'Pengesahan pertama direkodkan.', death_report: report })
        : jsonResponse({ message: 'Laporan telah ditolak.', death_report: report }),
    );
    renderPage(<DeathReportsPage />);
    expect(await screen.findByText(/Ali \(Waris\)/)).toBeTruthy();
    expect(screen.getByText('0 daripada 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sahkan' }));
    await waitFor(() => expect(posts).toEqual([{ url: '/api/death-report/d1/verify', body: {} }]));
    fireEvent.click(screen.getByRole('button', { name: 'Tolak' }));
    const form = await screen.findByTestId('death-refuse-form');
    fireEvent.click(form.querySelector('button') as HTMLButtonElement);
    expect(await screen.findByText('Nyatakan sebab penolakan (sekurang-kurangnya 3 aksara).')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Sebab penolakan/), { target: { value: 'Sijil tidak jelas' } });
    fireEvent.click(form.querySelector('button') as HTMLButtonElement);
    await waitFor(() =>
      expect(posts[1]).toEqual({ url: '/api/death-report/d1/refuse', body: { reason: 'Sijil tidak jelas' } }),
    );
  });

  it('a partner sees the verified deaths of their clients, without actions', async () => {
    signIn('Partner');
    stubApi(
      {
        death_reports: {
          data: [
            {
              ...report,
              status: 'verified',
              deceased_name: 'Aminah binti Ahmad',
              records: [{ type: 'Wasiat', id: 'w1', reference: 'W2026-000001', state: 'registered' }],
            },
          ],
          total: 1,
        },
      },
      () => jsonResponse({}),
    );
    renderPage(<DeathReportsPage />);
    expect(await screen.findByText(/Aminah binti Ahmad/)).toBeTruthy();
    expect(screen.getByText('Wasiat W2026-000001 (berdaftar, kini dikunci)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sahkan' })).toBeNull();
  });
});

describe('/kematian/semak-wasiat (issue 40 item 2)', () => {
  it('sends the inquiry and shows only that it was received', async () => {
    const posts = stubApi({}, () => jsonResponse({ message: 'Pertanyaan anda telah diterima.' }, 202));
    renderPage(<WillInquiryPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Hantar pertanyaan' }));
    expect(posts).toEqual([]);
    fireEvent.change(screen.getByLabelText(/Nombor MyKad si mati/), { target: { value: '800101145011' } });
    fireEvent.change(screen.getByLabelText(/Nombor sijil kematian/), { target: { value: 'BD 123456' } });
    fireEvent.change(screen.getByLabelText(/Alamat e-mel anda/), { target: { value: 'waris@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hantar pertanyaan' }));
    expect(await screen.findByText('Pertanyaan anda telah diterima.')).toBeTruthy();
    expect(posts).toEqual([
      {
        url: '/api/will-inquiry',
        body: { deceased_ic_number: '800101145011', certificate_no: 'BD 123456', email: 'waris@example.com' },
      },
    ]);
  });
});
