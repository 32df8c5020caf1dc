/**
 * The 14-day window job (`amendments.window`) with a controllable clock: reminders at 7, 3 and 1 days
 * before the deadline, each sent once; expiry to status 5 with the reason; idempotent across runs
 * ("restarts": every run starts from the database only).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { amendment_reminders, amendments, audit_events } from '../../db/schema/index.ts';
import { runJob } from '../../platform/jobs/scheduler.ts';
import { ok } from '../wills/test-fixtures.ts';
import { decodeMail } from './hibah-test-fixtures.ts';
import { AMENDMENT_WINDOW_JOB } from './jobs.ts';
import { passAmendmentEkyc, registeredWill, verifiedAmendmentOtp } from './test-fixtures.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const patch = (id: string, token: string, body: object) =>
  t.call('POST', `/api/amendment/${id}`, { token, body: { _method: 'PATCH', ...body } });

describe('amendments.window', () => {
  it('reminds once at 7, 3 and 1 days, then cancels with the reason; a second run does nothing', async () => {
    const { c, id } = await registeredWill(t, staff, 0);
    const a = (
      await ok(
        t.call('POST', '/api/amendment', {
          token: c.token,
          body: { amendmentable_type: 'Wasiat', amendmentable_id: id },
        }),
        201,
      )
    ).amendment;
    await ok(
      t.call('POST', '/api/payment', {
        token: c.token,
        body: { paymentable_type: 'Amendment', paymentable_id: a.id, payment_options_id: 1 },
      }),
    );
    await passAmendmentEkyc(t, a.id);
    await verifiedAmendmentOtp(t, c.id, id);
    await ok(patch(a.id, c.token, { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 }));
    await ok(patch(a.id, staff, { status: 3 }));
    const [opened] = await t.ctx.db.select().from(amendments).where(eq(amendments.id, a.id));
    const deadline = opened.expires_at as Date;
    const start = opened.passed_at as Date;
    const at = (days: number) => new Date(start.getTime() + days * DAY);
    // Only the job's own mails are counted: the status and code mails of the steps above may still be on
    // their way through SMTP when a count is taken.
    const mailsTo = () =>
      t.mails.filter(
        (m) =>
          m.to.includes(`c${c.ic}@example.com`) &&
          /^Subject: (Peringatan: pindaan|Pindaan \S+ telah dibatalkan)/m.test(m.raw),
      ).length;

    expect(await runJob(t.ctx, AMENDMENT_WINDOW_JOB, at(6))).toEqual({ expired: 0, reminded: 0 });
    let before = mailsTo();
    expect(await runJob(t.ctx, AMENDMENT_WINDOW_JOB, at(7))).toEqual({ expired: 0, reminded: 1 });
    await expect.poll(mailsTo).toBe(before + 1);
    // the same moment again, and a "restart" a minute later: nothing twice
    expect(await runJob(t.ctx, AMENDMENT_WINDOW_JOB, at(7))).toEqual({ expired: 0, reminded: 0 });
    expect(await runJob(t.ctx, AMENDMENT_WINDOW_JOB, new Date(at(7).getTime() + 60_000))).toEqual({
      expired: 0,
      reminded: 0,
    });
    expect((await runJob(t.ctx, AMENDMENT_WINDOW_JOB, at(11))).reminded).toBe(1);
    expect((await runJob(t.ctx, AMENDMENT_WINDOW_JOB, at(13.2))).reminded).toBe(1);
    expect((await runJob(t.ctx, AMENDMENT_WINDOW_JOB, at(13.5))).reminded).toBe(0);
    const sent = await t.ctx.db.select().from(amendment_reminders).where(eq(amendment_reminders.amendment_id, a.id));
    expect(sent.map((r) => r.days_before).sort()).toEqual([1, 3, 7]);
    const mail = t.mails.filter((m) => m.to.includes(`c${c.ic}@example.com`)).at(-1);
    expect(mail?.raw).toContain(opened.reference_no);

    // Not yet at the deadline: still open. At the deadline: cancelled with the reason, once.
    expect((await runJob(t.ctx, AMENDMENT_WINDOW_JOB, new Date(deadline.getTime() - 1))).expired).toBe(0);
    before = mailsTo();
    expect(await runJob(t.ctx, AMENDMENT_WINDOW_JOB, deadline)).toEqual({ expired: 1, reminded: 0 });
    expect(await runJob(t.ctx, AMENDMENT_WINDOW_JOB, new Date(deadline.getTime() + DAY))).toEqual({
      expired: 0,
      reminded: 0,
    });
    const [after] = await t.ctx.db.select().from(amendments).where(eq(amendments.id, a.id));
    expect(after).toMatchObject({ status: 5, reason: 'Tidak diselesaikan dalam tempoh 14 hari.', expires_at: null });
    await expect.poll(mailsTo).toBe(before + 1);
    const events = await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, a.id));
    expect(events.filter((e) => e.action === 'amendment.expire')).toHaveLength(1);
    // An expired amendment cannot be moved on (422) and the client may apply again.
    expect((await patch(a.id, c.token, { status: 4 })).status).toBe(422);
    expect(
      (
        await t.call('POST', '/api/amendment', {
          token: c.token,
          body: { amendmentable_type: 'Wasiat', amendmentable_id: id },
        })
      ).status,
    ).toBe(201);
  });

  it('the Malay reminder writes its deadline with Malay month names, in Kuala Lumpur time (issue 38 item 11.6)', async () => {
    const { c, id } = await registeredWill(t, staff, 0);
    const a = (
      await ok(
        t.call('POST', '/api/amendment', {
          token: c.token,
          body: { amendmentable_type: 'Wasiat', amendmentable_id: id },
        }),
        201,
      )
    ).amendment;
    // 21 Dec 2026, 16:19 in Kuala Lumpur
    const deadline = new Date('2026-12-20T08:19:39.305Z');
    await t.ctx.db
      .update(amendments)
      .set({ status: 4, expires_at: new Date('2026-12-21T08:19:39.305Z') })
      .where(eq(amendments.id, a.id));
    const before = t.mails.length;
    expect(await runJob(t.ctx, AMENDMENT_WINDOW_JOB, new Date(deadline.getTime() + 0.5 * DAY))).toEqual({
      expired: 0,
      reminded: 1,
    });
    const mine = () =>
      t.mails
        .slice(before)
        .filter((m) => m.to.includes(`c${c.ic}@example.com`) && /^Subject: Peringatan: pindaan/m.test(m.raw));
    await expect.poll(() => mine().length).toBe(1);
    // the body, after the headers (whose Date: header is English by RFC 5322)
    const text = decodeMail(mine()[0].raw)
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n');
    expect(text).toContain('21 Dis 26, 16:19');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T|\bDec\b/);
  });

  it('after a long downtime sends only the nearest reminder, never the late ones', async () => {
    const { c, id } = await registeredWill(t, staff, 0);
    const a = (
      await ok(
        t.call('POST', '/api/amendment', {
          token: c.token,
          body: { amendmentable_type: 'Wasiat', amendmentable_id: id },
        }),
        201,
      )
    ).amendment;
    const now = new Date();
    await t.ctx.db
      .update(amendments)
      .set({ status: 4, expires_at: new Date(now.getTime() + 0.5 * DAY) })
      .where(eq(amendments.id, a.id));
    expect(await runJob(t.ctx, AMENDMENT_WINDOW_JOB, now)).toEqual({ expired: 0, reminded: 1 });
    expect(await runJob(t.ctx, AMENDMENT_WINDOW_JOB, now)).toEqual({ expired: 0, reminded: 0 });
  });
});
