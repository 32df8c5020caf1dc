/** The client's dashboard route asks for the client's wills as it starts (prefetch.ts); other roles' do not. */
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/app/query.tsx';
import { KEYS } from '@/app/storage.ts';
import { jsonResponse } from '@/components/test-utils.tsx';
import { clientWills, willsQuery } from './queries.ts';
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
  it("puts a client's wills in the cache under the key the page reads, and never redirects", async () => {
    login('c1', 'Client');
    const list = { wasiats: { data: [{ id: 'w1', status: 0 }], total: 1 } };
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(list));
    vi.stubGlobal('fetch', fetchMock);
    expect(prefetchForClient(args)).toBeUndefined();
    const key = willsQuery(clientWills('c1')).queryKey;
    await waitFor(() => expect(queryClient.getQueryData(key)).toEqual(list));
    expect(fetchMock).toHaveBeenCalledOnce();
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://x');
    expect(url.pathname).toBe('/api/wasiat');
    expect(Object.fromEntries(url.searchParams)).toEqual({ user_id: 'c1', load_with: 'payment', limit: '50' });
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
