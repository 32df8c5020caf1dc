/**
 * Migration 0058 (issue 40 items 4–5; ADR 0282) on a database that holds consents: a database is migrated up to
 * 0056, given a will heir's consent and guardianship mark and an heir added on the estate file, then migrated to the
 * end. The consent, the mark and the correction are there whole; a consent and a mark keyed to the added heir (its
 * `estate_heir_changes` id, not a `heirs` row) can now be recorded; the added heir can carry an e-mail. On PGlite,
 * or on PostgreSQL when DATABASE_URL is set (a fresh database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase, migrationsUpTo } from '../../test/migrated-database.ts';
import { migrationsFolder } from './client.ts';

let database: Awaited<ReturnType<typeof emptyDatabase>>;
let before: ReturnType<typeof migrationsUpTo>;

beforeAll(async () => {
  database = await emptyDatabase();
  before = migrationsUpTo('0056_mail_outbox');
  await database.migrate(before.path);
  const q = database.query;
  await q(`INSERT INTO users (id, role, username, name) VALUES
    ('u-1', 'client', 'aminah', 'Aminah binti Ahmad'), ('u-2', 'staff', 'staf', 'Staf')`);
  await q(`INSERT INTO wills (id, user_id, created_by) VALUES ('w-1', 'u-1', 'u-1')`);
  await q(`INSERT INTO heirs (id, heirable_type, heirable_id, name, relationship, ic_number)
    VALUES ('h-1', 'Wasiat', 'w-1', 'Nur binti Hassan', 'son', '080101145552')`);
  await q(`INSERT INTO death_reports (id, deceased_ic, date_of_death, certificate_no, certificate_key, relationship,
      reporter_id) VALUES ('dr-1', '500101145566', '2026-01-02', 'BD 1', 'BD1', 'anak', 'u-2')`);
  await q(`INSERT INTO death_releases (id, death_report_id, instrument_type, instrument_id, instrument_reference,
      person_name, person_id_number, role, roles, email) VALUES
    ('rel-1', 'dr-1', 'Wasiat', 'w-1', 'W2026-000001', 'Nur binti Hassan', '080101145552', 'heir', '["heir"]',
      'nur@example.com')`);
  await q(`INSERT INTO estate_consents (id, death_report_id, wasiat_id, heir_id, release_id, bequest_ref, reason,
      amount_sen, label, decision, decided_at, ip) VALUES
    ('ec-1', 'dr-1', 'w-1', 'h-1', 'rel-1', 'bequest:b-1', 'to_heir', 500000, 'Wasiat am', 'consented',
      '2026-01-05T01:00:00Z', '10.0.0.1')`);
  await q(`INSERT INTO estate_heir_wards (death_report_id, heir_id, under_guardianship, note, set_by)
    VALUES ('dr-1', 'h-1', false, 'cleared', 'u-2')`);
  await q(`INSERT INTO estate_heir_changes (id, death_report_id, kind, name, relationship, ic_number, event_date,
      created_by) VALUES ('chg-1', 'dr-1', 'added', 'Said bin Hassan', 'son', '900202145537', '2026-01-10', 'u-2')`);
  await database.migrate(migrationsFolder);
}, 240_000);
afterAll(async () => {
  await database?.close();
  before?.remove();
});

describe('migration 0058: consents keyed to the estate heir', () => {
  it('carries the consent, the guardianship mark and the added heir whole', async () => {
    const [c] = await database.query('SELECT * FROM estate_consents');
    expect(c).toMatchObject({
      id: 'ec-1',
      heir_id: 'h-1',
      release_id: 'rel-1',
      bequest_ref: 'bequest:b-1',
      reason: 'to_heir',
      label: 'Wasiat am',
      decision: 'consented',
      ip: '10.0.0.1',
    });
    expect(Number(c.amount_sen)).toBe(500000);
    expect(new Date(c.decided_at).toISOString()).toBe('2026-01-05T01:00:00.000Z');
    expect(await database.query('SELECT heir_id, under_guardianship, note FROM estate_heir_wards')).toEqual([
      { heir_id: 'h-1', under_guardianship: false, note: 'cleared' },
    ]);
    const [chg] = await database.query('SELECT id, name, ic_number, email FROM estate_heir_changes');
    expect(chg).toEqual({ id: 'chg-1', name: 'Said bin Hassan', ic_number: '900202145537', email: null });
  });

  it('records a consent and a mark of an heir added on the file, and an added heir’s e-mail', async () => {
    await database.query(`UPDATE estate_heir_changes SET email = 'said@example.com' WHERE id = 'chg-1'`);
    await database.query(`INSERT INTO estate_consents (id, death_report_id, wasiat_id, heir_id, release_id,
        bequest_ref, reason, amount_sen, label, decision, decided_at) VALUES
      ('ec-2', 'dr-1', 'w-1', 'chg-1', 'rel-1', 'bequest:b-1', 'to_heir', 500000, 'Wasiat am', 'refused', now())`);
    await database.query(`INSERT INTO estate_heir_wards (death_report_id, heir_id, under_guardianship, set_by)
      VALUES ('dr-1', 'chg-1', true, 'u-2')`);
    expect((await database.query(`SELECT heir_id FROM estate_consents ORDER BY id`)).map((r) => r.heir_id)).toEqual([
      'h-1',
      'chg-1',
    ]);
    const [chg] = await database.query(`SELECT email FROM estate_heir_changes WHERE id = 'chg-1'`);
    expect(chg.email).toBe('said@example.com');
  });
});
