/**
 * Recording an answer to a request (issue 41 item 3; ADR 0276), the same for a guardian through the link and a
 * corporate executor's partner in the app: in one transaction, only while the request is `pending` (a concurrent or
 * second answer → 422 `acceptances.already_decided` on `decision`), the state, when, by whom (a partner; null for
 * a guardian) and the reason (kept only with a decline); audited `acceptance.accept` / `acceptance.decline`; a
 * decline writes the testator's mail (kind `declined`) to the outbox. The mail is sent after commit by the caller
 * (outbox.ts `deliverAcceptanceMails`).
 */
import { ACCEPTANCE_MSG } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { role_acceptances } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { willFacts } from './mail.ts';
import { queueAcceptanceMail } from './outbox.ts';

type Acceptance = typeof role_acceptances.$inferSelect;

/** Records `decision` on request `a` (see the file comment). @returns the row after it. */
export async function recordDecision(
  ctx: Ctx,
  a: Acceptance,
  d: { decision: 'accept' | 'decline'; reason?: string },
  by: { userId: string | null; ip?: string; via: 'link' | 'app' },
  now = new Date(),
): Promise<Acceptance> {
  if (a.state !== 'pending') throw fieldError('decision', ACCEPTANCE_MSG.alreadyDecided);
  const state = d.decision === 'accept' ? 'accepted' : 'declined';
  const reason = state === 'declined' ? d.reason?.trim() || null : null;
  return ctx.db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const [row] = await tx
      .update(role_acceptances)
      .set({ state, decided_at: now, decided_by: by.userId, reason })
      .where(and(eq(role_acceptances.id, a.id), eq(role_acceptances.state, 'pending')))
      .returning();
    if (!row) throw fieldError('decision', ACCEPTANCE_MSG.alreadyDecided);
    await recordAudit(tx, {
      actorId: by.userId,
      action: state === 'accepted' ? 'acceptance.accept' : 'acceptance.decline',
      entityType: 'RoleAcceptance',
      entityId: row.id,
      before: { state: a.state },
      after: { state, wasiat_id: row.wasiat_id, role: row.role, reason, via: by.via },
      ip: by.ip,
    });
    if (state === 'declined') {
      const w = await willFacts({ db: tx }, row);
      if (w?.email) await queueAcceptanceMail(tx, { acceptanceId: row.id, kind: 'declined', to: w.email });
    }
    return row;
  });
}
