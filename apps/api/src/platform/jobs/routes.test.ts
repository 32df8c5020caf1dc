/** `GET /api/jobs/dead-letters` (issue 19; ADR 0110): staff see the failed job runs; others are refused. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { recordDeadLetter } from './scheduler.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('dead letters', () => {
  it('lists failed runs newest first to staff and admin, paged; clients and agents get 403', async () => {
    await recordDeadLetter(t.ctx, { job: 'payments.receipt-mail', attempts: 4, error: new Error('SMTP down') });
    await new Promise((r) => setTimeout(r, 5));
    await recordDeadLetter(t.ctx, {
      job: 'amendments.window',
      attempts: 4,
      error: 'timeout',
      queueJobId: 'q-1',
      data: { a: 1 },
    });
    for (const who of ['staff', 'admin']) {
      const r = await t.call('GET', '/api/jobs/dead-letters?limit=1', { token: await t.login(who) });
      expect(r.status).toBe(200);
      expect(r.body.dead_letters).toMatchObject({ total: 2, per_page: 1, last_page: 2, current_page: 1 });
      expect(r.body.dead_letters.data[0]).toMatchObject({
        job_name: 'amendments.window',
        attempts: 4,
        error: 'timeout',
        queue_job_id: 'q-1',
        data: { a: 1 },
      });
      const p2 = await t.call('GET', '/api/jobs/dead-letters?limit=1&page=2', { token: await t.login(who) });
      expect(p2.body.dead_letters.data[0]).toMatchObject({ job_name: 'payments.receipt-mail', error: 'SMTP down' });
    }
    for (const who of ['client', 'agent']) {
      const r = await t.call('GET', '/api/jobs/dead-letters', { token: await t.login(who) });
      expect(r.status).toBe(403);
    }
    expect((await t.call('GET', '/api/jobs/dead-letters')).status).toBe(401);
  });
});
