import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { GrantList, PendingRequests } from './GrantSections.tsx';

afterEach(() => vi.unstubAllGlobals());

const grant = {
  id: 'g1',
  client_id: 'c1',
  client_name: 'Aminah binti Ahmad',
  organization_id: 'o1',
  organization_name: 'Amanah Rakan Sdn Bhd',
  agent_id: null,
  agent_name: null,
  requested_by_name: 'Ejen Asing',
  source: 'approved',
  status: 'pending',
  channel: 'email',
  approved_via: null,
  created_at: '2026-11-20T02:00:00Z',
  approved_at: null,
  withdrawn_at: null,
  reason: null,
  mine: true,
  requester_blocked: false,
};

/** Answer the grant list with `grants`; record every POST. */
function stub(grants: object[]) {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'c1', name: 'Aminah', roles: [{ name: 'Client' }] }));
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(String(url));
        return jsonResponse({ grant });
      }
      return jsonResponse({ grants: { data: grants } });
    }),
  );
  vi.stubGlobal('confirm', () => true);
  return posts;
}

describe('the client blocks and unblocks a requester (issue 36 item 3)', () => {
  it('blocks the requester of a pending request on the dashboard', async () => {
    const posts = stub([grant]);
    renderPage(<PendingRequests />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sekat' }));
    await waitFor(() => expect(posts).toEqual(['/api/client-grant/g1/block']));
  });

  it('unblocks a blocked requester on /profile; no button for a grant with nobody to block', async () => {
    const posts = stub([
      { ...grant, status: 'refused', requester_blocked: true },
      { ...grant, id: 'g2', status: 'active', requester_blocked: null },
    ]);
    renderPage(<GrantList />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Nyahsekat' }));
    await waitFor(() => expect(posts).toEqual(['/api/client-grant/g1/unblock']));
    expect(screen.queryByRole('button', { name: 'Sekat' })).toBeNull();
  });
});
