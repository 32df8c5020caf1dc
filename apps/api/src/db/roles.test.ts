/**
 * The application role of db/roles.sql (issue 11 "Audit trail: insert-only (the application's database
 * role has no UPDATE or DELETE on it)"; ADR 0073).
 *
 * Runs on both databases with no skip: PGlite is PostgreSQL compiled to WASM and enforces GRANTs, so
 * the same roles.sql is applied and `SET ROLE wasiat_app` proves the privileges there as well. With
 * DATABASE_URL (a real PostgreSQL server), the role additionally logs in on its own connection, runs the
 * API's database code without migrating, and is refused UPDATE/DELETE/TRUNCATE of audit_events by the
 * privilege check itself ("permission denied for table audit_events") — not only by the triggers of
 * migration 0001, whose message differs ("audit_events is insert-only").
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/harness.ts';
import { recordAudit } from '../platform/audit/audit.ts';
import { verifyAuditChain } from '../platform/audit/chain.ts';
import { openDatabase } from './client.ts';
import { APP_ROLE, applyAppRole, applyAppRoleWith } from './roles.ts';
import { audit_events, wills } from './schema/index.ts';

let t: TestApp;
/** URL of the test's PostgreSQL database (owner), or null on PGlite. */
let ownerUrl: string | null = null;

/** Run statements in one session as the application role; the session's role is reset afterwards. */
async function asAppRole<T>(fn: (q: (text: string) => Promise<unknown>) => Promise<T>): Promise<T> {
  if (t.dbKind === 'pglite') {
    const lite = t.ctx.db.$client as { exec(s: string): Promise<unknown> };
    await lite.exec(`SET ROLE ${APP_ROLE}`);
    try {
      return await fn((s) => lite.exec(s));
    } finally {
      await lite.exec('RESET ROLE');
    }
  }
  const client: pg.PoolClient = await (t.ctx.db.$client as pg.Pool).connect();
  try {
    await client.query(`SET ROLE ${APP_ROLE}`);
    return await fn((s) => client.query(s));
  } finally {
    await client.query('RESET ROLE');
    client.release();
  }
}

/** Rows of a raw query (drizzle's execute result differs between the drivers; both carry `rows`). */
const rowsOf = async <T>(p: Promise<unknown>) => ((await p) as { rows: T[] }).rows;

const PERMISSION_DENIED = /permission denied for table audit_events/;

/** The database's own message of a failed drizzle query (drizzle wraps it as `cause`), or null on success. */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
  );

beforeAll(async () => {
  t = await makeTestApp();
  if (t.dbKind === 'postgres') {
    ownerUrl = (t.ctx.db.$client as pg.Pool).options.connectionString ?? null;
    if (!ownerUrl) throw new Error('no connection string');
    await applyAppRole(ownerUrl);
    await applyAppRole(ownerUrl); // idempotent
  } else {
    const lite = t.ctx.db.$client as { exec(s: string): Promise<unknown> };
    await applyAppRoleWith({ exec: (s) => lite.exec(s) });
    await applyAppRoleWith({ exec: (s) => lite.exec(s) });
  }
  // Something to update or delete.
  await recordAudit(t.ctx.db, { actorId: null, action: 'drill.event', entityType: 'Test', entityId: 'x' });
});
afterAll(() => t?.close());

describe(`the application role (${APP_ROLE})`, () => {
  it('may not UPDATE, DELETE or TRUNCATE audit_events: the grant refuses it, before any trigger', async () => {
    await asAppRole(async (q) => {
      await expect(q(`UPDATE audit_events SET action = 'tampered'`)).rejects.toThrow(PERMISSION_DENIED);
      await expect(q('DELETE FROM audit_events')).rejects.toThrow(PERMISSION_DENIED);
      await expect(q('TRUNCATE audit_events')).rejects.toThrow(PERMISSION_DENIED);
      // …nor take the table over
      await expect(q('ALTER TABLE audit_events DISABLE TRIGGER ALL')).rejects.toThrow(/must be owner/);
    });
    const [{ n }] = await rowsOf<{ n: number }>(
      t.ctx.db.execute(sql`select count(*)::int as n from audit_events where action = 'tampered'`),
    );
    expect(n).toBe(0);
  });

  it('may read and append audit events, and read and write the other tables', async () => {
    await asAppRole(async (q) => {
      await q('SELECT count(*) FROM audit_events');
      await q('UPDATE wills SET updated_at = updated_at');
      await q('SELECT count(*) FROM users');
    });
  });

  it('the owner (migrations) is still stopped by the insert-only triggers: two independent locks', async () => {
    expect(await failure(t.ctx.db.execute(sql`update audit_events set action = 'tampered'`))).toMatch(/insert-only/);
    expect(await failure(t.ctx.db.execute(sql`delete from audit_events`))).toMatch(/insert-only/);
  });

  it("runs the API's own audit writes as that role, and the chain still verifies", async () => {
    if (ownerUrl) {
      // PostgreSQL: the role logs in on its own connection; the API opens it without migrating.
      const u = new URL(ownerUrl);
      u.username = APP_ROLE;
      u.password = '';
      const admin = await openDatabase({ url: ownerUrl, max: 1, migrate: false });
      await admin.db.execute(sql.raw(`ALTER ROLE ${APP_ROLE} LOGIN`));
      await admin.close();
      const app = await openDatabase({ url: u.toString(), max: 2, migrate: false });
      try {
        const [who] = await rowsOf<{ u: string }>(app.db.execute(sql`select current_user as u`));
        expect(who.u).toBe(APP_ROLE);
        await recordAudit(app.db, { actorId: null, action: 'drill.event', entityType: 'TestAsApp', entityId: 'x' });
        await app.db.select().from(wills).limit(1);
        expect(await failure(app.db.update(audit_events).set({ action: 'tampered' }))).toMatch(PERMISSION_DENIED);
        expect(await failure(app.db.execute(sql`delete from audit_events`))).toMatch(PERMISSION_DENIED);
        expect(await failure(app.db.execute(sql`update audit_events set action = 'tampered'`))).toMatch(
          PERMISSION_DENIED,
        );
        expect(await failure(app.db.execute(sql`truncate audit_events`))).toMatch(PERMISSION_DENIED);
      } finally {
        await app.close();
      }
    } else {
      // PGlite: one session, switched to the role around the API's own write.
      const lite = t.ctx.db.$client as {
        exec(s: string): Promise<unknown>;
        query(s: string): Promise<{ rows: unknown[] }>;
      };
      await lite.exec(`SET ROLE ${APP_ROLE}`);
      try {
        const { rows } = await lite.query('select current_user as u');
        expect(rows).toEqual([{ u: APP_ROLE }]);
        await recordAudit(t.ctx.db, { actorId: null, action: 'drill.event', entityType: 'TestAsApp', entityId: 'x' });
      } finally {
        await lite.exec('RESET ROLE');
      }
    }
    const [{ n }] = await rowsOf<{ n: number }>(
      t.ctx.db.execute(sql`select count(*)::int as n from audit_events where entity_type = 'TestAsApp'`),
    );
    expect(n).toBe(1);
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);
  });
});
