/**
 * The one transactional mail outbox (issue 34 "write it once"; ADR 0280), table `mail_outbox` (db/schema/mail.ts).
 *
 * - {@link queueMail} writes a row inside the transaction that decides the mail, so the mail exists if and only if
 *   the decision committed. Its text is either given then (`subject`, `body`) or composed at the sending by the
 *   composer registered for its kind ({@link registerMailComposer}; e.g. a guardian's signed link, which must run
 *   from the sending, ADR 0276).
 * - {@link deliverMail}, called after commit (never inside a transaction), claims the rows (the given ids, or every
 *   due one, optionally of some kinds), sends each through `ctx.mailer` (its own timeout and concurrency, ADR 0219)
 *   and marks it sent; a failure clears the claim and keeps the error (`last_error`) for the next pass. The loop is
 *   the one every outbox shares (platform/outbox/deliver.ts; ADR 0296).
 * - The `mail.outbox` job ({@link registerMailOutboxJob}, every minute) sends what a failure or a dead process left:
 *   a row is due while unsent, under {@link MAIL_MAX_ATTEMPTS} tries, and not claimed in the last
 *   {@link CLAIM_TIMEOUT_MS} (a claim older than that died with its process). Each claim counts one attempt.
 */
import { inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { mail_outbox } from '../../db/schema/index.ts';
import { registerJob } from '../jobs/scheduler.ts';
import { deliverOutbox } from '../outbox/deliver.ts';

/** The retry job's name. */
export const MAIL_OUTBOX_JOB = 'mail.outbox';
/** Tries of one mail (claims), after which it stays unsent with its last error. */
export const MAIL_MAX_ATTEMPTS = 8;
/** A claim older than this (ms, 5 minutes) is taken to have died with its process. */
export const CLAIM_TIMEOUT_MS = 5 * 60_000;
/** Rows one pass claims at most. */
const BATCH = 100;

/** One outbox row. */
export type OutboxRow = typeof mail_outbox.$inferSelect;

/** Writes the text of a mail of a kind composed at the sending. @throws to leave the row unsent (retried). */
type MailComposer = (ctx: Ctx, row: OutboxRow, now: Date) => Promise<{ subject: string; text: string }>;

const composers = new Map<string, MailComposer>();

/**
 * Registers the composer of `kind` (a module does it when it registers its routes; the latest registration wins).
 * A row of that kind queued without `subject`/`body` is composed by it when sent.
 */
export function registerMailComposer(kind: string, compose: MailComposer): void {
  composers.set(kind, compose);
}

/**
 * Writes one mail to the outbox inside the deciding transaction `tx`.
 * `kind`: the mail's kind (unique across modules); `subjectRef`: the id of the record it concerns; `refs`: further
 * ids (stored as given, nulls dropped); `subject` and `body`: its text, or both omitted for a kind with a
 * registered composer. @returns the row's id, to pass to {@link deliverMail} after commit.
 */
export async function queueMail(
  tx: Pick<Db, 'insert'>,
  m: {
    kind: string;
    subjectRef: string;
    refs?: Record<string, string | null | undefined>;
    to: string;
    subject?: string;
    body?: string;
  },
): Promise<string> {
  const refs = Object.fromEntries(
    Object.entries(m.refs ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const [row] = await tx
    .insert(mail_outbox)
    .values({
      kind: m.kind,
      subject_ref: m.subjectRef,
      refs: Object.keys(refs).length ? refs : null,
      to_email: m.to,
      subject: m.subject ?? null,
      body: m.body ?? null,
    })
    .returning({ id: mail_outbox.id });
  return row.id;
}

/** The text of row `m`: as queued, or from its kind's composer. @throws Error when neither. */
async function textOf(ctx: Ctx, m: OutboxRow, now: Date) {
  if (m.subject != null && m.body != null) return { subject: m.subject, text: m.body };
  const compose = composers.get(m.kind);
  if (!compose) throw new Error(`no mail composer registered for kind ${m.kind}`);
  return compose(ctx, m, now);
}

/**
 * Sends, after commit, the outbox rows `pick.ids` (just written), or with no ids every row due for a retry (of
 * `pick.kinds` only, when given; oldest first, {@link BATCH} at most). Never throws: a failure stays on the row
 * (`last_error`, 500 characters) for the next pass. @returns `{ sent, failed }` (counts of rows).
 */
export function deliverMail(
  ctx: Ctx,
  pick: { ids?: string[]; kinds?: readonly string[] } = {},
  now = new Date(),
): Promise<{ sent: number; failed: number }> {
  const options = {
    maxAttempts: MAIL_MAX_ATTEMPTS,
    claimTimeoutMs: CLAIM_TIMEOUT_MS,
    batch: BATCH,
    oldestFirst: mail_outbox.created_at,
  };
  const where = pick.kinds ? inArray(mail_outbox.kind, [...pick.kinds]) : undefined;
  return deliverOutbox<typeof mail_outbox, OutboxRow>(
    ctx,
    mail_outbox,
    options,
    { ids: pick.ids, where },
    async (m) => ctx.mailer.send({ to: m.to_email, ...(await textOf(ctx, m, now)) }),
    now,
  );
}

/** Registers the `mail.outbox` retry job, every minute (called once by the composition root, modules.ts). */
export function registerMailOutboxJob(): void {
  registerJob({ name: MAIL_OUTBOX_JOB, everyMs: 60_000, run: (ctx, now) => deliverMail(ctx, {}, now) });
}
