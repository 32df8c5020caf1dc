/**
 * Calls to another service (object storage, SMTP) with a timeout and a bounded concurrency (issue 35 item 2;
 * ADR 0219). A call waits for one of `concurrency` places (p-limit), then runs with an `AbortSignal` that fires
 * `timeoutMs` after the call was asked for — the wait for a place counts. When the time is up the caller is
 * answered at once with {@link DependencyUnavailableError}, whether the call is still queued or in flight.
 */
import pLimit from 'p-limit';

/** A dependency did not answer in time, or failed in a way that says it is down (not a refusal of the input). */
export class DependencyUnavailableError extends Error {
  readonly dependency: string;
  constructor(dependency: string, reason: string, options?: { cause?: unknown }) {
    super(`${dependency} unavailable: ${reason}`, options);
    this.dependency = dependency;
    this.name = 'DependencyUnavailableError';
  }
}

export interface BulkheadOptions {
  /** Name for errors and logs: `object storage`, `smtp`. */
  name: string;
  /** Calls in flight at once; further calls wait. */
  concurrency: number;
  /** Milliseconds from asking to answer, waiting included. */
  timeoutMs: number;
  /**
   * Whether an error the call threw means the dependency is down (→ {@link DependencyUnavailableError}) rather
   * than an answer to pass on (e.g. "no such key"). Default: every error is passed on unchanged.
   */
  isOutage?: (err: unknown) => boolean;
}

export interface Bulkhead {
  /** Run `call` under the limits. @throws DependencyUnavailableError on a timeout or an outage error. */
  run<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Calls running and waiting now (for metrics). */
  readonly active: number;
  readonly pending: number;
}

/** Make a {@link Bulkhead} with its own limit. */
export function bulkhead(opts: BulkheadOptions): Bulkhead {
  const limit = pLimit(opts.concurrency);
  return {
    get active() {
      return limit.activeCount;
    },
    get pending() {
      return limit.pendingCount;
    },
    async run<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
      const signal = AbortSignal.timeout(opts.timeoutMs);
      let onAbort: (() => void) | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        onAbort = () => reject(new DependencyUnavailableError(opts.name, `no answer within ${opts.timeoutMs} ms`));
        signal.addEventListener('abort', onAbort, { once: true });
      });
      const work = limit(async () => {
        if (signal.aborted) throw new DependencyUnavailableError(opts.name, 'timed out while waiting for a place');
        return call(signal);
      });
      // The loser of the race must not become an unhandled rejection.
      work.catch(() => {});
      timedOut.catch(() => {});
      try {
        return await Promise.race([work, timedOut]);
      } catch (err) {
        if (err instanceof DependencyUnavailableError) throw err;
        if (signal.aborted)
          throw new DependencyUnavailableError(opts.name, `no answer within ${opts.timeoutMs} ms`, { cause: err });
        if (opts.isOutage?.(err))
          throw new DependencyUnavailableError(opts.name, String((err as Error)?.message ?? err), { cause: err });
        throw err;
      } finally {
        if (onAbort) signal.removeEventListener('abort', onAbort);
      }
    },
  };
}
