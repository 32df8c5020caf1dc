/**
 * Migrations carry every record of a database made by the main of issue 34 (commit fb8746e, last migration 0036;
 * issue 34 item 6 "Data carried whole"; ADR 0293). Today's app makes a realistic world over its HTTP API (test/
 * realistic-world.ts: wills in every status, a pending will amendment, a hibah amendment in force, every hibah
 * product, MyKad images, a transfer slip, signatures, witnesses, payments with receipts) and issues the will PDF,
 * the hibah certificate and receipts; its rows are copied into a database migrated only up to 0036 (for each table
 * of 0036, the columns of 0036), its files into a fresh folder; that database is migrated to the end. Then:
 * - every row of every 0036 table is there with the same value in every column that still exists;
 * - the tables a later migration rebuilds are rebuilt from those rows (0039 `receipt_counters` per issuer);
 * - every stored file an attachment or an issued document names is still readable, byte for byte;
 * - an app opened on the migrated database and folder renders the will PDF, the hibah certificate, the amended
 *   hibah and the receipts — the same sealed bytes as before the migration.
 * On PGlite, or on PostgreSQL when DATABASE_URL is set (fresh databases).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CopyReport, copyRows, differences, type Query, type Snapshot, snapshot } from '../../test/carry-data.ts';
import { makeTestApp, type TestApp } from '../../test/harness.ts';
import { emptyDatabase, migrationsUpTo } from '../../test/migrated-database.ts';
import { buildWorld, type World } from '../../test/realistic-world.ts';
import { LocalFileStore } from '../platform/files/storage.ts';
import { migrationsFolder } from './client.ts';

/** The last migration of the main the issue was filed against (fb8746e). */
const FILED_AT = '0036_wills_user_index_deleted_at';

let source: TestApp | undefined;
let migrated: TestApp | undefined;
let old: Awaited<ReturnType<typeof emptyDatabase>>;
let upTo: ReturnType<typeof migrationsUpTo>;
let world: World;
let filesDir: string;
let copied: CopyReport;
let sourceCounts: Record<string, number>;
let before: Snapshot;
let after: Snapshot;
/**
 * Tables a migration after 0036 rebuilds in a new shape, with how today's rows read in the 0036 shape. 0039
 * (ADR 0241) replaced the one receipt counter per organisation (`organization_key`: the organisation's id, '' for
 * none) by one per issuer and year (`issuer`: 'provider' for the provider and for payables without an
 * organisation) and rebuilt it from the issued receipts: today's counters are read back as the highest number of
 * each issuer under the provider's or the organisation's id, and after migrating the rebuilt counters must equal
 * today's.
 */
const OLD_SHAPES = {
  receipt_counters: `SELECT CASE WHEN issuer = 'provider' THEN (SELECT id FROM organizations WHERE code = 'PROVIDER')
      ELSE issuer END AS organization_key, max(last_no) AS last_no, min(created_at) AS created_at,
      max(updated_at) AS updated_at
    FROM receipt_counters GROUP BY 1`,
};
/** Today's receipt counters and each payment's receipt issuer (0039 derives both), as today's code wrote them. */
let todays: { counters: unknown[]; issuers: unknown[] };
/** The PDFs today's app issued before the copy: name → bytes. */
let issued: Record<string, Buffer>;

/** The documents the test renders on both sides: name → [path, owner's token]. */
const documents = (w: World): Record<string, [string, string]> => ({
  will: [`/api/wasiat/${w.wills.registered}/certificate/final`, w.willOwner],
  willReceipt: [`/api/wasiat/${w.slipPayment.will}/receipt`, w.slipPayment.owner],
  amendedWill: [`/api/amendment/${w.willAmendment.id}/certificate/comprehensive`, w.willAmendment.owner],
  hibah: [`/api/hibah/${w.hibah.id}/certificate`, w.hibah.owner],
  hibahAmendment: [`/api/amendment/${w.hibah.amendment}/certificate/comprehensive`, w.hibah.owner],
  slipReceipt: [`/api/payment/${w.slipPayment.id}/receipt`, w.slipPayment.owner],
});

async function render(t: TestApp, w: World) {
  const out: Record<string, Buffer> = {};
  for (const [name, [path, token]] of Object.entries(documents(w))) {
    const r = await t.call('GET', path, { token, headers: { Accept: 'application/pdf' } });
    if (r.status !== 200) throw new Error(`${name}: ${r.status} ${r.raw.toString('utf8').slice(0, 300)}`);
    out[name] = r.raw;
  }
  return out;
}

beforeAll(async () => {
  source = await makeTestApp();
  world = await buildWorld(source);
  const client = source.ctx.db.$client as { query: (text: string, params?: unknown[]) => Promise<{ rows: any[] }> };
  const q: Query = async (text, params) => (await client.query(text, params)).rows;
  // A will's governing state (0042, ADR 0260) has no column at 0036: a database of 0036 holds none, and the copy
  // cannot carry it. The wills are issued as such a database holds them (the printed text is the same either way:
  // the state of the permanent address; only the sealed version's hash covers the stored value).
  await q('UPDATE wills SET governing_state = NULL, governing_state_confirmed_at = NULL');
  issued = await render(source, world);
  // The files, as a backup of DATA_DIR/files would carry them.
  filesDir = mkdtempSync(join(tmpdir(), 'wasiat-carry-'));
  const store = new LocalFileStore(filesDir);
  for await (const f of source.ctx.store.list()) await store.put(f.key, await source.ctx.store.get(f.key));
  old = await emptyDatabase();
  upTo = migrationsUpTo(FILED_AT);
  await old.migrate(upTo.path);
  copied = await copyRows(q, old.query, OLD_SHAPES);
  todays = {
    counters: await q('SELECT issuer, year, last_no FROM receipt_counters ORDER BY 1, 2'),
    issuers: await q('SELECT id, receipt_issuer FROM payments ORDER BY id'),
  };
  sourceCounts = {};
  for (const table of Object.keys(copied.rows).filter((t) => !(t in OLD_SHAPES))) {
    sourceCounts[table] = (await q(`SELECT count(*)::int AS n FROM "${table}"`))[0].n;
  }
  before = await snapshot(old.query);
  await old.migrate(migrationsFolder);
  after = await snapshot(old.query);
  console.log(
    'EMPTY',
    [...before]
      .filter(([, v]) => v.rows.size === 0)
      .map(([k]) => k)
      .join(' '),
    'TABLES',
    before.size,
  );
  const signer = source.ctx.signer;
  await source.close();
  source = undefined;
  migrated = await makeTestApp({ open: { ...(await old.handoff()), filesDir, signer } });
}, 600_000);

afterAll(async () => {
  await source?.close();
  await migrated?.close();
  await old?.close();
  upTo?.remove();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

describe(`a database of ${FILED_AT} migrated to the end`, () => {
  it('copied the whole world into the old schema', () => {
    expect(copied.missingTables).toEqual([]);
    expect(copied.rows).toMatchObject(sourceCounts);
    for (const t of ['wills', 'hibahs', 'amendments', 'payments', 'attachments', 'witnesses', 'issued_documents']) {
      expect(copied.rows[t], t).toBeGreaterThan(0);
    }
  });

  it('keeps every row of every table with every value', () => {
    expect(differences(before, after, Object.keys(OLD_SHAPES))).toEqual([]);
  });

  it('rebuilds the receipt counters per issuer and year as today keeps them; every receipt has its issuer', async () => {
    expect(await old.query('SELECT issuer, year, last_no FROM receipt_counters ORDER BY 1, 2')).toEqual(
      todays.counters,
    );
    expect(todays.counters.length).toBeGreaterThan(0);
    expect(await old.query('SELECT id, receipt_issuer FROM payments ORDER BY id')).toEqual(todays.issuers);
  });

  it('keeps every stored file an attachment or an issued document names, byte for byte', async () => {
    const t = migrated as TestApp;
    const named = await old.query(
      `SELECT 'attachments' AS source, id, storage_key, sha256, size_bytes, type FROM attachments
       UNION ALL SELECT 'issued_documents', id, storage_key, sha256, size_bytes, kind FROM issued_documents`,
    );
    const kinds = new Set(named.map((f) => `${f.source}:${f.type}`));
    for (const k of [
      'attachments:mykad-front',
      'attachments:mykad-back',
      'attachments:payment',
      'issued_documents:will',
    ]) {
      expect(kinds, k).toContain(k);
    }
    for (const f of named) {
      const bytes = await t.ctx.store.get(f.storage_key);
      expect({ id: f.id, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length }).toEqual({
        id: f.id,
        sha256: f.sha256,
        size: f.size_bytes,
      });
    }
  });

  it('renders the will PDF, the hibah certificate, the amended hibah and the receipts as before', async () => {
    const now = await render(migrated as TestApp, world);
    for (const [name, bytes] of Object.entries(issued)) {
      expect(now[name].subarray(0, 5).toString('latin1'), name).toBe('%PDF-');
      expect(createHash('sha256').update(now[name]).digest('hex'), name).toBe(
        createHash('sha256').update(bytes).digest('hex'),
      );
    }
  });

  it('serves the migrated records to their owners and to staff', async () => {
    const t = migrated as TestApp;
    const w = await t.call('GET', `/api/wasiat/${world.wills.registered}`, { token: world.willOwner });
    expect(w.status).toBe(200);
    const staff = await t.login('staff');
    const statuses = { draft: 0, filled: 0, comprehensive: 0, submitted: 1, registered: 2, cancelled: 3 };
    for (const [name, id] of Object.entries(world.wills)) {
      const r = await t.call('GET', `/api/wasiat/${id}`, { token: staff });
      expect(r.status, name).toBe(200);
      expect(r.body.wasiat.status, name).toBe(statuses[name as keyof typeof statuses]);
    }
    for (const [code, p] of Object.entries(world.products)) {
      const r = await t.call('GET', `/api/hibah/${p.id}`, { token: staff });
      expect(r.status, code).toBe(200);
      expect(r.body.hibah.hibah_type, code).toBe(Number(code));
    }
    const a = await t.call('GET', `/api/amendment/${world.pendingAmendment}`, { token: staff });
    expect(a.body.amendment.status).toBe(1);
    for (const id of [world.hibah.amendment, world.willAmendment.id]) {
      const inForce = await t.call('GET', `/api/amendment/${id}`, { token: staff });
      expect(inForce.body.amendment.status).toBe(2);
    }
    const h = await t.call('GET', `/api/hibah/${world.hibah.id}`, { token: world.hibah.owner });
    expect(h.body.hibah.status).toBe(5);
  });
});
