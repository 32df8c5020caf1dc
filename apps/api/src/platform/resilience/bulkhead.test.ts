import { describe, expect, it } from 'vitest';
import { bulkhead, DependencyUnavailableError } from './bulkhead.ts';

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new Error('aborted'));
    });
  });

describe('bulkhead', () => {
  it('passes answers and ordinary errors through', async () => {
    const b = bulkhead({ name: 'x', concurrency: 2, timeoutMs: 1000 });
    expect(await b.run(async () => 42)).toBe(42);
    await expect(b.run(async () => Promise.reject(new Error('no such key')))).rejects.toThrow('no such key');
  });

  it('answers a hung call with DependencyUnavailableError at the timeout, and aborts it', async () => {
    const b = bulkhead({ name: 'object storage', concurrency: 2, timeoutMs: 100 });
    let aborted = false;
    const t0 = Date.now();
    const err = await b
      .run(async (signal) => {
        signal.addEventListener('abort', () => (aborted = true));
        await new Promise(() => {});
      })
      .catch((e) => e);
    expect(err).toBeInstanceOf(DependencyUnavailableError);
    expect(err.message).toMatch(/object storage unavailable/);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(aborted).toBe(true);
  });

  it('holds at most `concurrency` calls in flight; a queued call times out too', async () => {
    const b = bulkhead({ name: 'smtp', concurrency: 2, timeoutMs: 150 });
    let inFlight = 0;
    let most = 0;
    const call = async (signal: AbortSignal) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        await sleep(1000, signal);
      } finally {
        inFlight -= 1;
      }
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map(() => b.run(call)));
    expect(most).toBe(2);
    expect(results.every((r) => r.status === 'rejected' && r.reason instanceof DependencyUnavailableError)).toBe(true);
  });

  it('turns an outage error into DependencyUnavailableError when told which errors are outages', async () => {
    const b = bulkhead({
      name: 'object storage',
      concurrency: 1,
      timeoutMs: 1000,
      isOutage: (e) => (e as { code?: string }).code === 'ECONNREFUSED',
    });
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    await expect(b.run(async () => Promise.reject(refused))).rejects.toBeInstanceOf(DependencyUnavailableError);
  });
});
