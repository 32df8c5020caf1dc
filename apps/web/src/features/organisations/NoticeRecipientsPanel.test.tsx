/**
 * The institutions an organisation notifies of a death, on the organisation's page (issue 40 item 8; ADR 0273):
 * listed; one added (name, kind, e-mail; the optional phone left out when blank); the server's 422 shown under
 * the field it names; one removed.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { NoticeRecipientsPanel } from './components/NoticeRecipientsPanel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('NoticeRecipientsPanel (issue 40 item 8)', () => {
  it('lists, adds, shows a 422 under its field, and removes', async () => {
    localStorage.setItem(KEYS.token, 'tok');
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', name: 'Rosli', roles: [{ name: 'Partner' }] }));
    const calls: { url: string; method: string; body: any }[] = [];
    let posts = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const body = init?.body ? JSON.parse(String(init.body)) : null;
        calls.push({ url: String(url), method: init?.method ?? 'GET', body });
        if (init?.method === 'POST' && String(url).endsWith('/notice-recipient')) {
          posts += 1;
          return posts === 1
            ? jsonResponse({ message: 'Disimpan', notice_recipient: { id: 'r2' } }, 201)
            : jsonResponse({ message: 'x', errors: { email: ['E-mel tidak sah.'] } }, 422);
        }
        if (body?._method === 'DELETE') return jsonResponse({ message: 'Dibuang' });
        return jsonResponse({
          notice_recipients: [{ id: 'r1', name: 'Bank Rakyat', kind: 'bank', email: 'p@br.test', phone: null }],
        });
      }),
    );
    renderPage(<NoticeRecipientsPanel organisationId="o1" />);
    expect(await screen.findByText('Bank Rakyat')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nama'), { target: { value: 'Koperasi Guru' } });
    fireEvent.change(screen.getByLabelText('E-mel'), { target: { value: 'k@guru.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tambah institusi' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toMatch(/\/api\/organization\/o1\/notice-recipient$/);
    expect(post?.body).toEqual({ name: 'Koperasi Guru', kind: 'bank', email: 'k@guru.test' });
    fireEvent.change(screen.getByLabelText('Nama'), { target: { value: 'X' } });
    fireEvent.change(screen.getByLabelText('E-mel'), { target: { value: 'bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tambah institusi' }));
    expect(await screen.findByText('E-mel tidak sah.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Buang' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/notice-recipient/r1'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/api/notice-recipient/r1'))?.body).toEqual({ _method: 'DELETE' });
  });
});
