/**
 * The estate's side of the heirs' consent (issue 40 item 5; ADR 0275), for staff (`death:verify`: every verified
 * report) and the registering organisation's partners — the will's executor — (`death:read:organisation`: the
 * reports of their organisations), through the deaths module's one scope (`verifiedReportScope`); any other report
 * is a 404.
 *
 * - {@link estateConsents}: `GET /api/death-report/{id}/consents` → `{ consents }` (see {@link estateView}), read-only.
 * - {@link markWard}: `PUT /api/death-report/{id}/consent-heirs/{heir_id} { under_guardianship, note? }` (staff
 *   only) → `{ message, consents }`: an heir of the will marked under guardianship (or cleared) does not consent,
 *   their share stays whole. 404 an heir not of the estate's will; 422 `under_guardianship`
 *   (`consents.ward_after_decision`) when marking an heir who has already decided. Audited `estate.consent_ward`.
 */
import { CONSENT_MSG, type Language, translate } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { death_reports, estate_heir_wards } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { isDeathStaff, verifiedReportScope } from '../deaths/index.ts';
import { type Conn, type ConsentState, consentState, standing } from './estate.ts';

/** The verified report `id` if the caller may see its estate. @throws 404. */
export async function findConsentReport(db: Conn, user: AuthUser, id: string) {
  const [r] = await db
    .select({ id: death_reports.id })
    .from(death_reports)
    .where(and(eq(death_reports.id, id), verifiedReportScope(user)));
  if (!r) throw notFound();
  return r;
}

/**
 * The estate's view: `{ will: { id, wasiat_no } | null, bequests: [{ bequest_ref, reason, amount_sen, label, to,
 * heirs: [{ heir_id, name, status, decided_at }], consented, refused, pending }], heirs: [{ id, name, relationship,
 * capacity, ward_note }], can_mark_wards }` — statuses as the heir's view (public.ts), counts per bequest.
 */
function estateView(state: ConsentState, user: AuthUser) {
  const nameOf = new Map(state.heirs.map((h) => [h.id, h.name]));
  return {
    will: state.will,
    bequests: state.bequests.map((b) => {
      const heirs = state.heirs.map((h) => ({ heir_id: h.id, name: h.name, ...standing(state, h, b) }));
      const count = (s: string) => heirs.filter((x) => x.status === s).length;
      return {
        bequest_ref: b.bequest_ref,
        reason: b.reason,
        amount_sen: b.amount_sen,
        label: b.label,
        to: b.heir_ids.map((id) => nameOf.get(id) ?? ''),
        heirs,
        consented: count('consented'),
        refused: count('refused'),
        pending: count('pending'),
      };
    }),
    heirs: state.heirs.map(({ ic_number: _, ...h }) => h),
    can_mark_wards: isDeathStaff(user),
  };
}

/** `GET /api/death-report/{id}/consents` (see the file comment). @returns `{ consents }`. */
export async function estateConsents(db: Conn, user: AuthUser, id: string, lang: Language) {
  await findConsentReport(db, user, id);
  return { consents: estateView(await consentState(db, id, lang), user) };
}

/** `PUT /api/death-report/{id}/consent-heirs/{heir_id}` (see the file comment). @returns `{ message, consents }`. */
export async function markWard(
  ctx: Ctx,
  actor: { user: AuthUser; ip?: string },
  id: string,
  heirId: string,
  body: { under_guardianship: boolean; note?: string },
  lang: Language,
) {
  if (!isDeathStaff(actor.user)) throw forbidden();
  await findConsentReport(ctx.db, actor.user, id);
  const state = await consentState(ctx.db, id, lang);
  if (!state.heirs.some((h) => h.id === heirId)) throw notFound();
  if (body.under_guardianship && state.decisions.some((d) => d.heir_id === heirId)) {
    throw fieldError('under_guardianship', CONSENT_MSG.wardAfterDecision);
  }
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(estate_heir_wards)
      .where(and(eq(estate_heir_wards.death_report_id, id), eq(estate_heir_wards.heir_id, heirId)));
    const values = { under_guardianship: body.under_guardianship, note: body.note || null, set_by: actor.user.id };
    await tx
      .insert(estate_heir_wards)
      .values({ death_report_id: id, heir_id: heirId, ...values })
      .onConflictDoUpdate({
        target: [estate_heir_wards.death_report_id, estate_heir_wards.heir_id],
        set: { ...values, updated_at: new Date() },
      });
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'estate.consent_ward',
      entityType: 'DeathReport',
      entityId: id,
      before: before ? { heir_id: heirId, under_guardianship: before.under_guardianship, note: before.note } : null,
      after: { heir_id: heirId, under_guardianship: values.under_guardianship, note: values.note },
      ip: actor.ip,
    });
  });
  return {
    message: translate(CONSENT_MSG.wardSaved, lang),
    consents: estateView(await consentState(ctx.db, id, lang), actor.user),
  };
}
