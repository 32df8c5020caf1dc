/**
 * Death reports and their verification (issue 40 item 1; ADR 0261), over HTTP on a real database (PGlite, or
 * PostgreSQL with DATABASE_URL) and the test SMTP server: a report says nothing of the deceased; duplicates,
 * future dates and reporters without eKYC are refused by name; two different staff members verify a deceased with
 * a registered will, and the reporter never does; a verified death locks the will (an edit is refused), closes the
 * draft amendment, stops the reminders and tells the registering organisation; another organisation gets a 404.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { newId } from '../../db/schema/_common.ts';
import {
  amendments,
  audit_events,
  death_closures,
  death_reports,
  organizations,
  review_reminders,
  user_ekyc,
} from '../../db/schema/index.ts';
import { decodeMail } from '../amendments/hibah-test-fixtures.ts';
import { insertUser } from '../documents/fixtures.ts';
import { runReviewReminders } from '../reminders/index.ts';
import { type Client, newClient, newMykad, ok, orgAndBranch, userDetail } from '../wills/test-fixtures.ts';
import { personWithRegisteredWill, reportBody, unregisteredMykad, verifiedReporter } from './test-fixtures.ts';

let t: TestApp;
let staff: string;
let officer: string;
let admin: string;
let partner: string;
let otherPartner: string;
let reporter: Client;
let deceased: Awaited<ReturnType<typeof personWithRegisteredWill>>;
let draftWill: string;
let hibah: string;
let amendment: string;
let reportId: string;

const report = (token: string, body: unknown, lang: 'ms' | 'en' = 'en') =>
  t.call('POST', '/api/death-report', { token, body, lang });

beforeAll(async () => {
  t = await makeTestApp();
  [staff, officer, admin, partner] = [
    await t.login('staff'),
    await t.login('officer'),
    await t.login('admin'),
    await t.login('partner'),
  ];
  // A partner of another organisation.
  await t.ctx.db.insert(organizations).values({ type: 'private', name: 'Lain Amanah Berhad', code: 'LAINDTH' });
  await insertUser(t.ctx, { username: 'lain.partner.d', role: 'Partner', ic: newMykad(), orgCode: 'LAINDTH' });
  otherPartner = await t.login('lain.partner.d');
  reporter = await verifiedReporter(t);
  deceased = await personWithRegisteredWill(t);
  // The deceased's draft will, a hibah being filled in and an open amendment of the registered will.
  draftWill = (await ok(t.call('POST', '/api/wasiat', { token: deceased.token, body: { user_id: deceased.id } }), 201))
    .wasiat.id;
  hibah = (
    await ok(
      t.call('POST', '/api/hibah', { token: deceased.token, body: { user_id: deceased.id, hibah_type: 9 } }),
      201,
    )
  ).hibah.id;
  amendment = newId();
  await t.ctx.db.insert(amendments).values({
    id: amendment,
    amendmentable_type: 'Wasiat',
    amendmentable_id: deceased.willId,
    user_id: deceased.id,
    reference_no: `P2026-9${amendment.slice(0, 5)}`,
    status: 0,
  });
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('reporting a death', () => {
  it('refuses, by field and in the request language, what is not a report', async () => {
    const ic = unregisteredMykad();
    const noEkyc = await newClient(t);
    const r1 = await report(noEkyc.token, reportBody(ic), 'ms');
    expect(r1.status).toBe(422);
    expect(r1.body.errors.ekyc).toEqual(['Sahkan identiti anda (eKYC) di halaman eKYC sebelum melaporkan kematian.']);
    const future = await report(reporter.token, reportBody(ic, { date_of_death: '2999-01-01' }));
    expect(future.body.errors.date_of_death).toEqual(['The date of death cannot be later than today.']);
    const beforeBirth = await report(reporter.token, reportBody(deceased.ic, { date_of_death: '1979-12-31' }));
    expect(beforeBirth.body.errors.date_of_death).toEqual([
      'The date of death is before the date of birth in the MyKad number.',
    ]);
    const self = await report(reporter.token, reportBody(reporter.ic));
    expect(self.body.errors.deceased_ic_number).toEqual(['You cannot report your own death.']);
    const asStaff = await report(reporter.token, reportBody(ic, { relationship: 'staff' }));
    expect(asStaff.body.errors.relationship[0]).toMatch(/Only staff report as staff/);
    const notAScan = await report(reporter.token, reportBody(ic, { certificate: 'data:text/plain;base64,aGVsbG8=' }));
    expect(notAScan.body.errors.certificate).toEqual(['This file type is not allowed.']);
    // The accountant may not report at all (the permission table).
    expect((await report(await t.login('accountant'), reportBody(ic))).status).toBe(403);
  });

  it('answers the same whether or not the deceased is registered, and refuses a duplicate clearly', async () => {
    const unknown = await report(reporter.token, reportBody(unregisteredMykad()));
    const known = await report(reporter.token, reportBody(deceased.ic));
    expect([unknown.status, known.status]).toEqual([201, 201]);
    const strip = (b: any) => ({
      ...b,
      death_report: { ...b.death_report, id: 'x', deceased_ic_number: 'x', created_at: 'x' },
    });
    expect(strip(known.body)).toEqual(strip(unknown.body));
    expect(Object.keys(known.body.death_report).sort()).toEqual(
      [
        'certificate_no',
        'created_at',
        'date_of_death',
        'decided_at',
        'deceased_ic_number',
        'id',
        'refusal_reason',
        'relationship',
        'status',
      ].sort(),
    );
    reportId = known.body.death_report.id;
    // The reporter's own view says nothing more while it is pending.
    const read = await t.call('GET', `/api/death-report/${reportId}`, { token: reporter.token });
    expect(read.body.death_report).toEqual(known.body.death_report);
    for (const lang of ['ms', 'en'] as const) {
      const again = await report(staff, reportBody(deceased.ic, { relationship: 'staff' }), lang);
      expect(again.status).toBe(422);
      expect(again.body.errors.deceased_ic_number[0]).toBe(
        lang === 'ms'
          ? 'Laporan kematian bagi nombor MyKad ini sedang disemak atau telah disahkan. Ia tidak perlu dilaporkan lagi.'
          : 'A death report for this MyKad number is already being checked or has been verified. It does not need to be reported again.',
      );
    }
    const staffList = await t.call('GET', '/api/death-report?status=pending', { token: staff });
    const row = staffList.body.death_reports.data.find((x: any) => x.id === reportId);
    expect(row).toMatchObject({ verifications_needed: 2, reporter_name: `Klien ${reporter.ic}`, status: 'pending' });
    expect((await t.call('GET', row.certificate_url, { token: staff })).status).toBe(200);
    expect((await t.call('GET', row.certificate_url, { token: partner })).status).toBe(404);
  });

  it('before verification the deceased can still change their records', async () => {
    const ob = await orgAndBranch(t);
    await ok(
      t.call('PATCH', `/api/wasiat/${draftWill}`, {
        token: deceased.token,
        body: { ...ob, wasiat_type: 1, plan: 'basic' },
      }),
    );
    await ok(
      t.call('POST', `/api/hibah/${hibah}/user-detail`, { token: deceased.token, body: userDetail(deceased.ic) }),
    );
    expect(await runReviewReminders(t.ctx, new Date('2027-11-23T00:30:00Z'))).toMatchObject({ failed: 0 });
    const sent = await t.ctx.db.select().from(review_reminders).where(eq(review_reminders.wasiat_id, deceased.willId));
    expect(sent.map((r) => r.occasion)).toEqual(['2027']);
  });
});

describe('verifying a death', () => {
  it('needs two different staff members for a deceased with a registered will; the reporter never verifies', async () => {
    const own = await ok(report(admin, reportBody(unregisteredMykad(), { relationship: 'staff' })), 201);
    const mine = await t.call('POST', `/api/death-report/${own.death_report.id}/verify`, { token: admin });
    expect(mine.status).toBe(422);
    expect(mine.body.errors._).toEqual(['You made this report, so another staff member must verify or refuse it.']);
    expect((await t.call('POST', `/api/death-report/${reportId}/verify`, { token: partner })).status).toBe(403);

    const first = await ok(t.call('POST', `/api/death-report/${reportId}/verify`, { token: staff }));
    expect(first.message).toBe('First verification recorded. A second staff member must verify the report.');
    expect(first.death_report).toMatchObject({ status: 'pending', verifications_needed: 2 });
    const twice = await t.call('POST', `/api/death-report/${reportId}/verify`, { token: staff, lang: 'ms' });
    expect(twice.body.errors._[0]).toMatch(/^Anda telah mengesahkan laporan ini/);
    // Nothing is locked yet.
    const [still] = await t.ctx.db.select().from(amendments).where(eq(amendments.id, amendment));
    expect(still.status).toBe(0);

    const before = t.mails.length;
    const second = await ok(t.call('POST', `/api/death-report/${reportId}/verify`, { token: officer }));
    expect(second.message).toBe('The death has been verified.');
    expect(second.death_report).toMatchObject({ status: 'verified', deceased_name: `Klien ${deceased.ic}` });
    expect(second.death_report.records.map((r: any) => [r.type, r.state]).sort()).toEqual([
      ['Amendment', 'amendment_closed'],
      ['Hibah', 'closed'],
      ['Wasiat', 'closed'],
      ['Wasiat', 'registered'],
    ]);
    // The registering organisation (DEMO) is told: its partner user gets the notice.
    await expect.poll(() => t.mails.slice(before).filter((m) => m.to.includes('partner@wasiat.local')).length).toBe(1);
    const mail = decodeMail(t.mails.slice(before).find((m) => m.to.includes('partner@wasiat.local'))?.raw ?? '');
    expect(mail).toContain(`Kematian disahkan: Klien ${deceased.ic}`);
    expect(mail).toContain(`- Wasiat ${deceased.wasiatNo}: berdaftar, kini dikunci`);
    expect(mail).toContain(`- Will ${deceased.wasiatNo}: registered, now locked`);
    expect(mail).toContain(`(MyKad ${deceased.ic.slice(0, 6)}****${deceased.ic.slice(-2)})`); // masked
  });

  it('locks the records: a will edit, a hibah edit and a new amendment are refused; the draft amendment is closed', async () => {
    const ob = await orgAndBranch(t);
    const edit = await t.call('PATCH', `/api/wasiat/${draftWill}`, {
      token: deceased.token,
      body: { ...ob, wasiat_type: 1, plan: 'comprehensive' },
      lang: 'ms',
    });
    expect(edit.status).toBe(422);
    expect(edit.body.errors._).toEqual(['Rekod ini tidak lagi boleh diubah: kematian pemiliknya telah disahkan.']);
    const h = await t.call('POST', `/api/hibah/${hibah}/user-detail`, {
      token: deceased.token,
      body: userDetail(deceased.ic),
    });
    expect(h.body.errors?._).toEqual([
      'This record can no longer be changed: the death of its owner has been verified.',
    ]);
    const [a] = await t.ctx.db.select().from(amendments).where(eq(amendments.id, amendment));
    expect(a.status).toBe(5);
    expect(a.reason).toMatch(
      /^Ditutup: kematian pemilik disahkan pada .* \/ Closed: the owner's death was verified on /,
    );
    const apply = await t.call('POST', '/api/amendment', {
      token: deceased.token,
      body: { amendmentable_type: 'Wasiat', amendmentable_id: deceased.willId },
    });
    expect(apply.status).toBe(422);
    expect(apply.body.errors._[0]).toMatch(/can no longer be changed/);
    // No reminder for the next anniversary.
    await runReviewReminders(t.ctx, new Date('2028-11-23T00:30:00Z'));
    const sent = await t.ctx.db.select().from(review_reminders).where(eq(review_reminders.wasiat_id, deceased.willId));
    expect(sent.map((r) => r.occasion)).toEqual(['2027']);
  });

  it('audits every step', async () => {
    const events = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_type, 'DeathReport'), eq(audit_events.entity_id, reportId)));
    expect(events.map((e) => e.action)).toEqual([
      'death.report',
      'death.verify_first',
      'death.verify',
      // the demo organisation (the registered will) and the provider (the drafts the client started alone)
      'death.organisation_notified',
      'death.organisation_notified',
    ]);
    const closures = await t.ctx.db.select().from(death_closures).where(eq(death_closures.death_report_id, reportId));
    for (const c of closures) {
      const [e] = await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, c.record_id));
      expect(e, c.record_type).toBeDefined();
    }
  });

  it('verifies at once when nothing is registered, refuses with a reason, and then takes a new report', async () => {
    const plain = await ok(report(reporter.token, reportBody(unregisteredMykad())), 201);
    const v = await ok(t.call('POST', `/api/death-report/${plain.death_report.id}/verify`, { token: staff }));
    expect(v.death_report).toMatchObject({ status: 'verified', verifications_needed: 1, records: [] });

    const ic = unregisteredMykad();
    const wrong = await ok(report(reporter.token, reportBody(ic)), 201);
    const noReason = await t.call('POST', `/api/death-report/${wrong.death_report.id}/refuse`, {
      token: staff,
      body: {},
    });
    expect(noReason.body.errors.reason).toEqual(['Give the reason for the refusal (at least 3 characters).']);
    await ok(
      t.call('POST', `/api/death-report/${wrong.death_report.id}/refuse`, {
        token: officer,
        body: { reason: 'Nombor sijil tidak sepadan dengan imbasan' },
      }),
    );
    const seen = await ok(t.call('GET', `/api/death-report/${wrong.death_report.id}`, { token: reporter.token }));
    expect(seen.death_report).toMatchObject({
      status: 'refused',
      refusal_reason: 'Nombor sijil tidak sepadan dengan imbasan',
    });
    const late = await t.call('POST', `/api/death-report/${wrong.death_report.id}/verify`, { token: admin });
    expect(late.body.errors._).toEqual(['This report has already been decided.']);
    expect((await report(reporter.token, reportBody(ic, { certificate_no: 'BD 654321' }))).status).toBe(201);
  });
});

describe('who sees a report', () => {
  it("the registering organisation sees the verified report; another organisation's partner, agents and clients get 404", async () => {
    const demo = await ok(t.call('GET', `/api/death-report/${reportId}`, { token: partner }));
    expect(demo.death_report).toMatchObject({ status: 'verified', deceased_name: `Klien ${deceased.ic}` });
    expect(demo.death_report.reporter_name).toBeUndefined();
    const agent = await t.login('agent');
    const other = await newClient(t);
    for (const token of [otherPartner, agent, other.token]) {
      expect((await t.call('GET', `/api/death-report/${reportId}`, { token })).status).toBe(404);
      const list = await ok(t.call('GET', '/api/death-report', { token }));
      expect(list.death_reports.data.map((x: any) => x.id)).not.toContain(reportId);
    }
    // A pending report is the reporter's and staff's only.
    const pending = await ok(report(reporter.token, reportBody(deceased.ic.replace(/^800101/, '810101'))), 201);
    expect((await t.call('GET', `/api/death-report/${pending.death_report.id}`, { token: partner })).status).toBe(404);
    expect((await t.call('GET', `/api/death-report/${pending.death_report.id}`, { token: staff })).status).toBe(200);
    expect((await t.call('GET', '/api/death-report/nope')).status).toBe(401);
  });

  it('documents its routes in the OpenAPI document and ignores fields a reporter may not set', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).body;
    const body = doc.paths['/api/death-report'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['deceased_ic_number', 'date_of_death', 'certificate_no', 'certificate', 'relationship']),
    );
    expect(doc.paths['/api/death-report/{id}/refuse'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/death-report/{id}'].get).toBeDefined();
    expect(
      Object.keys(doc.paths['/api/will-inquiry'].post.requestBody.content['application/json'].schema.properties),
    ).toEqual(['deceased_ic_number', 'certificate_no', 'email']);
    const forged = await ok(
      report(
        reporter.token,
        reportBody(unregisteredMykad(), {
          status: 'verified',
          verified_by: reporter.id,
          deceased_user_id: reporter.id,
        }),
      ),
      201,
    );
    const [row] = await t.ctx.db.select().from(death_reports).where(eq(death_reports.id, forged.death_report.id));
    expect(row).toMatchObject({ status: 'pending', verified_by: null, deceased_user_id: null });
  });

  it('a reporter without eKYC who passes it later may report', async () => {
    const c = await newClient(t);
    const ic = unregisteredMykad();
    expect((await report(c.token, reportBody(ic))).status).toBe(422);
    await t.ctx.db.insert(user_ekyc).values({ user_id: c.id, ekyc_verified_at: new Date(), ekyc_method: 'Manual' });
    expect((await report(c.token, reportBody(ic))).status).toBe(201);
  });
});
