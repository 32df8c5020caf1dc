/**
 * The audit trail (issue 11 "Audit trail: insert-only, each event carrying the hash of the previous one;
 * `npm run audit:verify` names the first broken link; staff see a record's history").
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events } from '../../db/schema/index.ts';
import { newClient, ok, readyWill } from '../../modules/wills/test-fixtures.ts';
import { recordAudit } from './audit.ts';
import { eventHash, verifyAuditChain } from './chain.ts';

let t: TestApp;
let willId: string;
beforeAll(async () => {
  t = await makeTestApp();
  const c = await newClient(t);
  willId = await readyWill(t, c);
  await ok(t.call('POST', `/api/wasiat/${willId}`, { token: c.token, body: { _method: 'PATCH', status: 1 } }));
});
afterAll(async () => {
  await t.close();
});

const allEvents = () => t.ctx.db.select().from(audit_events).orderBy(asc(audit_events.seq));

describe('hash chain', () => {
  it('links every event written by the modules to the previous one', async () => {
    const rows = await allEvents();
    expect(rows.length).toBeGreaterThan(5);
    expect(rows[0].prev_hash).toBeNull();
    for (let i = 1; i < rows.length; i++) expect(rows[i].prev_hash).toBe(rows[i - 1].hash);
    for (const r of rows) expect(r.hash).toBe(eventHash(r));
    expect(await verifyAuditChain(t.ctx.db)).toEqual({ ok: true, count: rows.length });
  });

  it('stays a single chain under concurrent writers, in and out of transactions', async () => {
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) =>
        t.ctx.db.transaction((tx) =>
          recordAudit(tx as never, { actorId: null, action: 'drill.event', entityType: 'Test', entityId: String(i) }),
        ),
      ),
      ...Array.from({ length: 4 }, (_, i) =>
        recordAudit(t.ctx.db, {
          actorId: null,
          action: 'drill.event',
          entityType: 'Test',
          entityId: `p${i}`,
          after: { i },
        }),
      ),
    ]);
    const r = await verifyAuditChain(t.ctx.db, 3);
    expect(r.ok).toBe(true);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of audit events', async () => {
    await expect(t.ctx.db.execute(sql`update audit_events set action = 'x'`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from audit_events`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);
  });

  it('names the first broken link: an edited row, then a deleted row', async () => {
    const rows = await allEvents();
    const victim = rows[3];
    const next = rows[5];
    await t.ctx.db.execute(sql`alter table audit_events disable trigger audit_events_no_update_delete`);
    try {
      await t.ctx.db.execute(sql`update audit_events set ip = '10.6.6.6' where id = ${victim.id}`);
      expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ ok: false, id: victim.id, count: 3 });
      await t.ctx.db.update(audit_events).set({ ip: victim.ip }).where(eq(audit_events.id, victim.id));
      expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);
      await t.ctx.db.delete(audit_events).where(eq(audit_events.id, rows[4].id));
      expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ ok: false, id: next.id, count: 4 });
    } finally {
      await t.ctx.db.execute(sql`alter table audit_events enable trigger audit_events_no_update_delete`);
    }
  });
});

describe('GET /api/audit (a record history)', () => {
  it('shows staff, officers and admins the events of one will, oldest first', async () => {
    for (const who of ['staff', 'officer', 'admin']) {
      const r = await ok(
        t.call('GET', `/api/audit?entity_type=Wasiat&entity_id=${willId}`, { token: await t.login(who) }),
      );
      expect(r.data.length).toBeGreaterThan(0);
      expect(r.data.map((e: { action: string }) => e.action)).toContain('will.submit');
      const submit = r.data.find((e: { action: string }) => e.action === 'will.submit');
      expect(submit).toMatchObject({
        actor: { name: expect.any(String) },
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(r.data.map((e: { seq: number }) => e.seq)).toEqual(
        [...r.data.map((e: { seq: number }) => e.seq)].sort((a, b) => a - b),
      );
    }
  });

  it('is refused to clients, agents and partners (403) and needs both parameters (422)', async () => {
    for (const who of ['client', 'agent', 'partner']) {
      const r = await t.call('GET', `/api/audit?entity_type=Wasiat&entity_id=${willId}`, { token: await t.login(who) });
      expect(r.status).toBe(403);
    }
    expect((await t.call('GET', `/api/audit?entity_type=Wasiat&entity_id=${willId}`)).status).toBe(401);
    expect((await t.call('GET', '/api/audit?entity_type=Wasiat', { token: await t.login('staff') })).status).toBe(422);
  });
});
