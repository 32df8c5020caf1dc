/**
 * "Tell us once" on the estate page (issue 40 item 8; ADR 0273): the organisation's institutions and the deceased's
 * asset map offered; a notice sent to the ticked institution with the ticked entry and the contact; the server's
 * 422 for a second notice shown; the notices listed with what they listed and their replies; a reply recorded
 * with its date; English labels.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { KEYS } from '@/lib/storage.ts';
import type { EstateNotice, NoticesData } from './EstateNotices.tsx';
import { EstateNotices } from './EstateNotices.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await act(() => i18n.changeLanguage('ms'));
});

const notice: EstateNotice = {
  id: 'n1',
  recipient_id: 'r1',
  recipient_name: 'Bank Rakyat',
  to_email: 'pusaka@bankrakyat.test',
  reference: 'EN-0A1B2C3D4E',
  listed: [{ asset_id: 'a1', description: 'Akaun simpanan', reference: '1234567890', by: 'match' }],
  contact: 'Rosli',
  resend: false,
  sent_at: '2026-12-05T02:00:00Z',
  replies: [],
};
const data = (over: Partial<NoticesData> = {}): NoticesData => ({
  notices: [],
  recipients: [
    {
      id: 'r1',
      organization_id: 'o1',
      name: 'Bank Rakyat',
      kind: 'bank',
      email: 'pusaka@bankrakyat.test',
      phone: null,
    },
    { id: 'r2', organization_id: 'o1', name: 'Takaful Ikhlas', kind: 'takaful', email: 'c@ikhlas.test', phone: null },
  ],
  assets: [{ id: 'a2', kind: 'vehicle', description: 'Kereta Myvi', institution: null, reference: 'WXY 1234' }],
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
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', name: 'Rosli', roles: [{ name: 'Partner' }] }));
}

describe('notices to institutions on the estate page (issue 40 item 8)', () => {
  it('sends one notice to the ticked institution with the ticked entry, then lists it', async () => {
    login();
    let sent = 0;
    const calls = stub((u, init) => {
      if (u.endsWith('/estate-notice') && init?.method === 'POST') {
        sent += 1;
        if (sent === 2) {
          return jsonResponse(
            {
              message: 'Notis telah dihantar.',
              errors: { recipient_ids: ['Notis telah dihantar kepada institusi ini.'] },
            },
            422,
          );
        }
        return jsonResponse({ message: 'Notis telah dihantar.', notices: [notice] }, 201);
      }
      return jsonResponse(data());
    });
    renderPage(<EstateNotices deathReportId="d1" />);
    fireEvent.click(await screen.findByRole('checkbox', { name: /Bank Rakyat \(Bank\)/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Kereta Myvi/ }));
    fireEvent.change(screen.getByLabelText(/Wasi \/ hubungi/), { target: { value: 'Rosli, 012-3456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hantar notis' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toMatch(/\/api\/death-report\/d1\/estate-notice$/);
    expect(post?.body).toEqual({ recipient_ids: ['r1'], asset_ids: ['a2'], contact: 'Rosli, 012-3456789' });
    expect(await screen.findByText('Akaun simpanan (1234567890)')).toBeTruthy();
    expect(screen.getByText(/EN-0A1B2C3D4E/)).toBeTruthy();
    // A second notice to the same institution: the server's 422 is shown.
    fireEvent.click(screen.getByRole('checkbox', { name: /Bank Rakyat \(Bank\)/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Hantar notis' }));
    expect(await screen.findByText('Notis telah dihantar kepada institusi ini.')).toBeTruthy();
  });

  it('records a reply with its date and shows it; English labels', async () => {
    login();
    const replied = {
      ...notice,
      replies: [{ id: 'p1', text: 'Akaun dibekukan.', received_on: '2026-12-06', file_url: null }],
    };
    const calls = stub((u, init) => {
      if (u.endsWith('/reply') && init?.method === 'POST') {
        return jsonResponse({ message: 'Jawapan telah direkodkan.', notices: [replied] }, 201);
      }
      return jsonResponse(data({ notices: [notice] }));
    });
    renderPage(<EstateNotices deathReportId="d1" />);
    expect(await screen.findByText('Belum ada jawapan.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Jawapan'), { target: { value: 'Akaun dibekukan.' } });
    fireEvent.change(screen.getByLabelText('Tarikh diterima'), { target: { value: '2026-12-06' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rekod jawapan' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/estate-notice/n1/reply'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/reply'))?.body).toEqual({
      text: 'Akaun dibekukan.',
      received_on: '2026-12-06',
    });
    expect(await screen.findByText('Akaun dibekukan.', { selector: 'p' })).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Notices to institutions (tell us once)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send notice' })).toBeTruthy();
  });

  it('renders nothing when the list cannot be read', async () => {
    login();
    const calls = stub(() => jsonResponse({ message: 'Rekod tidak dijumpai.' }, 404));
    const { container } = renderPage(<EstateNotices deathReportId="d1" />);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="estate-notices"]')).toBeNull();
  });
});
