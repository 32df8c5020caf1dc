import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { AcceptancePage } from './AcceptancePage.tsx';
import { AcceptancesPanel } from './AcceptancesPanel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const acceptance = {
  id: 'a1',
  role: 'guardian',
  state: 'pending',
  person_name: 'Fatimah binti Omar',
  testator_name: 'Aminah binti Ahmad',
  wasiat_no: 'W2026-000001',
  wards: 'Ali bin Hassan',
  email: 'f***@contoh.my',
  decided_at: null,
};

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

describe('/penerimaan/{id} (issue 41 item 3)', () => {
  const url = '/penerimaan/a1?expires=4102444800&signature=sig';

  it('shows what the will asks, sends the code, shows a wrong code at its field, then records a decline', async () => {
    let tries = 0;
    const calls = stub((u) => {
      if (u.includes('/decide')) {
        tries += 1;
        return tries === 1
          ? jsonResponse({ message: 'x', errors: { code: ['Kod OTP anda tidak betul.'] } }, 422)
          : jsonResponse({
              message: 'Penolakan anda telah direkodkan. Pewasiat akan dimaklumkan.',
              acceptance: { ...acceptance, state: 'declined', decided_at: '2026-12-07T02:00:00Z' },
            });
      }
      if (u.includes('/code')) return jsonResponse({ message: 'Kod telah dihantar ke e-mel anda.' });
      return jsonResponse({ acceptance });
    });
    renderPage(<AcceptancePage />, { path: '/penerimaan/:id', url });
    expect(await screen.findByText(/Aminah binti Ahmad menamakan anda dalam wasiatnya/)).toBeTruthy();
    expect(screen.getByTestId('acceptance-wards').textContent).toBe('Ali bin Hassan');
    expect(screen.getByText('Penjaga anak di bawah umur')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hantar kod ke e-mel saya' }));
    expect(await screen.findByText('Kod telah dihantar ke e-mel anda.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(
      '/api/public/acceptance/a1/code?expires=4102444800&signature=sig',
    );
    // Checked first: a code that is not 6 digits never leaves the page.
    fireEvent.change(screen.getByLabelText(/Kod 6 digit/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Saya tolak' }));
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/decide'))).toHaveLength(0));
    fireEvent.change(screen.getByLabelText(/Kod 6 digit/), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText(/Sebab/), { target: { value: 'Tinggal di luar negara' } });
    fireEvent.click(screen.getByRole('button', { name: 'Saya tolak' }));
    expect(await screen.findByText('Kod OTP anda tidak betul.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Saya tolak' }));
    expect(await screen.findByTestId('acceptance-decided')).toBeTruthy();
    expect(screen.getByText('Penolakan anda telah direkodkan. Pewasiat akan dimaklumkan.')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/decide')).at(-1)?.body).toEqual({
      code: '123456',
      decision: 'decline',
      reason: 'Tinggal di luar negara',
    });
  });

  it("shows the server's message for a tampered link, and no buttons", async () => {
    stub(() => jsonResponse({ message: 'Pautan tidak sah atau telah tamat tempoh.' }, 403));
    renderPage(<AcceptancePage />, { path: '/penerimaan/:id', url });
    expect(await screen.findByText('Pautan tidak sah atau telah tamat tempoh.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Hantar kod/ })).toBeNull();
  });
});

describe("the will's page: who accepted (issue 41 item 3)", () => {
  const rows = [
    {
      id: 'e1',
      role: 'executor',
      person_name: 'Syarikat Demo Amanah Sdn Bhd',
      wards: null,
      state: 'pending',
      has_email: true,
      asked_at: '2026-12-01T02:00:00Z',
      decided_at: null,
      reason: null,
    },
    {
      id: 'g1',
      role: 'guardian',
      person_name: 'Zainab binti Omar',
      wards: 'Ali bin Hassan',
      state: 'declined',
      has_email: true,
      asked_at: '2026-12-01T02:00:00Z',
      decided_at: '2026-12-03T02:00:00Z',
      reason: 'Tinggal di luar negara',
    },
  ];

  it('the testator sees each state and is asked to name another through an amendment', async () => {
    localStorage.setItem(KEYS.token, 'tok');
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', name: 'Klien', roles: [{ name: 'Client' }] }));
    stub(() => jsonResponse({ acceptances: rows, needs_replacement: true, status: 2 }));
    renderPage(<AcceptancesPanel willId="w1" />);
    expect(
      await screen.findByText('Zainab binti Omar menolak peranan Penjaga anak di bawah umur. Sila namakan orang lain.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mohon pindaan' }).getAttribute('href')).toBe('/wasiat/w1/pindaan-a');
    expect(screen.getByText('Ditolak')).toBeTruthy();
    expect(screen.getByText('Menunggu jawapan')).toBeTruthy();
    expect(screen.getByText(/Tinggal di luar negara/)).toBeTruthy();
    // A client neither answers for the executor nor sends links.
    expect(screen.queryByRole('button', { name: 'Terima sebagai wasi' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hantar semula pautan' })).toBeNull();
  });

  it("the executor organisation's partner accepts the executorship", async () => {
    localStorage.setItem(KEYS.token, 'tok');
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u2', name: 'Rakan', roles: [{ name: 'Partner' }] }));
    const calls = stub((_u, init) =>
      init?.method === 'POST'
        ? jsonResponse({ message: 'Terima kasih. Penerimaan anda telah direkodkan.', acceptance: rows[0] })
        : jsonResponse({ acceptances: rows, needs_replacement: true, status: 0 }),
    );
    renderPage(<AcceptancesPanel willId="w1" />);
    // A will still in the wizard: the guardians part.
    expect((await screen.findByRole('link', { name: 'Kemas kini penjaga' })).getAttribute('href')).toBe(
      '/wasiat/part-e?wasiat_id=w1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Terima sebagai wasi' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/wasiat/w1/acceptances/e1/decide',
      body: { decision: 'accept' },
    });
  });
});
