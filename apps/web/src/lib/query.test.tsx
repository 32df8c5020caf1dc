/**
 * Early answers (seedQuery; ADR 0210): shown by the page's first mount, or by a query switching to their key,
 * without a second request, once; a failed or already-joined answer, a later mount and an old answer ask again.
 */
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient, SEED_FRESH_MS, seedQuery } from './query.tsx';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

/** A page's query of `key`, counting its own fetches. */
function mount(key: string, queryFn: () => Promise<string>) {
  return renderHook(() => useQuery({ queryKey: [key], queryFn }), { wrapper });
}

afterEach(() => {
  queryClient.clear();
  vi.useRealTimers();
});

describe('seedQuery', () => {
  it('an early answer that lands after the page has its own (newer) answer does not replace it', async () => {
    let answer!: (v: string) => void;
    const early = new Promise<string>((r) => {
      answer = r;
    });
    const page = mount('late', async () => 'after the approval');
    await waitFor(() => expect(page.result.current.data).toBe('after the approval'));
    const seeding = seedQuery(['late'], early);
    answer('before the approval');
    await seeding;
    await new Promise((r) => setTimeout(r, 20));
    expect(page.result.current.data).toBe('after the approval');
  });

  it('shows an early answer on the first mount without asking again; a later mount asks', async () => {
    await seedQuery(['a'], Promise.resolve('early'));
    const fetchA = vi.fn(async () => 'fresh');
    const first = mount('a', fetchA);
    expect(first.result.current.data).toBe('early');
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchA).not.toHaveBeenCalled();
    first.unmount();

    const second = mount('a', fetchA);
    await waitFor(() => expect(second.result.current.data).toBe('fresh'));
    expect(fetchA).toHaveBeenCalledOnce();
  });

  it('asks again on mount when the early request failed', async () => {
    await seedQuery(['b'], Promise.reject(new Error('network')));
    const fetchB = vi.fn(async () => 'fresh');
    const page = mount('b', fetchB);
    await waitFor(() => expect(page.result.current.data).toBe('fresh'));
    expect(fetchB).toHaveBeenCalledOnce();
  });

  it('does not keep an answer that a mounted page already read: a later mount asks again', async () => {
    let answer!: (v: string) => void;
    const early = new Promise<string>((r) => {
      answer = r;
    });
    const seeding = seedQuery(['c'], early);
    const fetchC = vi.fn(async () => 'fresh');
    const page = mount('c', fetchC);
    answer('early');
    await seeding;
    await waitFor(() => expect(page.result.current.data).toBe('early'));
    // the page's fetch joined the early request
    expect(fetchC).not.toHaveBeenCalled();
    page.unmount();
    const later = mount('c', fetchC);
    await waitFor(() => expect(later.result.current.data).toBe('fresh'));
    expect(fetchC).toHaveBeenCalledOnce();
  });

  it('asks again when the early answer is older than SEED_FRESH_MS', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await seedQuery(['d'], Promise.resolve('early'));
    vi.setSystemTime(Date.now() + SEED_FRESH_MS + 1);
    const fetchD = vi.fn(async () => 'fresh');
    const page = mount('d', fetchD);
    await waitFor(() => expect(page.result.current.data).toBe('fresh'));
    expect(fetchD).toHaveBeenCalledOnce();
  });

  it('shows an early answer to a query that switches to its key (the wizard finding its will) without asking', async () => {
    await seedQuery(['will', 'w1'], Promise.resolve('early'));
    const fetchWill = vi.fn(async () => 'fresh');
    const page = renderHook(({ id }) => useQuery({ queryKey: ['will', id], queryFn: fetchWill, enabled: !!id }), {
      wrapper,
      initialProps: { id: '' },
    });
    page.rerender({ id: 'w1' });
    expect(page.result.current.data).toBe('early');
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchWill).not.toHaveBeenCalled();
  });
});
