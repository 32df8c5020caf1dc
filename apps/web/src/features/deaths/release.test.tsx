import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { ReleasePage } from './ReleasePage.tsx';
import { ReleasesPanel } from './ReleasesPanel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const release = {
  id: 'r1',
  deceased_name: 'Aminah binti Ahmad',
  date_of_death: '2026-12-01',
  instrument_type: 'Wasiat',
  instrument_reference: 'W2026-000001',
  person_name: 'Hassan bin Omar',
  role: 'heir',
  roles: ['heir', 'beneficiary'],
  email: 'h***@contoh.my',
  id_kind: 'mykad',
};
const opened = {
  message: 'ok',
  access: { token: '4102444800.mac', expires_at: '2100-01-01T00:00:00Z' },
  documents: [{ file: 'will:w1', kind: 'will', title: 'Wasiat berdaftar (PDF bermeterai)' }],
  verification: { url: 'https://wasiat.example/public/wasiat/w1', qr: 'data:image/png;base64,AAAA' },
};

/** Choose the MyKad front and a selfie (the face check of a person with a MyKad; ADR 0295). */
async function giveFace() {
  const file = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });
  fireEvent.change(screen.getByTestId('mykad-file'), { target: { files: [file('mykad.jpg')] } });
  fireEvent.change(screen.getByTestId('selfie-file'), { target: { files: [file('selfie.jpg')] } });
  await screen.findByRole('img', { name: /swafoto|selfie/i });
}

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

describe('/kematian/dokumen/{id} (issue 40 item 3)', () => {
  const url = '/kematian/dokumen/r1?expires=4102444800&signature=sig';

  it('sends the code, shows a wrong MyKad at its field, then lists and downloads the documents with the link', async () => {
    let tries = 0;
    const calls = stub((u) => {
      if (u.includes('/identity')) {
        tries += 1;
        return tries === 1
          ? jsonResponse({ message: 'x', errors: { ic_number: ['Nombor pengenalan tidak sepadan.'] } }, 422)
          : jsonResponse(opened);
      }
      if (u.includes('/code')) return jsonResponse({ message: 'Kod 6 digit telah dihantar.' });
      if (u.includes('/document?')) return new Response('%PDF-1.7', { status: 200 });
      return jsonResponse({ release });
    });
    const created = vi.fn(() => 'blob:x');
    // jsdom has no object URLs: the page's download makes one of the PDF.
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    renderPage(<ReleasePage />, { path: '/kematian/dokumen/:id', url });
    expect(await screen.findByText(/Dokumen Allahyarham\/Allahyarhamah Aminah binti Ahmad/)).toBeTruthy();
    expect(
      screen.getByText(/Untuk Hassan bin Omar, dinamakan sebagai Waris, Penerima manfaat dalam Wasiat W2026-000001/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hantar kod ke h***@contoh.my' }));
    expect(await screen.findByText('Kod 6 digit telah dihantar.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(
      '/api/public/release/r1/code?expires=4102444800&signature=sig',
    );
    // Checked first: a code that is not 6 digits never leaves the page.
    fireEvent.change(screen.getByLabelText(/Kod 6 digit/), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText(/Nombor MyKad anda/), { target: { value: '880101145511' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sahkan dan buka dokumen' }));
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/identity'))).toHaveLength(0));
    fireEvent.change(screen.getByLabelText(/Kod 6 digit/), { target: { value: '123456' } });
    // Without the MyKad photo and the selfie nothing is sent either; each is named.
    fireEvent.click(screen.getByRole('button', { name: 'Sahkan dan buka dokumen' }));
    expect(await screen.findAllByText('Ruangan ini wajib diisi.')).toHaveLength(2);
    expect(calls.filter((c) => c.url.includes('/identity'))).toHaveLength(0);
    await giveFace();
    fireEvent.click(screen.getByRole('button', { name: 'Sahkan dan buka dokumen' }));
    expect(await screen.findByText('Nombor pengenalan tidak sepadan.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sahkan dan buka dokumen' }));
    expect(await screen.findByText('Wasiat berdaftar (PDF bermeterai)')).toBeTruthy();
    const identity = calls.filter((c) => c.url.includes('/identity'));
    expect(identity.at(-1)?.body).toEqual({
      code: '123456',
      ic_number: '880101145511',
      mykad_image: 'data:image/jpeg;base64,/9j/4A==',
      selfie_image: 'data:image/jpeg;base64,/9j/4A==',
    });
    expect(screen.getByRole('link', { name: 'https://wasiat.example/public/wasiat/w1' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'https://wasiat.example/public/wasiat/w1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Muat turun' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(calls.find((c) => c.url.includes('/document?'))?.url).toBe(
      '/api/public/release/r1/document?expires=4102444800&signature=sig&access=4102444800.mac&file=will%3Aw1',
    );
  });

  it('offers the consent only to an estate role with it (ADR 0288): the heir, not the executor', async () => {
    const consents = {
      consents: {
        heir_name: 'Hassan bin Omar',
        capacity: 'adult',
        why: null,
        bequests: [
          {
            bequest_ref: 'bequest:b1',
            reason: 'to_heir',
            reason_text: 'Wasiat kepada waris',
            amount_sen: 500_000,
            label: 'Wasiat am — Untuk anak',
            to: ['Ali bin Hassan'],
            status: 'pending',
            decided_at: null,
            can_decide: true,
          },
        ],
      },
    };
    /** Open the page for a release with `roles`, pass the code and MyKad. @returns the calls made. */
    async function openAs(roles: string[]) {
      const calls = stub((u) => {
        if (u.includes('/identity')) return jsonResponse(opened);
        if (u.includes('/code')) return jsonResponse({ message: 'Kod 6 digit telah dihantar.' });
        if (u.includes('/consents')) return jsonResponse(consents);
        return jsonResponse({ release: { ...release, role: roles[0], roles } });
      });
      const page = renderPage(<ReleasePage />, { path: '/kematian/dokumen/:id', url });
      fireEvent.click(await screen.findByRole('button', { name: 'Hantar kod ke h***@contoh.my' }));
      await screen.findByText('Kod 6 digit telah dihantar.');
      fireEvent.change(screen.getByLabelText(/Kod 6 digit/), { target: { value: '123456' } });
      fireEvent.change(screen.getByLabelText(/Nombor/), { target: { value: '880101145511' } });
      await giveFace();
      fireEvent.click(screen.getByRole('button', { name: 'Sahkan dan buka dokumen' }));
      expect(await screen.findByText('Wasiat berdaftar (PDF bermeterai)')).toBeTruthy();
      return { calls, page };
    }
    const exec = await openAs(['executor']);
    // The executor's estate role lacks estate:consent:decide: the page never asks for the consents.
    await new Promise((r) => setTimeout(r, 50));
    expect(exec.calls.filter((c) => c.url.includes('/consents'))).toHaveLength(0);
    expect(screen.queryByTestId('release-consents')).toBeNull();
    exec.page.unmount();
    vi.unstubAllGlobals();
    const heir = await openAs(['heir']);
    expect(await screen.findByText('Wasiat am — Untuk anak')).toBeTruthy();
    expect(heir.calls.filter((c) => c.url.includes('/consents'))).toHaveLength(1);
    expect(screen.getByTestId('release-consents')).toBeTruthy();
  });

  it("shows the server's message for a revoked link", async () => {
    stub(() => jsonResponse({ message: 'Pautan ini telah dibatalkan.' }, 410));
    renderPage(<ReleasePage />, { path: '/kematian/dokumen/:id', url });
    expect(await screen.findByText('Pautan ini telah dibatalkan.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Hantar kod/ })).toBeNull();
  });
});

describe('the links of a verified death on /kematian/senarai (issue 40 item 3)', () => {
  const row = {
    id: 'r1',
    instrument_type: 'Hibah',
    instrument_id: 'h1',
    instrument_reference: 'H2026-000001',
    person_name: 'Siti binti Hassan',
    role: 'receiver',
    roles: ['receiver'],
    email: 'siti@contoh.my',
    issued_at: '2026-12-02T02:00:00Z',
    mail_sent_at: '2026-12-02T02:00:05Z',
    opened_at: '2026-12-03T02:00:00Z',
    identified_at: null,
    revoked_at: null,
    revoked_by_name: null,
    can_revoke: true,
  };

  it('lists each link with its state, and staff revoke one after confirming', async () => {
    localStorage.setItem(KEYS.token, 'tok');
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', name: 'Staf', roles: [{ name: 'Staff' }] }));
    const calls = stub((_u, init) =>
      init?.method === 'POST'
        ? jsonResponse({ message: 'Pautan telah dibatalkan.', release: { ...row, can_revoke: false } })
        : jsonResponse({ releases: [row] }),
    );
    renderPage(<ReleasesPanel reportId="d1" />, { path: '/kematian/senarai' });
    expect(await screen.findByText('Siti binti Hassan (Penerima)')).toBeTruthy();
    expect(screen.getByText('Hibah H2026-000001')).toBeTruthy();
    expect(screen.getByText('e-mel dihantar · dibuka')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Batalkan' }));
    expect(screen.getByText('Batalkan pautan Siti binti Hassan? Ia tidak akan dapat dibuka lagi.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Batalkan' })[1]);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/death-report/d1/releases/r1/revoke');
  });

  it('shows a read-only list when the server gives no revocation', async () => {
    localStorage.setItem(KEYS.token, 'tok');
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u2', name: 'Rakan', roles: [{ name: 'Partner' }] }));
    stub(() =>
      jsonResponse({
        releases: [{ ...row, can_revoke: false, revoked_at: '2026-12-04T02:00:00Z', revoked_by_name: 'Nurul' }],
      }),
    );
    renderPage(<ReleasesPanel reportId="d1" />, { path: '/kematian/senarai' });
    expect(await screen.findByText(/dibatalkan pada .* oleh Nurul/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Batalkan' })).toBeNull();
  });
});
