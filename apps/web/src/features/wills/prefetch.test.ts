/** A client's will wizard asks for its will as the route starts (routes.tsx, prefetch.ts); other roles do not. */
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/components/test-utils.tsx';
import { queryClient } from '@/lib/query.tsx';
import { KEYS } from '@/lib/storage.ts';
import { latestOpenKey, willKey } from './hooks/useWill.ts';
import { prefetchWizardWill } from './routes.tsx';

const login = (id: string, role: string) => {
  localStorage.setItem(KEYS.token, 't');
  localStorage.setItem(KEYS.user, JSON.stringify({ id, name: 'N', roles: [{ name: role }] }));
};
const at = (path: string) => ({ request: new Request(`http://localhost${path}`) });
const will = (id: string, status: number, created_at: string) => ({ id, user_id: 'c1', status, created_at });

/** The API as the wizard's early requests meet it: the client's wills, and each will by id. */
function api(wills: ReturnType<typeof will>[]) {
  return vi.fn(async (url: string, _init?: RequestInit) => {
    const path = new URL(url, 'http://x').pathname;
    if (path === '/api/wasiat') return jsonResponse({ wasiats: { data: wills, total: wills.length } });
    const one = wills.find((w) => path === `/api/wasiat/${w.id}`);
    return one ? jsonResponse({ wasiat: one }) : jsonResponse({ message: 'Rekod tidak dijumpai.' }, 404);
  });
}
const paths = (m: ReturnType<typeof api>) => m.mock.calls.map((c) => new URL(String(c[0]), 'http://x').pathname);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  queryClient.clear();
});

describe('prefetchWizardWill', () => {
  it("without ?wasiat_id: the client's latest open will, then that will, under the wizard's keys", async () => {
    login('c1', 'Client');
    const fetchMock = api([will('reg', 2, '2026-03-01'), will('open', 0, '2026-02-01')]);
    vi.stubGlobal('fetch', fetchMock);
    expect(prefetchWizardWill(at('/wasiat/part-a'))).toBeNull();
    await waitFor(() => expect(queryClient.getQueryData(willKey('open'))).toMatchObject({ id: 'open', status: 0 }));
    expect(queryClient.getQueryData(latestOpenKey('c1'))).toMatchObject({ id: 'open' });
    expect(paths(fetchMock)).toEqual(['/api/wasiat', '/api/wasiat/open']);
    const list = new URL(String(fetchMock.mock.calls[0][0]), 'http://x');
    expect(Object.fromEntries(list.searchParams)).toEqual({ user_id: 'c1', limit: '50' });
  });

  it('with ?wasiat_id: that will only; no open will: nothing more than the list', async () => {
    login('c1', 'Client');
    const fetchMock = api([will('w9', 1, '2026-01-01')]);
    vi.stubGlobal('fetch', fetchMock);
    prefetchWizardWill(at('/wasiat/part-b?wasiat_id=w9'));
    await waitFor(() => expect(queryClient.getQueryData(willKey('w9'))).toMatchObject({ id: 'w9' }));
    expect(paths(fetchMock)).toEqual(['/api/wasiat/w9']);

    queryClient.clear();
    const none = api([will('reg', 2, '2026-03-01')]);
    vi.stubGlobal('fetch', none);
    prefetchWizardWill(at('/wasiat/part-a'));
    await waitFor(() => expect(queryClient.getQueryState(latestOpenKey('c1'))?.status).toBe('success'));
    expect(queryClient.getQueryData(latestOpenKey('c1'))).toBeNull();
    await new Promise((r) => setTimeout(r, 30));
    expect(paths(none)).toEqual(['/api/wasiat']);
  });

  it('asks for nothing for an agent or without a session', async () => {
    const fetchMock = api([]);
    vi.stubGlobal('fetch', fetchMock);
    expect(prefetchWizardWill(at('/wasiat/part-a'))).toBeNull();
    login('a1', 'Agent');
    expect(prefetchWizardWill(at('/wasiat/part-a'))).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
