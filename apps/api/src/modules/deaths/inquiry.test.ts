/**
 * "Is there a will?" (issue 40 item 2; ADR 0262), over HTTP and the test SMTP server: the reply is the same 202
 * whatever is or is not registered or verified; nothing is mailed before the death is verified; an inquiry made
 * before is answered when staff verify it, one made after at once; yes names the organisation and the reference,
 * no says so; a repeat adds nothing; inquiries are audited and limited per IP.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, death_reports, mail_outbox, will_inquiries } from '../../db/schema/index.ts';
import { runJob } from '../../platform/jobs/scheduler.ts';
import { MAIL_OUTBOX_JOB } from '../../platform/mail/outbox.ts';
import { decodeMail } from '../amendments/hibah-test-fixtures.ts';
import { ok } from '../wills/test-fixtures.ts';
import { personWithRegisteredWill, reportBody, unregisteredMykad, verifiedReporter } from './test-fixtures.ts';

let t: TestApp;
let staff: string;
let officer: string;

const ask = (body: Record<string, string>, lang: 'ms' | 'en' = 'en') =>
  t.call('POST', '/api/will-inquiry', { body, lang });
const mailsTo = (to: string) => t.mails.filter((m) => m.to.includes(to)).map((m) => decodeMail(m.raw));
/** Lets a mail that would be sent after the reply arrive (it is not waited for by the route). */
const settle = () => new Promise((r) => setTimeout(r, 1500));

beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
  officer = await t.login('officer');
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('is there a will?', () => {
  it('answers the same to every inquiry and mails nothing before the death is verified; then yes, once', async () => {
    const person = await personWithRegisteredWill(t);
    const nobody = unregisteredMykad();
    const replies = [
      await ask({ deceased_ic_number: person.ic, certificate_no: 'bd-777 001', email: 'Waris.Satu@example.com' }),
      await ask({ deceased_ic_number: nobody, certificate_no: 'BD777002', email: 'waris.dua@example.com' }),
      // a repeat of the first (same MyKad, number and address): nothing more is kept or sent
      await ask({ deceased_ic_number: person.ic, certificate_no: 'BD 777001', email: 'waris.satu@example.com' }),
    ];
    for (const r of replies) {
      expect(r.status).toBe(202);
      expect(r.body).toEqual({
        message:
          'Your inquiry has been received. The answer will be sent by e-mail once the death has been verified by our staff.',
      });
    }
    const ms = await ask(
      { deceased_ic_number: nobody, certificate_no: 'BD777002', email: 'waris.tiga@example.com' },
      'ms',
    );
    expect(ms.body.message).toMatch(/^Pertanyaan anda telah diterima/);
    const bad = await ask({ deceased_ic_number: '123', certificate_no: '', email: 'x' });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['certificate_no', 'deceased_ic_number', 'email']);

    // Reported (not yet verified), then verified by two staff members: only then the answer goes.
    const reporter = await verifiedReporter(t);
    const rep = await ok(
      t.call('POST', '/api/death-report', {
        token: reporter.token,
        body: reportBody(person.ic, { certificate_no: 'BD 777001' }),
      }),
      201,
    );
    await ok(t.call('POST', `/api/death-report/${rep.death_report.id}/verify`, { token: staff }));
    await settle();
    expect(mailsTo('waris.satu@example.com')).toEqual([]);
    await ok(t.call('POST', `/api/death-report/${rep.death_report.id}/verify`, { token: officer }));
    await expect.poll(() => mailsTo('waris.satu@example.com').length).toBe(1);
    const [mail] = mailsTo('waris.satu@example.com');
    expect(mail).toContain('Subject: Is there a will? The answer to your inquiry / Adakah wasiat?');
    expect(mail.indexOf('Yes. The records below are registered.')).toBeLessThan(mail.indexOf('Ya. Rekod di bawah'));
    expect(mail).toContain(`- Will ${person.wasiatNo}: Syarikat Demo Amanah Sdn Bhd`);
    expect(mail).toContain(`- Wasiat ${person.wasiatNo}: Syarikat Demo Amanah Sdn Bhd`);
    expect(mail).not.toContain(person.ic);
    // The other inquiries are for another MyKad: still waiting, nothing sent.
    expect(mailsTo('waris.dua@example.com')).toEqual([]);
    const rows = await t.ctx.db.select().from(will_inquiries).where(eq(will_inquiries.deceased_ic, person.ic));
    expect(rows).toHaveLength(1);
    expect(rows[0].answered_at).not.toBeNull();
    // Asked again after the answer: no second mail.
    await ask({ deceased_ic_number: person.ic, certificate_no: 'BD777001', email: 'waris.satu@example.com' });
    await settle();
    expect(mailsTo('waris.satu@example.com')).toHaveLength(1);
  });

  it('answers at once after verification, no when nothing is registered, and only with the right certificate', async () => {
    const ic = unregisteredMykad();
    const reporter = await verifiedReporter(t);
    const rep = await ok(
      t.call('POST', '/api/death-report', {
        token: reporter.token,
        body: reportBody(ic, { certificate_no: 'JPN 55501' }),
      }),
      201,
    );
    await ok(t.call('POST', `/api/death-report/${rep.death_report.id}/verify`, { token: staff }));
    const wrong = await ask({ deceased_ic_number: ic, certificate_no: 'JPN 55502', email: 'salah@example.com' });
    const right = await ask({ deceased_ic_number: ic, certificate_no: 'jpn55501', email: 'betul@example.com' }, 'ms');
    expect(wrong.body).toEqual({ message: expect.any(String) });
    expect(right.body.message).toBe(
      'Pertanyaan anda telah diterima. Jawapan akan dihantar melalui e-mel setelah kematian disahkan oleh kakitangan kami.',
    );
    await expect.poll(() => mailsTo('betul@example.com').length).toBe(1);
    const [mail] = mailsTo('betul@example.com');
    expect(mail.indexOf('Tiada wasiat atau hibah')).toBeLessThan(mail.indexOf('No will or hibah of this person'));
    expect(mail).toContain('sijil kematian jpn55501'); // as the requester typed it
    await settle();
    expect(mailsTo('salah@example.com')).toEqual([]);
  });

  it('audits each inquiry and each answer', async () => {
    const events = await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_type, 'WillInquiry'));
    const actions = events.map((e) => e.action);
    expect(actions.filter((a) => a === 'will_inquiry.create')).toHaveLength(7);
    expect(actions.filter((a) => a === 'will_inquiry.answer')).toHaveLength(2);
    const answer = events.find((e) => e.action === 'will_inquiry.answer' && (e.after as any).answer === 'no');
    expect(answer?.after).toMatchObject({ email: 'betul@example.com', references: [] });
    expect(events.every((e) => e.actor_id === null)).toBe(true);
  });
});

describe('the outbox', () => {
  it('the mail.outbox job sends an inquiry answer that was left unsent, once', async () => {
    const [report] = await t.ctx.db.select({ id: death_reports.id }).from(death_reports).limit(1);
    const [row] = await t.ctx.db
      .insert(mail_outbox)
      .values({
        subject_ref: report.id,
        kind: 'inquiry',
        to_email: 'tertunda@example.com',
        subject: 'Tertunda / Delayed',
        body: 'x',
        attempts: 1,
        last_error: 'SMTP down',
      })
      .returning();
    expect(await runJob(t.ctx, MAIL_OUTBOX_JOB, new Date())).toMatchObject({ sent: 1, failed: 0 });
    await expect.poll(() => mailsTo('tertunda@example.com').length).toBe(1);
    expect(await runJob(t.ctx, MAIL_OUTBOX_JOB, new Date())).toMatchObject({ sent: 0 });
    const [after] = await t.ctx.db.select().from(mail_outbox).where(eq(mail_outbox.id, row.id));
    expect(after).toMatchObject({ attempts: 2, last_error: null });
    expect(after.sent_at).not.toBeNull();
  });
});

describe('the limit', () => {
  it('refuses a sixth inquiry within the hour from one address (429, translated)', async () => {
    const small = await makeTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const body = { deceased_ic_number: unregisteredMykad(), certificate_no: 'BD 1234', email: 'had@example.com' };
      for (let i = 0; i < 5; i++) {
        expect((await small.call('POST', '/api/will-inquiry', { body })).status).toBe(202);
      }
      const sixth = await small.call('POST', '/api/will-inquiry', { body, lang: 'ms' });
      expect(sixth.status).toBe(429);
      expect(sixth.headers.get('retry-after')).toBeTruthy();
    } finally {
      await small.close();
    }
  });
});
