import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { GrantAuditPage } from './GrantAuditPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const grant = {
  id: 'g1',
  client_id: 'c1',
  client_name: 'Aminah binti Ahmad',
  organization_id: 'o1',
  organization_name: 'Amanah Rakan Sdn Bhd',
  agent_id: null,
  agent_name: null,
  requested_by_name: 'Ejen',
  source: 'approved',
  status: 'active',
  channel: 'dashboard',
  approved_via: 'dashboard',
  created_at: '2026-11-20T02:00:00Z',
  approved_at: '2026-11-20T03:00:00Z',
  withdrawn_at: null,
  reason: null,
  mine: false,
};

describe('/client-grants (issue 16: provider staff see and audit grants)', () => {
  it('lists every grant and withdraws one only with a reason', async () => {
    localStorage.setItem(KEYS.token, 'tok');
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 's', name: 'Staf', roles: [{ name: 'Staff' }] }));
    const posts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push({ url: String(url), body: JSON.parse(String(init.body)) });
          return jsonResponse({ grant: { ...grant, status: 'withdrawn' } });
        }
        return jsonResponse({ grants: { data: [grant] } });
      }),
    );
    renderPage(<GrantAuditPage />);
    expect(await screen.findByText('Aminah binti Ahmad')).toBeTruthy();
    expect(screen.getByText('Kelulusan klien')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tarik balik' }));
    const form = await screen.findByTestId('grant-withdraw-form');
    fireEvent.click(form.querySelector('button') as HTMLButtonElement);
    expect(posts).toEqual([]);
    fireEvent.change(screen.getByLabelText(/Sebab penarikan balik/), { target: { value: 'Aduan klien' } });
    fireEvent.click(form.querySelector('button') as HTMLButtonElement);
    await waitFor(() =>
      expect(posts).toEqual([{ url: '/api/client-grant/g1/withdraw', body: { reason: 'Aduan klien' } }]),
    );
  });
});
