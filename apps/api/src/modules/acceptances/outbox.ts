/**
 * The outbox of the acceptances module's mails (issue 41 item 3; ADR 0276): a row is written in the transaction
 * that decides the mail and sent after commit by {@link deliverAcceptanceMails}; what failed, or what a dead process
 * left claimed, is retried by the `acceptances.mail` job (every minute, at most {@link MAX_ATTEMPTS} tries). The
 * text is composed when sent (mail.ts), so a guardian's signed link runs from the sending. Never sends inside a
 * transaction.
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { acceptance_mails, role_acceptances } from '../../db/schema/index.ts';
import { registerJob } from '../../platform/jobs/scheduler.ts';
import { type AcceptanceMailKind, composeAcceptanceMail } from './mail.ts';

const ACCEPTANCE_MAIL_JOB = 'acceptances.mail';
const MAX_ATTEMPTS = 8;
/** A claim older than this (ms) is taken to have died with its process. */
const CLAIM_TIMEOUT_MS = 5 * 60_000;

/** Writes one mail to the outbox (inside the deciding transaction). @returns its id. */
export async function queueAcceptanceMail(
  tx: Pick<Db, 'insert'>,
  m: { acceptanceId: string; kind: AcceptanceMailKind; to: string },
): Promise<string> {
  const [row] = await tx
    .insert(acceptance_mails)
    .values({ acceptance_id: m.acceptanceId, kind: m.kind, to_email: m.to })
    .returning({ id: acceptance_mails.id });
  return row.id;
}

/**
 * Sends every mail due (unsent, not claimed by a live process, under the attempt limit). Never throws: a failure
 * stays on the row (`last_error`) for the next pass. @returns how many went and failed.
 */
export async function deliverAcceptanceMails(ctx: Ctx, now = new Date()) {
  const due = and(
    isNull(acceptance_mails.sent_at),
    lt(acceptance_mails.attempts, MAX_ATTEMPTS),
    or(
      isNull(acceptance_mails.claimed_at),
      lt(acceptance_mails.claimed_at, new Date(now.getTime() - CLAIM_TIMEOUT_MS)),
    ),
  );
  let rows: (typeof acceptance_mails.$inferSelect)[];
  try {
    rows = await ctx.db
      .update(acceptance_mails)
      .set({ claimed_at: now, attempts: sql`${acceptance_mails.attempts} + 1` })
      .where(
        and(
          due,
          inArray(
            acceptance_mails.id,
            ctx.db
              .select({ id: acceptance_mails.id })
              .from(acceptance_mails)
              .where(due)
              .orderBy(asc(acceptance_mails.created_at))
              .limit(100),
          ),
        ),
      )
      .returning();
  } catch {
    return { sent: 0, failed: 1 };
  }
  let sent = 0;
  let failed = 0;
  for (const m of rows) {
    try {
      const [a] = await ctx.db.select().from(role_acceptances).where(eq(role_acceptances.id, m.acceptance_id));
      const msg = await composeAcceptanceMail(ctx, m.kind as AcceptanceMailKind, a, now);
      await ctx.mailer.send({ to: m.to_email, ...msg });
      await ctx.db
        .update(acceptance_mails)
        .set({ sent_at: new Date(), last_error: null })
        .where(eq(acceptance_mails.id, m.id));
      sent += 1;
    } catch (err) {
      failed += 1;
      await ctx.db
        .update(acceptance_mails)
        .set({ claimed_at: null, last_error: String((err as Error)?.message ?? err).slice(0, 500) })
        .where(eq(acceptance_mails.id, m.id))
        .catch(() => {});
    }
  }
  return { sent, failed };
}

/** Registers the retry job (idempotent: the scheduler keeps one job per name). */
export function registerAcceptanceMailJob(): void {
  registerJob({ name: ACCEPTANCE_MAIL_JOB, everyMs: 60_000, run: (ctx, now) => deliverAcceptanceMails(ctx, now) });
}
