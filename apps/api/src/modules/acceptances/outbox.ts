/**
 * The acceptances module's mails in the platform's mail outbox (issue 41 item 3, ADR 0276; one outbox, ADR 0280):
 * a row of kind `acceptance.<ask|executor|declined>` whose `subject_ref` is the role acceptance is written in the
 * transaction that decides the mail, without text; the composer this module registers writes the text when the
 * outbox sends it (mail.ts), so a guardian's signed link runs from the sending. Delivery is after commit; the
 * platform's `mail.outbox` job retries what failed. Never sends inside a transaction.
 */
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { role_acceptances } from '../../db/schema/index.ts';
import { deliverMail, queueMail, registerMailComposer } from '../../platform/mail/outbox.ts';
import { type AcceptanceMailKind, composeAcceptanceMail } from './mail.ts';

const KINDS: readonly AcceptanceMailKind[] = ['ask', 'executor', 'declined'];
/** The outbox kind of a mail of this module. */
const outboxKind = (kind: AcceptanceMailKind) => `acceptance.${kind}`;
const OUTBOX_KINDS = KINDS.map(outboxKind);

/** Writes one mail to the outbox (inside the deciding transaction). @returns its id. */
export async function queueAcceptanceMail(
  tx: Pick<Db, 'insert'>,
  m: { acceptanceId: string; kind: AcceptanceMailKind; to: string },
): Promise<string> {
  return queueMail(tx, { kind: outboxKind(m.kind), subjectRef: m.acceptanceId, to: m.to });
}

/**
 * Sends, after commit, every mail of this module that is due (the platform outbox's rules: unsent, not claimed by a
 * live process, under the attempt limit). Never throws. @returns `{ sent, failed }`.
 */
export const deliverAcceptanceMails = (ctx: Ctx) => deliverMail(ctx, { kinds: OUTBOX_KINDS });

/**
 * Registers the composers of this module's kinds with the platform outbox (called by routes.ts): each reads the
 * acceptance the row concerns and composes its mail at `now`. A row whose acceptance is gone fails (kept, retried).
 */
export function registerAcceptanceMailComposers(): void {
  for (const kind of KINDS) {
    registerMailComposer(outboxKind(kind), async (ctx, row, now) => {
      const [a] = await ctx.db.select().from(role_acceptances).where(eq(role_acceptances.id, row.subject_ref));
      if (!a) throw new Error(`role acceptance ${row.subject_ref} not found`);
      return composeAcceptanceMail(ctx, kind, a, now);
    });
  }
}
