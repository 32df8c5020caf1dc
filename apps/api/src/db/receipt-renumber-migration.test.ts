/**
 * Migration 0039 (issue 38 item 1; ADR 0241) on a database that holds duplicate receipt numbers: a database is
 * migrated up to 0038, given the receipts the two provider counters issued (a qurban purchase without an
 * organisation and a will of the provider organisation, both R2026-000001 …), then migrated to the end. The later
 * duplicate of each number is renumbered after the issuer's highest number of its year, keeps its old number, and
 * its receipt e-mail is due again; other receipts and other issuers are untouched; the counters continue the
 * sequences; and the unique index then refuses a duplicate. On PGlite, or on PostgreSQL when DATABASE_URL is set
 * (a fresh database, dropped at the end).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase, migrationsUpTo } from '../../test/migrated-database.ts';
import { migrationsFolder } from './client.ts';

let database: Awaited<ReturnType<typeof emptyDatabase>>;
let before: ReturnType<typeof migrationsUpTo> | undefined;

beforeAll(async () => {
  database = await emptyDatabase();
  before = migrationsUpTo('0038_status_notices');
  await database.migrate(before.path);
  const q = database.query;
  await q(`INSERT INTO organizations (id, type, name, code) VALUES
    ('org-provider', 'provider', 'Wasiat Platform Berhad', 'PROVIDER'),
    ('org-partner', 'private', 'Rakan Sdn Bhd', 'RAKAN')`);
  // The schema of 0038: receipts numbered per organisation key ('' for none); the provider had two keys.
  const rows: [string, string | null, string, string][] = [
    ['q1', null, 'R2026-000001', '2026-03-01T02:00:00Z'],
    ['w1', 'org-provider', 'R2026-000001', '2026-03-02T02:00:00Z'],
    ['q2', null, 'R2026-000002', '2026-03-03T02:00:00Z'],
    ['h1', 'org-provider', 'R2026-000002', '2026-03-04T02:00:00Z'],
    ['q3', null, 'R2026-000003', '2026-03-05T02:00:00Z'],
    ['p1', 'org-partner', 'R2026-000001', '2026-03-01T03:00:00Z'],
    ['w0', 'org-provider', 'R2025-000001', '2025-12-01T02:00:00Z'],
    ['q0', null, 'R2025-000001', '2025-12-02T02:00:00Z'],
  ];
  for (const [id, org, no, at] of rows) {
    await q(
      `INSERT INTO payments (id, paymentable_type, paymentable_id, payment_options_id, amount_sen, status,
         receipt_no, organization_id, paid_at, created_at, receipt_mail_status, receipt_mailed_at, receipt_mail_attempts)
       VALUES ($1, $2, $1, 1, 30000, 'paid', $3, $4, $5, $5, 'sent', $5, 1)`,
      [id, org ? 'Wasiat' : 'QurbanTransaction', no, org, at],
    );
  }
  await q(
    `INSERT INTO receipt_counters (organization_key, last_no) VALUES ('', 3), ('org-provider', 2), ('org-partner', 1)`,
  );
  await database.migrate(migrationsFolder);
});
afterAll(async () => {
  await database?.close();
  before?.remove();
});

describe('migration 0039: duplicate receipt numbers', () => {
  it('renumbers the later duplicate after the issuer’s highest number of the year and keeps the old number', async () => {
    const got = await database.query(
      `SELECT id, receipt_issuer, receipt_no, previous_receipt_no, receipt_mail_status, receipt_mail_attempts
       FROM payments ORDER BY id`,
    );
    const by = Object.fromEntries(got.map((r) => [r.id, r]));
    expect(by.q1).toMatchObject({ receipt_issuer: 'provider', receipt_no: 'R2026-000001', previous_receipt_no: null });
    expect(by.q2).toMatchObject({ receipt_issuer: 'provider', receipt_no: 'R2026-000002', previous_receipt_no: null });
    expect(by.q3).toMatchObject({ receipt_issuer: 'provider', receipt_no: 'R2026-000003', previous_receipt_no: null });
    expect(by.w1).toMatchObject({
      receipt_issuer: 'provider',
      receipt_no: 'R2026-000004',
      previous_receipt_no: 'R2026-000001',
    });
    expect(by.h1).toMatchObject({
      receipt_issuer: 'provider',
      receipt_no: 'R2026-000005',
      previous_receipt_no: 'R2026-000002',
    });
    // The year printed in the number is kept: the 2025 duplicate continues 2025.
    expect(by.w0).toMatchObject({ receipt_no: 'R2025-000001', previous_receipt_no: null });
    expect(by.q0).toMatchObject({ receipt_no: 'R2025-000002', previous_receipt_no: 'R2025-000001' });
    // Another organisation is its own issuer: its R2026-000001 is no duplicate.
    expect(by.p1).toMatchObject({
      receipt_issuer: 'org-partner',
      receipt_no: 'R2026-000001',
      previous_receipt_no: null,
    });
    // The renumbered receipts are mailed again (the PDF is made from the row, so it prints the new number).
    for (const id of ['w1', 'h1', 'q0']) {
      expect(by[id], id).toMatchObject({ receipt_mail_status: 'pending', receipt_mail_attempts: 0 });
    }
    for (const id of ['q1', 'q2', 'q3', 'w0', 'p1']) expect(by[id].receipt_mail_status, id).toBe('sent');
  });

  it('continues each issuer’s sequence per year and refuses a duplicate', async () => {
    const counters = await database.query('SELECT issuer, year, last_no FROM receipt_counters ORDER BY issuer, year');
    expect(counters).toEqual([
      { issuer: 'org-partner', year: 2026, last_no: 1 },
      { issuer: 'provider', year: 2025, last_no: 2 },
      { issuer: 'provider', year: 2026, last_no: 5 },
    ]);
    const dup = database.query(
      `INSERT INTO payments (id, paymentable_type, paymentable_id, payment_options_id, amount_sen, status, receipt_no,
         receipt_issuer) VALUES ('x1', 'Wasiat', 'x1', 1, 100, 'paid', 'R2026-000005', 'provider')`,
    );
    await expect(dup).rejects.toMatchObject({ code: '23505' });
  });
});
