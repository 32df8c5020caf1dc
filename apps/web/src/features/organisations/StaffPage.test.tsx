import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { StaffPage } from './pages/StaffPages.tsx';

const staff = (hasPassword: number) => ({
  id: 'u1',
  name: 'Hafiz bin Karim',
  username: 'demo123456',
  email: 'hafiz@example.com',
  ic_number: '900101145678',
  mobile_number: null,
  bank_name: null,
  bank_account_number: null,
  staff_id: null,
  is_attended_course: 0,
  has_password: hasPassword,
  roles: [{ name: 'Agent' }],
  user_access: { id: 'a1', organization_id: 'o1', branch_id: null, role: 'Agent', status: 1, accessible: null },
});

/** The API: the staff member, the organisation, and the resend route. */
const mockApi = (hasPassword: number) =>
  vi.fn(async (url: string) => {
    if (url === '/api/organization/o1/user/u1') return jsonResponse({ user: staff(hasPassword) });
    if (url === '/api/organization/o1') return jsonResponse({ organization: { id: 'o1', name: 'Demo Amanah' } });
    if (url === '/api/user/u1/invitation') return jsonResponse({ invitation: { sent: true, days: 7 } });
    return jsonResponse({}, 404);
  });

describe('StaffPage: sending the invitation again (ADR 0243)', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(KEYS.token, 't');
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'p1', name: 'Rosli', roles: [{ name: 'Partner' }] }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers the resend while the member has no password, and posts to user/{id}/invitation', async () => {
    const fetchMock = mockApi(0);
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage(<StaffPage />, {
      path: '/organization/:organization_id/user/:user_id',
      url: '/organization/o1/user/u1',
    });
    await user.click(await screen.findByRole('button', { name: 'Hantar semula jemputan' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/u1/invitation')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/user/u1/invitation') as unknown as [
      string,
      RequestInit,
    ];
    expect(init.method).toBe('POST');
  });

  it('offers no resend once the member has set a password', async () => {
    vi.stubGlobal('fetch', mockApi(1));
    renderPage(<StaffPage />, {
      path: '/organization/:organization_id/user/:user_id',
      url: '/organization/o1/user/u1',
    });
    expect(await screen.findByText('demo123456')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hantar semula jemputan' })).toBeNull();
  });
});
