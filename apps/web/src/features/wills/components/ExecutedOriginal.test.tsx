/**
 * The executed original on a will's details page (issue 41 item 1; ADR 0266): the statement of what the screen
 * signature is, the hash the signed paper must carry, the upload (scan, custody, place) and the staff check, whose
 * 422 on `printed_sha256` shows at the field; the badge says held or not held.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignatureLawNotice } from '@/components/SignatureLaw.tsx';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { ExecutedOriginalBadge, ExecutedOriginalPanel, type ExecutedOriginalView } from './ExecutedOriginal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const HASH = 'ab'.repeat(32);
const view = (over: Partial<ExecutedOriginalView> = {}): ExecutedOriginalView => ({
  held: false,
  executed_original_at: null,
  custody: null,
  custody_place: null,
  version_no: 1,
  expected_sha256: HASH,
  scans: [],
  can_upload: true,
  can_verify: false,
  ...over,
});
const pendingScan = {
  id: 's1',
  version_no: 1,
  status: 'pending' as const,
  custody: 'provider' as const,
  custody_place: 'Peti besi KL',
  scan: { id: 'a1', url: '/api/attachment/a1/file' },
  uploaded_by: 'u2',
  uploaded_at: '2026-12-07T01:00:00Z',
  printed_sha256: null,
  reviewed_at: null,
  refusal_reason: null,
};

/** `fetch` answering GETs with `get()` and recording POSTs (answered by `post`). */
function stubApi(get: () => unknown, post: (url: string, body: any) => Response) {
  const posts: { url: string; body: any }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posts.push({ url: String(url), body });
        return post(String(url), body);
      }
      return jsonResponse({ executed_original: get() });
    }),
  );
  return posts;
}

const signIn = () => {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', name: 'Pengguna', roles: [{ name: 'Staff' }] }));
};

describe('SignatureLawNotice', () => {
  it('says in Malay what the screen signature does not do, citing both Acts, and links the help page', async () => {
    renderPage(<SignatureLawNotice />);
    const notice = await screen.findByTestId('signature-law');
    expect(notice).toHaveTextContent('Akta Perdagangan Elektronik 2006 (Akta 658)');
    expect(notice).toHaveTextContent('Akta Tandatangan Digital 1997 (Akta 562) s. 62');
    expect(notice).toHaveTextContent('dua orang saksi');
    expect(screen.getByRole('link', { name: /Lanjut tentang tandatangan/ })).toHaveAttribute(
      'href',
      '/bantuan/tandatangan-wasiat',
    );
  });
});

describe('ExecutedOriginalBadge', () => {
  it('says held or not held in words', async () => {
    renderPage(
      <>
        <ExecutedOriginalBadge at="2026-12-07T02:00:00Z" />
        <ExecutedOriginalBadge at={null} />
      </>,
    );
    const badges = await screen.findAllByTestId('executed-original-badge');
    expect(badges[0]).toHaveTextContent('Asal yang dilaksanakan disimpan');
    expect(badges[1]).toHaveTextContent('Asal yang dilaksanakan belum disimpan');
  });
});

describe('ExecutedOriginalPanel', () => {
  it('shows the expected hash and uploads the scan with its custody and place', async () => {
    signIn();
    const posts = stubApi(
      () => view(),
      () => jsonResponse({ message: 'ok', executed_original: view({ scans: [pendingScan], can_upload: false }) }, 201),
    );
    renderPage(<ExecutedOriginalPanel willId="w1" />);
    expect(await screen.findByTestId('expected-sha256')).toHaveTextContent(HASH);
    fireEvent.click(screen.getByRole('button', { name: 'Muat naik' }));
    expect(await screen.findByText('Pilih fail imbasan.')).toBeTruthy();
    expect(posts).toHaveLength(0);
    const input = screen.getByTestId('executed-original-file') as HTMLButtonElement;
    const fileInput =
      input.parentElement?.querySelector('input[type="file"]') ?? document.querySelector('input[type="file"]');
    fireEvent.change(fileInput as HTMLInputElement, {
      target: { files: [new File(['%PDF-1.7'], 'asal.pdf', { type: 'application/pdf' })] },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Tempat disimpan/ }), {
      target: { value: 'Peti besi KL' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Muat naik' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].url).toContain('/api/wasiat/w1/executed-original');
    expect(posts[0].body).toMatchObject({
      custody: 'provider',
      custody_place: 'Peti besi KL',
      scan_filename: 'asal.pdf',
    });
    expect(posts[0].body.scan).toMatch(/^data:application\/pdf;base64,/);
  });

  it('staff type the hash off the scan; a mismatch shows at the field', async () => {
    signIn();
    const posts = stubApi(
      () => view({ scans: [pendingScan], can_upload: false, can_verify: true }),
      () =>
        jsonResponse(
          {
            message: 'Data tidak sah',
            errors: { printed_sha256: ['Cincangan yang dibaca daripada imbasan bukan cincangan dokumen termeterai'] },
          },
          422,
        ),
    );
    renderPage(<ExecutedOriginalPanel willId="w1" />);
    const field = await screen.findByRole('textbox', { name: /Cincangan yang dicetak/ });
    fireEvent.change(field, { target: { value: 'cd'.repeat(32) } });
    fireEvent.click(screen.getByRole('button', { name: /Sepadan/ }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].url).toContain('/api/executed-original/s1/verify');
    expect(posts[0].body).toEqual({ printed_sha256: 'cd'.repeat(32) });
    expect(await screen.findByText(/bukan cincangan dokumen termeterai/)).toBeTruthy();
  });

  it("a will declaring harta sepencarian: staff say whether the spouse's acknowledgement is signed (ADR 0290)", async () => {
    signIn();
    const posts = stubApi(
      () => view({ scans: [pendingScan], can_upload: false, can_verify: true, sepencarian_declared: true }),
      () => jsonResponse({ message: 'ok', executed_original: view({ held: true }) }),
    );
    renderPage(<ExecutedOriginalPanel willId="w1" />);
    fireEvent.change(await screen.findByRole('textbox', { name: /Cincangan yang dicetak/ }), {
      target: { value: HASH },
    });
    expect(screen.getByText('Pengakuan pasangan pada halaman akuan harta sepencarian')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Tidak ditandatangani' }));
    fireEvent.click(screen.getByRole('button', { name: /Sepadan/ }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toEqual({ printed_sha256: HASH, sepencarian_acknowledged: false });
  });

  it("when held with a declaration: says whether the spouse's acknowledgement is signed", async () => {
    signIn();
    stubApi(
      () =>
        view({
          held: true,
          executed_original_at: '2026-12-07T02:00:00Z',
          custody: 'provider',
          custody_place: 'Peti besi KL',
          can_upload: false,
          sepencarian_declared: true,
          sepencarian_acknowledged: true,
          scans: [{ ...pendingScan, status: 'verified', printed_sha256: HASH, sepencarian_acknowledged: true }],
        }),
      () => jsonResponse({}),
    );
    renderPage(<ExecutedOriginalPanel willId="w1" />);
    expect(await screen.findByTestId('executed-original-sepencarian')).toHaveTextContent(
      'pengakuan pasangan telah ditandatangani',
    );
  });

  it('when held: says since when, who keeps it and where, and offers no upload', async () => {
    signIn();
    stubApi(
      () =>
        view({
          held: true,
          executed_original_at: '2026-12-07T02:00:00Z',
          custody: 'testator',
          custody_place: 'Rumah pewasiat',
          can_upload: false,
          scans: [{ ...pendingScan, status: 'verified', printed_sha256: HASH }],
        }),
      () => jsonResponse({}),
    );
    renderPage(<ExecutedOriginalPanel willId="w1" />);
    const held = await screen.findByTestId('executed-original-held');
    expect(held).toHaveTextContent('Disimpan oleh pewasiat');
    expect(held).toHaveTextContent('Rumah pewasiat');
    expect(screen.queryByTestId('executed-original-upload')).toBeNull();
    expect(screen.queryByTestId('signature-law')).toBeNull();
    expect(screen.queryByTestId('executed-original-sepencarian')).toBeNull();
  });
});
