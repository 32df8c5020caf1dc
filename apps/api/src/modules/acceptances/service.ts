/**
 * The acceptances of a will in the app (issue 41 item 3; ADR 0276). Every call but the executor's decision first finds
 * the will in the caller's scope (wills module `findVisibleWill`: another organisation's will, or one not the
 * caller's, is a 404):
 *
 * - {@link listAcceptances} `GET /api/wasiat/{id}/acceptances` → `{ acceptances, needs_replacement, status }` (the will's status):
 *   each current request (superseded ones left out) — role, name, children, state, asked/decided at, the reason of
 *   a decline, whether an e-mail is recorded — never the identity number or the e-mail itself.
 * - {@link decideAsExecutor} `POST …/acceptances/{acceptance_id}/decide { decision, reason? }`
 *   (`acceptance:decide:executor`): a partner of the organisation the executor request names answers for it, whether
 *   or not they may see the will (executorships.ts; a partner of another organisation, or a guardian's request →
 *   404); → `{ message, acceptance }`.
 * - {@link resendAcceptance} `POST …/acceptances/{acceptance_id}/resend` (`acceptance:resend`: a partner for their
 *   organisation's wills, the provider's staff any): a new mail for a pending request — a guardian's new link (to the
 *   e-mail the will records now), or the organisation's notice; 422 `acceptances.already_decided` on `state` once
 *   answered, `acceptances.no_email` on `email` without an address. Audited `acceptance.resend`.
 */
import { ACCEPTANCE_MSG, type Language, needsReplacement, translate } from '@wasiat/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { caretakers, role_acceptances } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { findVisibleWill } from '../wills/index.ts';
import { recordDecision } from './decide.ts';
import { executorRequest } from './executorships.ts';
import { deliverAcceptanceMails, queueAcceptanceMail } from './outbox.ts';

type Acceptance = typeof role_acceptances.$inferSelect;

const row = (a: Acceptance) => ({
  id: a.id,
  role: a.role,
  person_name: a.person_name,
  wards: a.wards,
  state: a.state,
  has_email: !!a.email,
  asked_at: a.asked_at,
  decided_at: a.decided_at,
  reason: a.reason,
});

/** The request `aid` of visible will `willId`. @throws 404. */
async function requestOf(db: Db, user: AuthUser, willId: string, aid: string) {
  const will = await findVisibleWill(db, user, willId);
  const [a] = await db
    .select()
    .from(role_acceptances)
    .where(and(eq(role_acceptances.id, aid), eq(role_acceptances.wasiat_id, will.id)));
  if (!a || a.state === 'superseded') throw notFound();
  return { will, a };
}

/** See the file comment. */
export async function listAcceptances(db: Db, user: AuthUser, willId: string) {
  const will = await findVisibleWill(db, user, willId);
  const rows = await db
    .select()
    .from(role_acceptances)
    .where(and(eq(role_acceptances.wasiat_id, will.id), ne(role_acceptances.state, 'superseded')))
    .orderBy(asc(role_acceptances.role), asc(role_acceptances.asked_at), asc(role_acceptances.id));
  return {
    acceptances: rows.map(row),
    needs_replacement: needsReplacement(rows as { state: 'pending' | 'accepted' | 'declined' }[]),
    /** A registered will changes only by amendment; a draft or returned one in the wizard's guardians part. */
    status: will.status,
  };
}

/** See the file comment. @throws 404 not the caller's organisation's executor request, 422 on `decision`. */
export async function decideAsExecutor(
  ctx: Ctx,
  actor: { user: AuthUser; ip?: string },
  willId: string,
  aid: string,
  body: { decision: 'accept' | 'decline'; reason?: string },
  lang: Language,
) {
  // By the request alone: the will itself may not be visible to the partner (executorships.ts).
  const a = await executorRequest(ctx.db, actor.user, willId, aid);
  const after = await recordDecision(ctx, a, body, { userId: actor.user.id, ip: actor.ip, via: 'app' });
  await deliverAcceptanceMails(ctx);
  return {
    message: translate(after.state === 'accepted' ? ACCEPTANCE_MSG.accepted : ACCEPTANCE_MSG.declined, lang),
    acceptance: row(after),
  };
}

/** See the file comment. @returns `{ message, acceptance }`. */
export async function resendAcceptance(
  ctx: Ctx,
  actor: { user: AuthUser; ip?: string },
  willId: string,
  aid: string,
  lang: Language,
) {
  const { a } = await requestOf(ctx.db, actor.user, willId, aid);
  if (a.state !== 'pending') throw fieldError('state', ACCEPTANCE_MSG.alreadyDecided);
  let email = a.email;
  if (a.role === 'guardian' && a.caretaker_id) {
    // The e-mail the will records now (staff may have added it since the request was made).
    const [g] = await ctx.db
      .select({ email: caretakers.email })
      .from(caretakers)
      .where(eq(caretakers.id, a.caretaker_id));
    email = g?.email?.trim().toLowerCase() || email;
  }
  if (!email) throw fieldError('email', ACCEPTANCE_MSG.noEmail);
  await ctx.db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    if (email !== a.email) await tx.update(role_acceptances).set({ email }).where(eq(role_acceptances.id, a.id));
    await queueAcceptanceMail(tx, { acceptanceId: a.id, kind: a.role === 'executor' ? 'executor' : 'ask', to: email });
    await recordAudit(tx, {
      actorId: actor.user.id,
      action: 'acceptance.resend',
      entityType: 'RoleAcceptance',
      entityId: a.id,
      after: { email, role: a.role },
      ip: actor.ip,
    });
  });
  await deliverAcceptanceMails(ctx);
  return { message: translate(ACCEPTANCE_MSG.resent, lang), acceptance: row({ ...a, email }) };
}
