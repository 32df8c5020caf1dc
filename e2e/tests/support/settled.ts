/**
 * "The page's data has come": no request of the page in flight for a short quiet spell.
 *
 * Playwright's `waitForLoadState('networkidle')` waits for 500 ms without a request; the walk over every
 * route of spec §2 makes two visits per route, so that fixed 500 ms was a large share of its time in CI.
 * `trackRequests(page)` counts the page's requests from their start to their end (finished or failed) and
 * returns `settled()`, which resolves once none has been in flight for `quietMs` (default 150 ms), the same
 * question with a shorter spell. A request that never ends makes `settled()` fail after `timeoutMs`.
 */
import type { Page, Request } from '@playwright/test';

/** Follow `page`'s requests; call before the visit whose requests you wait on. */
export function trackRequests(page: Page): (quietMs?: number, timeoutMs?: number) => Promise<void> {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const start = (r: Request) => {
    inFlight.add(r);
    lastChange = Date.now();
  };
  const end = (r: Request) => {
    inFlight.delete(r);
    lastChange = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return async (quietMs = 150, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const quietFor = Date.now() - lastChange;
      if (inFlight.size === 0 && quietFor >= quietMs) return;
      if (Date.now() > deadline)
        throw new Error(
          `requests still in flight after ${timeoutMs} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`,
        );
      await new Promise((res) => setTimeout(res, inFlight.size === 0 ? quietMs - quietFor : 25));
    }
  };
}
