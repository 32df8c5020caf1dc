/**
 * Migration 0056 (issue 34 "write it once"; ADR 0280) on a database that holds mails in both old outboxes: a
 * database is migrated up to 0055, given `death_mails` rows (an organisation's notice sent, an inquiry's answer
 * failing, an estate notice that `estate_notices` points to, a reporter's mail never tried) and `acceptance_mails`
 * rows (a guardian's link sent, a testator's notice of a decline that reached the attempt limit), then migrated to
 * the end. Every row is in `mail_outbox` whole — id, kind, reference, refs, recipient, text, attempts, claim, sent
 * state, error, creation time — the old tables are gone, and the estate notice still points to its mail (by a
 * foreign key to the new table). On PGlite, or on PostgreSQL when DATABASE_URL is set (a fresh database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase, migrationsUpTo } from '../../test/migrated-database.ts';
import { migrationsFolder } from './client.ts';

let database: Awaited<ReturnType<typeof emptyDatabase>>;
let before: ReturnType<typeof migrationsUpTo>;

const T = (s: string) => new Date(s).toISOString();

beforeAll(async () => {
  database = await emptyDatabase();
  before = migrationsUpTo('0055_list_indexes');
  await database.migrate(before.path);
  const q = database.query;
  await q(`INSERT INTO organizations (id, type, name, code) VALUES ('org-1', 'private', 'Rakan Sdn Bhd', 'RAKAN')`);
  await q(`INSERT INTO users (id, role, username, name) VALUES
    ('u-1', 'client', 'aminah', 'Aminah binti Ahmad'), ('u-2', 'staff', 'staf', 'Staf')`);
  await q(`INSERT INTO wills (id, user_id, created_by) VALUES ('w-1', 'u-1', 'u-1')`);
  await q(`INSERT INTO death_reports (id, deceased_ic, date_of_death, certificate_no, certificate_key, relationship,
      reporter_id) VALUES ('dr-1', '500101145566', '2026-01-02', 'BD 1', 'BD1', 'anak', 'u-2')`);
  await q(`INSERT INTO will_inquiries (id, deceased_ic, certificate_no, certificate_key, email)
    VALUES ('wi-1', '500101145566', 'BD 1', 'BD1', 'tanya@example.com')`);
  await q(`INSERT INTO death_mails (id, death_report_id, kind, organization_id, will_inquiry_id, to_email, subject, body,
      claimed_at, sent_at, attempts, last_error, created_at) VALUES
    ('dm-org', 'dr-1', 'organisation', 'org-1', NULL, 'rakan@example.com', 'Notis / Notice', 'Badan / Body',
      '2026-01-03T01:00:00Z', '2026-01-03T01:00:05Z', 1, NULL, '2026-01-03T01:00:00Z'),
    ('dm-inq', 'dr-1', 'inquiry', NULL, 'wi-1', 'tanya@example.com', 'Jawapan / Answer', 'Ya / Yes',
      '2026-01-03T02:00:00Z', NULL, 3, 'SMTP down', '2026-01-03T01:00:01Z'),
    ('dm-est', 'dr-1', 'estate_notice', 'org-1', NULL, 'bank@example.com', 'Notis kematian', 'Kepada Bank',
      NULL, '2026-01-04T01:00:05Z', 2, NULL, '2026-01-04T01:00:00Z'),
    ('dm-rep', 'dr-1', 'reporter', NULL, NULL, 'staf@example.com', 'Keputusan / Outcome', 'Disahkan',
      NULL, NULL, 0, NULL, '2026-01-03T01:00:02Z')`);
  await q(`INSERT INTO role_acceptances (id, wasiat_id, role, person_name, person_id_number, role_key)
    VALUES ('ra-1', 'w-1', 'guardian', 'Fatimah binti Omar', '880101145566', 'g|880101145566')`);
  await q(`INSERT INTO acceptance_mails (id, acceptance_id, kind, to_email, claimed_at, sent_at, attempts, last_error,
      created_at) VALUES
    ('am-ask', 'ra-1', 'ask', 'fatimah@example.com', '2026-02-01T01:00:00Z', '2026-02-01T01:00:03Z', 1, NULL,
      '2026-02-01T01:00:00Z'),
    ('am-dec', 'ra-1', 'declined', 'aminah@example.com', NULL, NULL, 8, 'Mailbox unavailable', '2026-02-02T01:00:00Z')`);
  await q(`INSERT INTO notice_recipients (id, organization_id, name, kind, email)
    VALUES ('nr-1', 'org-1', 'Bank Rakyat', 'bank', 'bank@example.com')`);
  await q(`INSERT INTO estate_notices (id, death_report_id, recipient_id, recipient_name, to_email, reference, listed,
      contact, death_mail_id, sent_by) VALUES
    ('en-1', 'dr-1', 'nr-1', 'Bank Rakyat', 'bank@example.com', 'EN-1', '[]', 'Rosli', 'dm-est', 'u-2')`);
  await database.migrate(migrationsFolder);
}, 240_000);
afterAll(async () => {
  await database?.close();
  before?.remove();
});

describe('migration 0056: one mail outbox', () => {
  it('carries every mail of both outboxes whole', async () => {
    const rows = await database.query('SELECT * FROM mail_outbox ORDER BY id');
    const by = Object.fromEntries(
      rows.map((r) => [
        r.id,
        {
          ...r,
          claimed_at: r.claimed_at && T(r.claimed_at),
          sent_at: r.sent_at && T(r.sent_at),
          created_at: T(r.created_at),
        },
      ]),
    );
    expect(Object.keys(by)).toEqual(['am-ask', 'am-dec', 'dm-est', 'dm-inq', 'dm-org', 'dm-rep']);
    expect(by['dm-org']).toEqual({
      id: 'dm-org',
      kind: 'organisation',
      subject_ref: 'dr-1',
      refs: { organization_id: 'org-1' },
      to_email: 'rakan@example.com',
      subject: 'Notis / Notice',
      body: 'Badan / Body',
      attempts: 1,
      claimed_at: T('2026-01-03T01:00:00Z'),
      sent_at: T('2026-01-03T01:00:05Z'),
      last_error: null,
      created_at: T('2026-01-03T01:00:00Z'),
    });
    expect(by['dm-inq']).toMatchObject({
      kind: 'inquiry',
      subject_ref: 'dr-1',
      refs: { will_inquiry_id: 'wi-1' },
      subject: 'Jawapan / Answer',
      body: 'Ya / Yes',
      attempts: 3,
      claimed_at: T('2026-01-03T02:00:00Z'),
      sent_at: null,
      last_error: 'SMTP down',
      created_at: T('2026-01-03T01:00:01Z'),
    });
    expect(by['dm-est']).toMatchObject({ kind: 'estate_notice', refs: { organization_id: 'org-1' }, attempts: 2 });
    expect(by['dm-rep']).toMatchObject({ kind: 'reporter', refs: null, attempts: 0, sent_at: null, claimed_at: null });
    expect(by['am-ask']).toEqual({
      id: 'am-ask',
      kind: 'acceptance.ask',
      subject_ref: 'ra-1',
      refs: null,
      to_email: 'fatimah@example.com',
      subject: null,
      body: null,
      attempts: 1,
      claimed_at: T('2026-02-01T01:00:00Z'),
      sent_at: T('2026-02-01T01:00:03Z'),
      last_error: null,
      created_at: T('2026-02-01T01:00:00Z'),
    });
    expect(by['am-dec']).toMatchObject({
      kind: 'acceptance.declined',
      subject_ref: 'ra-1',
      to_email: 'aminah@example.com',
      attempts: 8,
      sent_at: null,
      last_error: 'Mailbox unavailable',
      created_at: T('2026-02-02T01:00:00Z'),
    });
  });

  it('drops the old tables; the estate notice keeps its mail, by a key to the new table', async () => {
    const [old] = await database.query(
      `SELECT to_regclass('public.death_mails') AS deaths, to_regclass('public.acceptance_mails') AS acceptances`,
    );
    expect(old).toEqual({ deaths: null, acceptances: null });
    const [notice] = await database.query(`SELECT death_mail_id FROM estate_notices WHERE id = 'en-1'`);
    expect(notice.death_mail_id).toBe('dm-est');
    const dangling = database.query(
      `INSERT INTO estate_notices (id, death_report_id, recipient_id, recipient_name, to_email, reference, listed,
         contact, death_mail_id, sent_by)
       VALUES ('en-2', 'dr-1', 'nr-1', 'Bank Rakyat', 'bank@example.com', 'EN-2', '[]', 'Rosli', 'no-such-mail', 'u-2')`,
    );
    await expect(dangling).rejects.toMatchObject({ code: '23503' });
    const indexes = await database.query(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'mail_outbox' ORDER BY indexname`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual([
      'mail_outbox_due_idx',
      'mail_outbox_pkey',
      'mail_outbox_subject_idx',
    ]);
  });
});
