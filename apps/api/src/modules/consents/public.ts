/**
 * An heir's consent through their release (issue 40 item 5; ADR 0275), on the release access of ADR 0267 — no
 * second link: every call carries the release link's `?expires&signature` (deaths `liveRelease`: 403 tampered or
 * expired, 404 unknown, 410 revoked) and the 30-minute `access` the code to the recorded e-mail and the recorded
 * MyKad gave (deaths `assertAccess`: 403 `deaths.release.access_required`). What the person may do is the one
 * permission table's (ADR 0288; deaths `estateRelease`): seeing and deciding the bequests is `estate:consent:decide`,
 * the sealed record `estate:consent-record:read` — an estate role without it (the executor, a beneficiary, a
 * guardian, a hibah's receiver or caretaker: domain `RELEASE_ESTATE_ROLE`) → 403 `consents.not_heir`. The role says
 * what an heir may do; whether this release's person is an heir of the estate's will today is the data's (below).
 *
 * - {@link heirConsents}: `GET /api/public/release/{id}/consents` → `{ consents }` (see {@link heirView}). An heir's
 *   release that is no longer of an heir of the estate's will (not the will the file takes, an heir removed) answers
 *   `capacity: 'not_heir'` and no bequests.
 * - {@link decideConsent}: `POST …/consents { bequest_ref, decision, confirm: true }` → `{ message, consents }`.
 *   403 `consents.not_heir` | `consents.minor` | `consents.guardianship` | `consents.age_unknown` |
 *   `consents.excluded` | `consents.deceased` (capacity on the day of the decision); 422 on `bequest_ref`: `consents.unknown_bequest`,
 *   `consents.own_bequest` (an heir does not consent to their own bequest), `consents.already_decided` (final: a
 *   consent given after the death binds). Recorded with the release, time and IP; audited `estate.consent`.
 */
import { CONSENT_MSG, type ConsentDecisionInput, type Language, normaliseIdNumber, translate } from '@wasiat/domain';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { estate_consents } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { AppError, fieldError } from '../../platform/http/errors.ts';
import { estateRelease, type ReleaseQuery } from '../deaths/index.ts';
import { type ConsentHeir, type ConsentState, consentState, standing } from './estate.ts';

type Release = Awaited<ReturnType<typeof estateRelease>>;

/** The message key of a capacity that does not consent. */
const WHY: Record<string, string> = {
  minor: CONSENT_MSG.minor,
  guardianship: CONSENT_MSG.guardianship,
  age_unknown: CONSENT_MSG.ageUnknown,
  excluded: CONSENT_MSG.excluded,
  deceased: CONSENT_MSG.deceased,
};

/** The heir of the estate's will a release is for (by the identity number compared), or null. */
function heirOfRelease(state: ConsentState, rel: Release): ConsentHeir | null {
  if (!state.will || rel.instrument_type !== 'Wasiat' || rel.instrument_id !== state.will.id) return null;
  return state.heirs.find((h) => h.ic_number && normaliseIdNumber(h.ic_number) === rel.person_id_number) ?? null;
}

/**
 * The heir's view: `{ heir_name, capacity ('adult' | 'minor' | 'guardianship' | 'age_unknown' | 'excluded' | 'deceased' |
 * 'not_heir'), why (the reason they do not consent, translated; null for an adult), bequests: [{ bequest_ref, reason,
 * reason_text, amount_sen (sen, null while unknown), label, to (names of the heirs it goes to), status ('pending' |
 * 'consented' | 'refused' | 'own' | a capacity), decided_at, can_decide }] }`.
 */
function heirView(state: ConsentState, heir: ConsentHeir | null, lang: Language) {
  if (!heir) {
    return { heir_name: null, capacity: 'not_heir' as const, why: translate(CONSENT_MSG.notHeir, lang), bequests: [] };
  }
  const nameOf = new Map(state.heirs.map((h) => [h.id, h.name]));
  return {
    heir_name: heir.name,
    capacity: heir.capacity,
    why: heir.capacity === 'adult' ? null : translate(WHY[heir.capacity], lang),
    bequests: state.bequests.map((b) => {
      const s = standing(state, heir, b);
      return {
        bequest_ref: b.bequest_ref,
        reason: b.reason,
        reason_text: translate(`consents.reason.${b.reason}`, lang),
        amount_sen: b.amount_sen,
        label: b.label,
        to: b.heir_ids.map((id) => nameOf.get(id) ?? ''),
        status: s.status,
        decided_at: s.decided_at,
        can_decide: s.status === 'pending',
      };
    }),
  };
}

/**
 * The release, its access and its estate role's `action` checked (403 `consents.not_heir` without it; ADR 0288), and
 * the consent state of its report.
 */
async function opened(
  ctx: Ctx,
  id: string,
  q: ReleaseQuery,
  action: 'estate:consent:decide' | 'estate:consent-record:read',
  lang: Language,
  now: Date,
) {
  const rel = await estateRelease(ctx, id, q, action, { access: true, refusal: CONSENT_MSG.notHeir }, now);
  const state = await consentState(ctx.db, rel.death_report_id, lang, now);
  return { rel, state, heir: heirOfRelease(state, rel) };
}

/** `GET /api/public/release/{id}/consents` (see the file comment). @returns `{ consents }`. */
export async function heirConsents(ctx: Ctx, id: string, q: ReleaseQuery, lang: Language, now = new Date()) {
  const { state, heir } = await opened(ctx, id, q, 'estate:consent:decide', lang, now);
  return { consents: heirView(state, heir, lang) };
}

/** `POST /api/public/release/{id}/consents` (see the file comment). @returns `{ message, consents }`. */
export async function decideConsent(
  ctx: Ctx,
  id: string,
  q: ReleaseQuery,
  body: ConsentDecisionInput,
  lang: Language,
  ip?: string,
  now = new Date(),
) {
  const { rel, state, heir } = await opened(ctx, id, q, 'estate:consent:decide', lang, now);
  if (!heir) throw new AppError('forbidden', CONSENT_MSG.notHeir);
  if (heir.capacity !== 'adult') throw new AppError('forbidden', WHY[heir.capacity]);
  const b = state.bequests.find((x) => x.bequest_ref === body.bequest_ref);
  if (!b) throw fieldError('bequest_ref', CONSENT_MSG.unknownBequest);
  if (b.heir_ids.includes(heir.id)) throw fieldError('bequest_ref', CONSENT_MSG.ownBequest);
  const will = state.will as NonNullable<ConsentState['will']>;
  const recorded = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(estate_consents)
      .values({
        death_report_id: rel.death_report_id,
        wasiat_id: will.id,
        heir_id: heir.id,
        release_id: rel.id,
        bequest_ref: b.bequest_ref,
        reason: b.reason,
        amount_sen: b.amount_sen,
        label: b.label,
        decision: body.decision,
        decided_at: now,
        ip: ip ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: estate_consents.id });
    if (rows.length === 0) return false;
    await recordAudit(tx as unknown as Db, {
      actorId: null,
      action: 'estate.consent',
      entityType: 'DeathReport',
      entityId: rel.death_report_id,
      after: {
        consent_id: rows[0].id,
        release_id: rel.id,
        heir_id: heir.id,
        bequest_ref: b.bequest_ref,
        reason: b.reason,
        amount_sen: b.amount_sen,
        decision: body.decision,
      },
      ip,
    });
    return true;
  });
  if (!recorded) throw fieldError('bequest_ref', CONSENT_MSG.alreadyDecided);
  const after = await consentState(ctx.db, rel.death_report_id, lang, now);
  return { message: translate(CONSENT_MSG.decided, lang), consents: heirView(after, heirOfRelease(after, rel), lang) };
}

/** The release, its access and its heir, for the heir's download of the sealed record. @throws 403 not an heir. */
export async function heirRecordState(ctx: Ctx, id: string, q: ReleaseQuery, now = new Date()) {
  const { rel, heir } = await opened(ctx, id, q, 'estate:consent-record:read', 'ms', now);
  if (!heir) throw new AppError('forbidden', CONSENT_MSG.notHeir);
  return { reportId: rel.death_report_id, releaseId: rel.id };
}
