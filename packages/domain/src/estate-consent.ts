/**
 * The heirs' consent to a deceased's bequests (issue 40 item 5; issue 41 item 4): the shapes the consent records
 * (apps/api estates consents) and the estate file's distribution (issue 40 item 4) share.
 *
 * The rule. Enakmen Wasiat Orang Islam (Selangor) 1999 s.26(1)–(2): a bequest to a non-heir beyond one third of the
 * estate after debts, and any bequest to an heir, take effect only with the heirs' consent given after the
 * testator's death (faraid/heir-bequests.ts, faraid/one-third.ts cite the other states). Only an adult heir of
 * full capacity consents; a minor's or a ward's share stays whole. Each heir decides each bequest on its own, and a
 * consenting heir bears the part that needs consent from their own share only.
 */
import { z } from 'zod';
import { type HeirBequestKind, heirBequests } from './faraid/heir-bequests.ts';
import { type OneThirdInput, oneThird } from './faraid/one-third.ts';
import { AGE_OF_MAJORITY, ageFromMykad } from './people.ts';
import { compareFractions, type Fraction, fraction, mulFractions, subFractions, ZERO } from './validation/shares.ts';

/**
 * Which bequest a consent is about: `'moveable:<id>'`, `'immoveable:<id>'` (the excess of a share of that property
 * given to an heir, or the part of it beyond one third) or `'bequest:<id>'` (a wasiat am), the ids being the will's
 * rows (moveable_properties, immoveable_properties, bequests).
 */
export type BequestRef = `${'moveable' | 'immoveable' | 'bequest'}:${string}`;

/** Why a bequest needs the heirs' consent: it goes to an heir, or it goes beyond one third (s.26(1)–(2)). */
export type ConsentReason = 'to_heir' | 'beyond_third';

/** One heir's decision on one bequest, as recorded after the death. `heir_id` is the will's heirs row. */
export interface EstateConsent {
  bequest_ref: BequestRef;
  heir_id: string;
  decision: 'consented' | 'refused';
  /** When the heir decided (ISO 8601 UTC). */
  decided_at: string;
}

/** One bequest that needs the heirs' consent, as {@link bequestsNeedingConsent} finds it. */
export interface ConsentBequest {
  bequest_ref: BequestRef;
  /** `to_heir` when any part of it goes to an heir (then the whole of its amount is counted so), else `beyond_third`. */
  reason: ConsentReason;
  /** What takes effect only with consent, in sen (rounded down): the excess over the heir's faraid share, the whole
   * bequest to an heir, or this bequest's part of what exceeds one third; null while a value it needs is unknown. */
  amount_sen: number | null;
  /** A short name of the property or bequest (the caller's `labelOf`). */
  label: string;
  /** The heirs (will's heirs row ids) it goes to: they do not consent to their own bequest. */
  heir_ids: string[];
}

const REF_PREFIX: Record<HeirBequestKind, 'moveable' | 'immoveable' | 'bequest'> = {
  MoveableProperty: 'moveable',
  ImmoveableProperty: 'immoveable',
  Bequest: 'bequest',
};

/** The {@link BequestRef} of a property (movable or immovable) or a bequest (wasiat am) of the will. */
export const bequestRefOf = (kind: HeirBequestKind, id: string): BequestRef => `${REF_PREFIX[kind]}:${id}`;

/**
 * The bequests of a will that need the heirs' consent after the death (Enakmen Wasiat Orang Islam (Selangor) 1999
 * s.26(1)–(2)), built on the two rules already written — not re-implemented:
 * - `heirBequests` (faraid/heir-bequests.ts): a share of a property given to an heir beyond their faraid share (the
 *   excess), a wasiat am to an heir (the whole) → reason `to_heir`, amount the rule's `value_sen`;
 * - `oneThird` (faraid/one-third.ts): when the bequests to non-heirs together exceed one third of the net estate,
 *   each of them → reason `beyond_third`, amount its part of the excess pro rata to its value (the excess is borne by
 *   all the bequests to non-heirs in proportion — the proportional reduction of bequests beyond one third that the
 *   schools share, not read here in a primary text; ADR 0275); null while the net estate or its value is unknown.
 * Several parts of one property (two heirs' excess shares of it, or an heir's and a non-heir's) are one bequest of
 * that reference: amounts added (null if any is unknown), reason `to_heir` if any part is, heirs joined.
 * @param input the will's rules input (wills module `ruleInputOf`), the values and deductions in sen.
 * @param labelOf names a reference for the heirs (e.g. domain `propertyLabel`); default the reference itself.
 * @returns in order: the bequests to heirs (property then wasiat am), then those beyond one third.
 */
export function bequestsNeedingConsent(
  input: OneThirdInput,
  labelOf: (ref: BequestRef) => string = (ref) => ref,
): ConsentBequest[] {
  const third = oneThird(input);
  const parts: { ref: BequestRef; reason: ConsentReason; sen: number | null; heir: string | null }[] = [];
  for (const b of heirBequests(input.deceased, input.heirs, input.properties, {
    bequests: input.bequests,
    netSen: third.netSen,
  })) {
    parts.push({
      ref: bequestRefOf(b.property_kind, b.property_id),
      reason: 'to_heir',
      sen: b.value_sen,
      heir: b.heir_id || null,
    });
  }
  if (third.over) {
    const excess: Fraction | null =
      third.totalSen && third.netSen !== null ? subFractions(third.totalSen, fraction(BigInt(third.netSen), 3n)) : null;
    for (const item of third.items) {
      let sen: number | null = null;
      const total = third.totalSen;
      if (excess && item.sen && total && compareFractions(total, ZERO) > 0) {
        // floor(excess × item / total), exact.
        const part = mulFractions(excess, item.sen);
        sen = Number((part.num * total.den) / (part.den * total.num));
      }
      parts.push({ ref: bequestRefOf(item.kind, item.id), reason: 'beyond_third', sen, heir: null });
    }
  }
  const out = new Map<BequestRef, ConsentBequest>();
  for (const p of parts) {
    const seen = out.get(p.ref);
    if (!seen) {
      out.set(p.ref, {
        bequest_ref: p.ref,
        reason: p.reason,
        amount_sen: p.sen,
        label: labelOf(p.ref),
        heir_ids: p.heir ? [p.heir] : [],
      });
      continue;
    }
    seen.amount_sen = seen.amount_sen === null || p.sen === null ? null : seen.amount_sen + p.sen;
    if (p.reason === 'to_heir') seen.reason = 'to_heir';
    if (p.heir && !seen.heir_ids.includes(p.heir)) seen.heir_ids.push(p.heir);
  }
  return [...out.values()];
}

/**
 * Whether an heir may give consent on `on` (issue 40 item 5): `adult` — 18 or over on that calendar day in Kuala
 * Lumpur by the birth date of their 12-digit MyKad (people.ts `ageFromMykad`; Age of Majority Act 1971 s.2) and not
 * marked under guardianship; `minor`; `guardianship` (marked by estate staff: an heir of unsound mind or otherwise
 * under a guardian); `age_unknown` (no 12-digit MyKad recorded, so the age cannot be read: staff deal with them).
 * Only an `adult` consents; the others' shares stay whole.
 */
export function consentCapacity(
  icNumber: string | null | undefined,
  underGuardianship: boolean,
  on: Date,
): 'adult' | 'minor' | 'guardianship' | 'age_unknown' {
  if (underGuardianship) return 'guardianship';
  const age = ageFromMykad((icNumber ?? '').replace(/[\s-]/g, ''), on);
  if (age === null) return 'age_unknown';
  return age >= AGE_OF_MAJORITY ? 'adult' : 'minor';
}

/** Message keys of the consents (packages/domain/src/locales/{ms,en}/consents.json). */
export const CONSENT_MSG = {
  decided: 'consents.decided',
  alreadyDecided: 'consents.already_decided',
  unknownBequest: 'consents.unknown_bequest',
  notHeir: 'consents.not_heir',
  minor: 'consents.minor',
  guardianship: 'consents.guardianship',
  ageUnknown: 'consents.age_unknown',
  excluded: 'consents.excluded',
  deceased: 'consents.deceased',
  wardAfterDecision: 'consents.ward_after_decision',
  ownBequest: 'consents.own_bequest',
  confirmRequired: 'consents.confirm_required',
  decisionRequired: 'consents.decision_required',
  wardSaved: 'consents.ward_saved',
  notAnHeir: 'consents.heir_unknown',
} as const;

/** `POST /api/public/release/{id}/consents`: one decision on one bequest, confirmed (decisions are final). */
export const consentDecisionSchema = z.object({
  bequest_ref: z
    .string({ error: CONSENT_MSG.unknownBequest })
    .regex(/^(moveable|immoveable|bequest):[\w-]{1,64}$/, { error: CONSENT_MSG.unknownBequest }),
  decision: z.enum(['consented', 'refused'], { error: CONSENT_MSG.decisionRequired }),
  confirm: z.literal(true, { error: CONSENT_MSG.confirmRequired }),
});
export type ConsentDecisionInput = z.infer<typeof consentDecisionSchema>;

/** `PUT /api/death-report/{id}/consent-heirs/{heir_id}`: estate staff mark an heir under guardianship (or not). */
export const consentWardSchema = z.object({
  under_guardianship: z.boolean({ error: CONSENT_MSG.guardianship }),
  note: z.string().trim().max(500).optional(),
});
