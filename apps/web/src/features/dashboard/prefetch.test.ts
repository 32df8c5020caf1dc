/** The client's dashboard route asks for what a client's dashboard shows first as it starts (prefetch.ts); other roles' do not. */
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/components/test-utils.tsx';
import { grantsQuery } from '@/features/grants/index.ts';
import { hibahsInProcessQuery } from '@/features/hibah/index.ts';
import { queryClient } from '@/lib/query.tsx';
import { KEYS } from '@/lib/storage.ts';
import { clientPaymentHistory, clientWills, willsQuery } from './queries.ts';
import { prefetchForClient } from './routes.tsx';

const args = {} as Parameters<typeof prefetchForClient>[0];
const login = (id: string, role: string) => {
  localStorage.setItem(KEYS.token, 't');
  localStorage.setItem(KEYS.user, JSON.stringify({ id, name: 'N', roles: [{ name: role }] }));
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  queryClient.clear();
});

describe('prefetchForClient', () => {
  it("puts a client's wills, payment history and hibahs in the cache under the keys the page reads, and never redirects", async () => {
    login('c1', 'Client');
    const wills = { wasiats: { data: [{ id: 'w1', status: 0 }], total: 1 } };
    const history = { payments: { data: [{ id: 'p1', paymentable_type: 'Amendment' }], total: 1 }, paid_sen: 0 };
    const inProcess = { hibahs: { data: [{ id: 'h2', status: 0 }], total: 1 } };
    const grants = { grants: { data: [{ id: 'g1', status: 'pending', mine: true }] } };
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
      const u = new URL(url, 'http://x');
      if (u.pathname === '/api/client-grant') return jsonResponse(grants);
      if (u.pathname === '/api/payment/mine') return jsonResponse(history);
      if (u.pathname === '/api/hibah') return jsonResponse(inProcess);
      return jsonResponse(wills);
    });
    vi.stubGlobal('fetch', fetchMock);
    expect(prefetchForClient(args)).toBeUndefined();
    await waitFor(() => expect(queryClient.getQueryData(willsQuery(clientWills('c1')).queryKey)).toEqual(wills));
    await waitFor(() => expect(queryClient.getQueryData(clientPaymentHistory('c1').queryKey)).toEqual(history));
    await waitFor(() => expect(queryClient.getQueryData(grantsQuery('pending').queryKey)).toEqual(grants));
    // the hibah list keeps the page of the envelope, as useHibahList does
    await waitFor(() =>
      expect(queryClient.getQueryData(hibahsInProcessQuery('c1').queryKey)).toEqual(inProcess.hibahs),
    );
    expect(fetchMock).toHaveBeenCalledTimes(4);
    const asked = fetchMock.mock.calls.map((c) => {
      const url = new URL(String(c[0]), 'http://x');
      return [url.pathname, Object.fromEntries(url.searchParams)];
    });
    expect(asked).toEqual(
      expect.arrayContaining([
        ['/api/wasiat', { user_id: 'c1', load_with: 'payment', limit: '50' }],
        ['/api/payment/mine', { limit: '100' }],
        ['/api/client-grant', { limit: '50', status: 'pending' }],
        ['/api/hibah', { status: '0,1,2,3,4', limit: '5', load_with: 'user,userDetail', user_id: 'c1' }],
      ]),
    );
  });

  it('asks for nothing for an agent or without a session', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    expect(prefetchForClient(args)).toBeUndefined();
    login('a1', 'Agent');
    expect(prefetchForClient(args)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
