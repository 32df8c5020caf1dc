/**
 * The platform's one mail outbox (issue 34 "write it once"; ADR 0280), over the test app's database (PGlite, or
 * PostgreSQL when DATABASE_URL is set) and real SMTP servers — the harness's, which accepts, and one here that
 * refuses every recipient: a mail queued in a transaction exists only if it commits and goes after commit; a
 * refused mail keeps its error and the `mail.outbox` job sends it later; a claim a dead process left is retaken
 * only after the claim timeout; a mail stops at the attempt limit; a kind's registered composer writes the text at
 * the sending; delivery by kinds leaves the others.
 */
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import type { Ctx } from '../../context.ts';
import { mail_outbox } from '../../db/schema/index.ts';
import { runJob } from '../jobs/scheduler.ts';
import { createMailer } from './mailer.ts';
import {
  CLAIM_TIMEOUT_MS,
  deliverMail,
  MAIL_MAX_ATTEMPTS,
  MAIL_OUTBOX_JOB,
  type OutboxRow,
  queueMail,
  registerMailComposer,
} from './outbox.ts';

let t: TestApp;
/** The test app's context with a mailer whose SMTP server refuses every recipient. */
let refusing: Ctx;
let refuser: SMTPServer;

beforeAll(async () => {
  t = await makeTestApp();
  refuser = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, cb) {
      cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
  });
  await new Promise<void>((r) => refuser.listen(0, '127.0.0.1', () => r()));
  const port = (refuser.server.address() as { port: number }).port;
  refusing = {
    ...t.ctx,
    mailer: createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from: 'noreply@wasiat.test',
      outboxDir: '',
      log: () => {},
      timeoutMs: 5000,
    }),
  };
}, 240_000);
afterAll(async () => {
  await new Promise<void>((r) => refuser?.close(() => r()));
  await t?.close();
});

const rowOf = async (id: string) => (await t.ctx.db.select().from(mail_outbox).where(eq(mail_outbox.id, id)))[0];
const arrived = (to: string) => t.mails.filter((m) => m.to.includes(to));
/** Queues a mail with its text, outside any decision (a transaction of its own). */
const queue = (to: string, kind = 'test.plain') =>
  t.ctx.db.transaction((tx) => queueMail(tx, { kind, subjectRef: 'rec-1', to, subject: `To ${to}`, body: 'Hello' }));

describe('queue in the transaction, deliver after commit', () => {
  it('a committed mail goes once, after commit; a rolled-back one never exists', async () => {
    const id = await t.ctx.db.transaction(async (tx) =>
      queueMail(tx, {
        kind: 'test.plain',
        subjectRef: 'rec-1',
        refs: { organization_id: 'org-1', will_inquiry_id: null },
        to: 'committed@outbox.example',
        subject: 'Committed',
        body: 'Sent after commit',
      }),
    );
    expect(await rowOf(id)).toMatchObject({ sent_at: null, attempts: 0 });
    expect((await rowOf(id)).refs).toEqual({ organization_id: 'org-1' });
    expect(arrived('committed@outbox.example')).toHaveLength(0);
    expect(await deliverMail(t.ctx, { ids: [id] })).toEqual({ sent: 1, failed: 0 });
    await expect.poll(() => arrived('committed@outbox.example').length).toBe(1);
    expect(arrived('committed@outbox.example')[0].raw).toContain('Subject: Committed');
    expect(await rowOf(id)).toMatchObject({ attempts: 1, last_error: null });
    expect((await rowOf(id)).sent_at).not.toBeNull();
    // Delivered once: a second pass finds nothing to send.
    expect(await deliverMail(t.ctx, { ids: [id] })).toEqual({ sent: 0, failed: 0 });

    let rolledBack = '';
    await expect(
      t.ctx.db.transaction(async (tx) => {
        rolledBack = await queueMail(tx, { kind: 'test.plain', subjectRef: 'rec-1', to: 'gone@outbox.example' });
        throw new Error('the decision failed');
      }),
    ).rejects.toThrow('the decision failed');
    expect(rolledBack).not.toBe('');
    expect(await rowOf(rolledBack)).toBeUndefined();
    expect(await deliverMail(t.ctx, { ids: [rolledBack] })).toEqual({ sent: 0, failed: 0 });
  });
});

describe('failures and retries', () => {
  it('a refused mail keeps its error, unclaimed; the mail.outbox job sends it later', async () => {
    const id = await queue('later@outbox.example');
    expect(await deliverMail(refusing, { ids: [id] })).toEqual({ sent: 0, failed: 1 });
    const failed = await rowOf(id);
    expect(failed).toMatchObject({ sent_at: null, claimed_at: null, attempts: 1 });
    expect(failed.last_error).toMatch(/Mailbox unavailable|recipients were rejected/);
    expect(arrived('later@outbox.example')).toHaveLength(0);

    await runJob(t.ctx, MAIL_OUTBOX_JOB, new Date());
    await expect.poll(() => arrived('later@outbox.example').length).toBe(1);
    const sent = await rowOf(id);
    expect(sent).toMatchObject({ attempts: 2, last_error: null });
    expect(sent.sent_at).not.toBeNull();
  });

  it('a claim a dead process left is retaken only after the claim timeout', async () => {
    const id = await queue('stale@outbox.example');
    const now = new Date();
    // A process claimed it a minute ago and died before sending.
    await t.ctx.db
      .update(mail_outbox)
      .set({ claimed_at: new Date(now.getTime() - 60_000), attempts: 1 })
      .where(eq(mail_outbox.id, id));
    expect(await deliverMail(t.ctx, { ids: [id] }, now)).toEqual({ sent: 0, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ attempts: 1, sent_at: null });
    const later = new Date(now.getTime() + CLAIM_TIMEOUT_MS);
    expect(await deliverMail(t.ctx, { ids: [id] }, later)).toEqual({ sent: 1, failed: 0 });
    await expect.poll(() => arrived('stale@outbox.example').length).toBe(1);
    expect(await rowOf(id)).toMatchObject({ attempts: 2, claimed_at: later });
  });

  it('stops at the attempt limit: the mail stays unsent with its last error', async () => {
    const id = await queue('never@outbox.example');
    await t.ctx.db
      .update(mail_outbox)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1 })
      .where(eq(mail_outbox.id, id));
    expect(await deliverMail(refusing, { ids: [id] })).toEqual({ sent: 0, failed: 1 });
    expect(await rowOf(id)).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, sent_at: null });
    expect(await deliverMail(t.ctx, { ids: [id] })).toEqual({ sent: 0, failed: 0 });
    await runJob(t.ctx, MAIL_OUTBOX_JOB, new Date());
    const last = await rowOf(id);
    expect(last).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, sent_at: null });
    expect(last.last_error).toMatch(/Mailbox unavailable|recipients were rejected/);
    expect(arrived('never@outbox.example')).toHaveLength(0);
  });
});

describe('registered composers and kinds', () => {
  it("composes a kind's text at the sending, with the sending's time; a kind without one fails and is kept", async () => {
    const seen: { row: OutboxRow; now: Date }[] = [];
    registerMailComposer('test.composed', async (_ctx, row, now) => {
      seen.push({ row, now });
      return { subject: `Composed for ${row.subject_ref}`, text: `Link valid from ${now.toISOString()}` };
    });
    const id = await t.ctx.db.transaction((tx) =>
      queueMail(tx, { kind: 'test.composed', subjectRef: 'acc-42', to: 'composed@outbox.example' }),
    );
    expect(await rowOf(id)).toMatchObject({ subject: null, body: null });
    const at = new Date(Date.now() + 1000);
    expect(await deliverMail(t.ctx, { ids: [id] }, at)).toEqual({ sent: 1, failed: 0 });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ row: { id, subject_ref: 'acc-42' }, now: at });
    await expect.poll(() => arrived('composed@outbox.example').length).toBe(1);
    const raw = arrived('composed@outbox.example')[0].raw;
    expect(raw).toContain('Subject: Composed for acc-42');
    expect(raw).toContain(`Link valid from ${at.toISOString()}`);
    // The text is composed, not stored.
    expect(await rowOf(id)).toMatchObject({ subject: null, body: null });

    const orphan = await t.ctx.db.transaction((tx) =>
      queueMail(tx, { kind: 'test.nobody', subjectRef: 'x', to: 'orphan@outbox.example' }),
    );
    expect(await deliverMail(t.ctx, { ids: [orphan] })).toEqual({ sent: 0, failed: 1 });
    expect((await rowOf(orphan)).last_error).toBe('no mail composer registered for kind test.nobody');
  });

  it('delivering by kinds sends only those kinds', async () => {
    const a = await queue('kind-a@outbox.example', 'test.kind-a');
    const b = await queue('kind-b@outbox.example', 'test.kind-b');
    expect(await deliverMail(t.ctx, { kinds: ['test.kind-a'] })).toEqual({ sent: 1, failed: 0 });
    expect((await rowOf(a)).sent_at).not.toBeNull();
    expect(await rowOf(b)).toMatchObject({ sent_at: null, attempts: 0 });
    expect(await deliverMail(t.ctx, { kinds: ['test.kind-b'] })).toEqual({ sent: 1, failed: 0 });
  });
});
