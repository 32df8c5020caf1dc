/**
 * Staff decide a death report (issue 40 item 1; ADR 0261), `death:verify` (the provider's Staff, Officer, Admin):
 *
 * - `POST /api/death-report/{id}/verify`: staff have checked the certificate's scan and number against the
 *   MyKad (and, where they can, with the National Registration Department). When the deceased — the owner of the
 *   MyKad's account — has a registered will (status 2) or hibah (status 5), two DIFFERENT staff members verify: the
 *   first is recorded (`first_verified_by`, reply `deaths.first_verified`), the second verifies; otherwise one
 *   suffices. The reporter never verifies their own report. On the last verification the report is `verified` and
 *   effects.ts locks, closes and tells; the "is there a will?" inquiries it matches are answered (inquiries.ts);
 *   the reporter is mailed the outcome (reporter-mail.ts), as on a refusal.
 * - `POST /api/death-report/{id}/refuse { reason }`: refused with the reason (shown to the reporter); the MyKad
 *   may then be reported again.
 * Refusals (422 on `_`): not pending (`deaths.not_pending`), the reporter deciding (`deaths.reporter_cannot_decide`),
 * the first verifier verifying again (`deaths.second_verifier_needed`). Out of scope: 404. Each step is audited
 * (`death.verify_first`, `death.verify`, `death.refuse`) in its transaction; the mails go after commit.
 */
import { DEATH_MSG, type Language, translate, verificationsNeeded } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { death_reports } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { deliverMail } from '../../platform/mail/outbox.ts';
import { applyVerifiedDeath } from './effects.ts';
import { answerInquiries } from './inquiries.ts';
import { findVisibleReport, hasRegisteredInstrument, ownerOfMykad, readReport } from './queries.ts';
import { queueReporterOutcome } from './reporter-mail.ts';
import type { Actor } from './service.ts';

const summary = (r: typeof death_reports.$inferSelect) => ({
  status: r.status,
  first_verified_by: r.first_verified_by,
  verified_by: r.verified_by,
  refused_by: r.refused_by,
  refusal_reason: r.refusal_reason,
  verifications_needed: r.verifications_needed,
});

/** The report, locked, that the caller may decide now. @throws 404, 422 (see the file comment). */
async function decidable(tx: Parameters<Parameters<Db['transaction']>[0]>[0], actor: Actor, id: string) {
  const r = await findVisibleReport(tx, actor.user, id, true);
  if (r.status !== 'pending') throw fieldError('_', DEATH_MSG.notPending);
  if (r.reporter_id === actor.user.id) throw fieldError('_', DEATH_MSG.reporterCannotDecide);
  return r;
}

/** Verify (first or final). @returns `{ message, death_report }`. */
export async function verifyReport(ctx: Ctx, actor: Actor, id: string, lang: Language, now = new Date()) {
  const me = actor.user;
  let mails: string[] = [];
  const final = await ctx.db.transaction(async (tx) => {
    const r = await decidable(tx, actor, id);
    const needed = Math.max(
      verificationsNeeded(await hasRegisteredInstrument(tx, r.deceased_ic)),
      r.verifications_needed ?? 1,
    );
    if (needed === 2 && !r.first_verified_by) {
      const [row] = await tx
        .update(death_reports)
        .set({ first_verified_by: me.id, first_verified_at: now, verifications_needed: 2 })
        .where(eq(death_reports.id, r.id))
        .returning();
      await recordAudit(tx as unknown as Db, {
        actorId: me.id,
        action: 'death.verify_first',
        entityType: 'DeathReport',
        entityId: r.id,
        before: summary(r),
        after: summary(row),
        ip: actor.ip,
      });
      return false;
    }
    if (needed === 2 && r.first_verified_by === me.id) throw fieldError('_', DEATH_MSG.secondVerifier);
    const owner = await ownerOfMykad(tx, r.deceased_ic);
    const [row] = await tx
      .update(death_reports)
      .set({
        status: 'verified',
        verified_by: me.id,
        verified_at: now,
        verifications_needed: needed,
        deceased_user_id: owner?.id ?? null,
      })
      .where(eq(death_reports.id, r.id))
      .returning();
    await recordAudit(tx as unknown as Db, {
      actorId: me.id,
      action: 'death.verify',
      entityType: 'DeathReport',
      entityId: r.id,
      before: summary(r),
      after: { ...summary(row), deceased_user_id: row.deceased_user_id },
      ip: actor.ip,
    });
    if (owner) mails = await applyVerifiedDeath(ctx, tx, { id: me.id, ip: actor.ip }, row, owner, now);
    mails.push(...(await answerInquiries(tx, row, now)));
    mails.push(...(await queueReporterOutcome(tx, row, ctx.appUrl)));
    return true;
  });
  await deliverMail(ctx, { ids: mails });
  return {
    message: translate(final ? DEATH_MSG.verified : DEATH_MSG.firstVerified, lang),
    death_report: await readReport(ctx.db, me, id),
  };
}

/** Refuse with `reason`. @returns `{ message, death_report }`. */
export async function refuseReport(
  ctx: Ctx,
  actor: Actor,
  id: string,
  reason: string,
  lang: Language,
  now = new Date(),
) {
  const mails = await ctx.db.transaction(async (tx) => {
    const r = await decidable(tx, actor, id);
    const [row] = await tx
      .update(death_reports)
      .set({ status: 'refused', refused_by: actor.user.id, refused_at: now, refusal_reason: reason.trim() })
      .where(eq(death_reports.id, r.id))
      .returning();
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'death.refuse',
      entityType: 'DeathReport',
      entityId: r.id,
      before: summary(r),
      after: summary(row),
      ip: actor.ip,
    });
    return queueReporterOutcome(tx, row, ctx.appUrl);
  });
  await deliverMail(ctx, { ids: mails });
  return { message: translate(DEATH_MSG.refused, lang), death_report: await readReport(ctx.db, actor.user, id) };
}
