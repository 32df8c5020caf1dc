/** Request ids (issue 35 item 8; ADR 0221): accepted, echoed, and unique across processes. */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe('X-Request-Id', () => {
  it('echoes a plain id the caller sent, on API answers and errors alike', async () => {
    const ok = await t.call('GET', '/api/health', { headers: { 'X-Request-Id': 'lb-7f3a:42' } });
    expect(ok.headers.get('x-request-id')).toBe('lb-7f3a:42');
    const missing = await t.call('GET', '/api/wasiat/nope', { headers: { 'X-Request-Id': 'abc.123_x' } });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('x-request-id')).toBe('abc.123_x');
  });

  it('makes its own when none or an unsafe one is sent; each answer a new one', async () => {
    const a = (await t.call('GET', '/healthz')).headers.get('x-request-id');
    const b = (await t.call('GET', '/healthz', { headers: { 'X-Request-Id': 'x'.repeat(129) } })).headers.get(
      'x-request-id',
    );
    const c = (await t.call('GET', '/healthz', { headers: { 'X-Request-Id': 'a b"}' } })).headers.get('x-request-id');
    for (const id of [a, b, c]) expect(id).toMatch(/^[a-p]{12}-[0-9a-z]+$/);
    expect(new Set([a, b, c]).size).toBe(3);
  });

  it('two processes never make the same id', () => {
    const root = resolve(import.meta.dirname, '../../../../..');
    const script =
      "import('./apps/api/src/platform/http/request-id.ts').then((m) => console.log(m.requestId({ headers: {} })))";
    const run = () =>
      execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, encoding: 'utf8' }).trim();
    const [one, two] = [run(), run()];
    expect(one).toMatch(/-1$/);
    expect(two).toMatch(/-1$/);
    expect(one).not.toBe(two);
  });
});
