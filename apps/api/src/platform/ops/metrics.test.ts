/**
 * `GET /metrics` (issue 35 item 8; ADR 0237), through HTTP: a closed door without `METRICS_TOKEN`, the same 404
 * without the token or with another one, and with it the Prometheus exposition — latency per route pattern
 * (never an id or a MyKad), event-loop delay, job dead letters — answered within budget while the database hangs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { newClient, ok } from '../../modules/wills/test-fixtures.ts';
import { recordDeadLetter } from '../jobs/scheduler.ts';
import { DB_READ_BUDGET_MS } from './metrics.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t?.close();
});

const scrape = async (app: TestApp, authorization?: string) => {
  const r = await app.call('GET', '/metrics', { headers: authorization ? { Authorization: authorization } : {} });
  return { status: r.status, type: r.headers.get('content-type') ?? '', text: r.raw.toString('utf8') };
};

/** Every label value of the exposition. */
const labelValues = (text: string) => [...text.matchAll(/[a-z_]+="((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]);

describe('GET /metrics', () => {
  it('is a closed door without METRICS_TOKEN: 404 with or without a token, not the web page', async () => {
    const closed = await makeTestApp();
    try {
      for (const auth of [undefined, `Bearer ${TOKEN}`, 'Bearer ']) {
        const r = await scrape(closed, auth);
        expect(r.status).toBe(404);
        expect(r.text).not.toContain('http_request_duration_seconds');
        expect(r.text).not.toContain('<html');
      }
    } finally {
      await closed.close();
    }
  });

  it('answers 404 — the same as an unknown path — without the token or with another one', async () => {
    const attempts = [
      undefined,
      'Bearer',
      'Bearer wrong-token-0123456789abcdef',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ];
    let answered = 0;
    for (const auth of attempts) {
      const r = await scrape(t, auth);
      expect(r.status).toBe(404);
      expect(JSON.parse(r.text)).toEqual({ message: 'Record not found.' });
      if (r.text.includes('nodejs_')) answered += 1;
    }
    console.log(`/metrics without the right token: ${answered} of ${attempts.length} attempts got metrics`);
    expect(answered).toBe(0);
  });

  it('gives the exposition: latency per route pattern, event-loop delay, dead letters; no id or MyKad in a label', async () => {
    const c = await newClient(t);
    const w = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
    await ok(t.call('GET', `/api/wasiat/${w.id}`, { token: c.token }));
    // A stranger's probes with the MyKad and the id in the path: no route, so no label carries them.
    await t.call('GET', `/api/wasiat/${w.id}/${c.ic}`, { token: c.token });
    await t.call('GET', `/${c.ic}`);
    await recordDeadLetter(t.ctx, { job: 'rate-limits.sweep', attempts: 4, error: new Error('boom') });

    const r = await scrape(t, `Bearer ${TOKEN}`);
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(r.text).toMatch(
      /^http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/api\/wasiat\/:id",status_code="200"\} [1-9]/m,
    );
    expect(r.text).toMatch(
      /^http_request_duration_seconds_count\{method="POST",route="\/api\/wasiat",status_code="201"\} 1$/m,
    );
    expect(r.text).toMatch(/^http_requests_total\{status_class="2xx"\} [1-9]/m);
    expect(r.text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(r.text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(r.text).toMatch(/^job_dead_letters\{job="rate-limits\.sweep"\} 1$/m);
    expect(r.text).toMatch(/^metrics_database_read_ok 1$/m);
    if (t.dbKind === 'postgres') {
      expect(r.text).toMatch(/^db_pool_connections\{state="waiting"\} 0$/m);
      expect(r.text).toMatch(/^db_pool_max \d+$/m);
    } else {
      expect(r.text).not.toContain('db_pool_connections');
    }

    const values = labelValues(r.text);
    const leaking = values.filter((v) => v.includes(w.id) || v.includes(c.id) || v.includes(c.ic) || /\d{12}/.test(v));
    console.log(`/metrics label values: ${values.length}, carrying an id or a MyKad: ${leaking.length}`);
    expect(values.length).toBeGreaterThan(50);
    expect(leaking).toEqual([]);
    expect(r.text).toMatch(/route="unmatched"/);
  });

  it(`answers within its budget (${DB_READ_BUDGET_MS} ms) while the database hangs, and says the counts were not read`, async () => {
    const client = t.ctx.db.$client as { query: (...a: unknown[]) => Promise<unknown> };
    const query = client.query;
    client.query = () => new Promise(() => {});
    let r: Awaited<ReturnType<typeof scrape>>;
    const t0 = performance.now();
    try {
      r = await scrape(t, `Bearer ${TOKEN}`);
    } finally {
      client.query = query;
    }
    const ms = performance.now() - t0;
    console.log(`/metrics with a hung database: ${r.status} in ${ms.toFixed(0)} ms`);
    expect(r.status).toBe(200);
    expect(ms).toBeLessThan(DB_READ_BUDGET_MS + 1000);
    expect(r.text).toMatch(/^metrics_database_read_ok 0$/m);
    expect(r.text).not.toMatch(/^job_dead_letters\{/m);
    // the next scrape reads them again
    expect((await scrape(t, `Bearer ${TOKEN}`)).text).toMatch(/^metrics_database_read_ok 1$/m);
  });
});
