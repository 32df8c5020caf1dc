/**
 * The reporter is mailed the outcome of their report (issue 40 item 1; ADR 0261): a refusal with the reason staff
 * recorded, then — reported again — the verification; the MyKad masked, and nothing said about any will or hibah.
 * Over HTTP on a real database (PGlite, or PostgreSQL with DATABASE_URL) and the test SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { mailTo } from '../amendments/hibah-test-fixtures.ts';
import { type Client, ok } from '../wills/test-fixtures.ts';
import { personWithRegisteredWill, reportBody, verifiedReporter } from './test-fixtures.ts';

let t: TestApp;
let staff: string;
let officer: string;
let reporter: Client;
let deceased: Awaited<ReturnType<typeof personWithRegisteredWill>>;
const reporterEmail = () => `c${reporter.ic}@example.com`;

beforeAll(async () => {
  t = await makeTestApp();
  [staff, officer] = [await t.login('staff'), await t.login('officer')];
  reporter = await verifiedReporter(t);
  deceased = await personWithRegisteredWill(t);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('the reporter hears the outcome', () => {
  it('a refusal, with the reason, in Malay then English', async () => {
    const r = await ok(
      t.call('POST', '/api/death-report', { token: reporter.token, body: reportBody(deceased.ic) }),
      201,
    );
    const before = t.mails.length;
    await ok(
      t.call('POST', `/api/death-report/${r.death_report.id}/refuse`, {
        token: staff,
        body: { reason: 'Nombor sijil tidak sepadan dengan imbasan.' },
      }),
    );
    const mail = await mailTo(t, reporterEmail(), before);
    expect(mail).toContain('tidak diterima oleh kakitangan kami');
    expect(mail).toContain('was not accepted by our staff');
    expect(mail).toContain('Nombor sijil tidak sepadan dengan imbasan.');
    expect(mail).toContain(`MyKad ${deceased.ic.slice(0, 6)}****${deceased.ic.slice(-2)}`);
    expect(mail).not.toContain(deceased.ic);
    expect(mail.indexOf('yang dihormati')).toBeLessThan(mail.indexOf('Dear '));
  });

  it('the verification, after both staff, saying nothing of the will', async () => {
    const r = await ok(
      t.call('POST', '/api/death-report', { token: reporter.token, body: reportBody(deceased.ic) }),
      201,
    );
    const id = r.death_report.id;
    const before = t.mails.length;
    await ok(t.call('POST', `/api/death-report/${id}/verify`, { token: staff }));
    // The first of two verifications decides nothing: no mail to the reporter yet.
    await new Promise((res) => setTimeout(res, 300));
    expect(t.mails.slice(before).filter((m) => m.to.includes(reporterEmail()))).toHaveLength(0);
    await ok(t.call('POST', `/api/death-report/${id}/verify`, { token: officer }));
    const mail = await mailTo(t, reporterEmail(), before);
    expect(mail).toContain('telah disahkan oleh kakitangan kami');
    expect(mail).toContain('has been verified by our staff');
    expect(mail).toContain('BD 123456');
    expect(mail).not.toContain(deceased.wasiatNo);
    expect(mail).not.toMatch(/berdaftar, kini dikunci|registered, now locked/);
  });
});
