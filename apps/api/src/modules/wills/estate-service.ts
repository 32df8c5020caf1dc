/**
 * The estate of a will (issue 9; docs/api/wills.md "Estate, bequest limit and executor fee"): the
 * part e figures (`estimated_estate_sen`, `funeral_sen`, `debts_sen`, `harta_sepencarian_sen`, in
 * sen), the heirs' consent, the one-third rule on bequests and the executor fee.
 *
 * The rule (packages/domain/src/faraid/will-estate.ts; Muslim Wills Enactment (Selangor) 1999 s.26(1)–(3);
 * the hadith of Sa'd b. Abi Waqqas on one third): the bequests to non-heirs together may not exceed one
 * third of the net estate, and a bequest to an heir (a beneficiary whose MyKad is that of an heir of
 * part d, or whose relationship is husband/wife/son/father/mother) is not allowed, unless the testator
 * records that the heirs consent (`heirs_consent`). Portions are fractions of the net estate, so the
 * rule is exact and holds whether or not the estate's value is known.
 */
import { checkBequests, ESTATE_KEYS, type EstateFields, willBequestsError, willEstate } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bequests, heirs, immoveable_properties, moveable_properties, wills } from '../../db/schema/index.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { type Conn, lockWill, type WillRow } from './queries.ts';
import { type Actor, audit, editableWill, markPartDone } from './service.ts';

/** The heirs of a will (part d) as the rule reads them. */
export async function willHeirs(db: Conn, willId: string) {
  return db
    .select({ relationship: heirs.relationship, ic_number: heirs.ic_number })
    .from(heirs)
    .where(and(eq(heirs.heirable_type, 'Wasiat'), eq(heirs.heirable_id, willId)));
}

/** The bequests of a will as the rule reads them (optionally without one being replaced). */
export async function willBequests(db: Conn, willId: string) {
  return db
    .select({
      id: bequests.id,
      portion: bequests.portion,
      ic_number: bequests.ic_number,
      relationship: bequests.relationship,
    })
    .from(bequests)
    .where(eq(bequests.wasiat_id, willId));
}

/** The value_sen of every property of a will (movable and immovable; null when not given). */
async function propertyValues(db: Conn, willId: string) {
  const [m, i] = await Promise.all([
    db
      .select({ v: moveable_properties.value_sen })
      .from(moveable_properties)
      .where(and(eq(moveable_properties.moveable_type, 'Wasiat'), eq(moveable_properties.moveable_id, willId))),
    db
      .select({ v: immoveable_properties.value_sen })
      .from(immoveable_properties)
      .where(and(eq(immoveable_properties.immoveable_type, 'Wasiat'), eq(immoveable_properties.immoveable_id, willId))),
  ]);
  return [...m, ...i].map((r) => r.v);
}

/**
 * The rule for the will as a whole: null when its bequests are allowed, else the message key
 * (`wills.bequest_to_heir_needs_consent` or `wills.bequest_over_third`). Used on submit and when
 * consent is withdrawn.
 */
export async function bequestProblem(db: Conn, will: Pick<WillRow, 'id' | 'heirs_consent'>) {
  const [b, h] = await Promise.all([willBequests(db, will.id), willHeirs(db, will.id)]);
  return willBequestsError(b, h, will.heirs_consent);
}

/**
 * The estate figures of a will for `GET /wasiat/{id}` (docs/api/wills.md): `estate` (sen; null figures
 * while unknown) and `executor_fee` (null while the gross estate is unknown).
 * @returns `{ estate: { property_sen, gross_sen, funeral_sen, debts_sen, harta_sepencarian_sen,
 *   net_sen, bequests_sen, bequests_to_non_heirs, bequests_to_heirs, one_third_sen, faraid_sen,
 *   unpaid_sen, needs_consent }, executor_fee: { estate_sen, fee_sen, provider_percent,
 *   provider_bears_sen, client_pays_sen } | null }`; the `bequests_to_*` are exact fractions "n/d".
 */
export async function estateSummary(db: Conn, will: WillRow) {
  const [values, b, h] = await Promise.all([
    propertyValues(db, will.id),
    willBequests(db, will.id),
    willHeirs(db, will.id),
  ]);
  return estateOf(will, values, b, h);
}

/**
 * The pure part of {@link estateSummary}: the same `{ estate, executor_fee }` from the will row, the
 * `value_sen` of each property (null: no value), its bequests and its heirs, already read (the hot read
 * `GET /wasiat/{id}` reads them in the will's own statement; queries.ts `findWillForRead`, ADR 0112).
 */
export function estateOf(
  will: Pick<WillRow, 'estimated_estate_sen' | 'funeral_sen' | 'debts_sen' | 'harta_sepencarian_sen' | 'heirs_consent'>,
  values: (number | null)[],
  b: { portion: string; ic_number: string | null; relationship: string | null }[],
  h: { relationship: string; ic_number: string | null }[],
) {
  const check = checkBequests(b, h);
  const e = willEstate({
    estimatedEstate: will.estimated_estate_sen,
    propertyValues: values,
    funeral: will.funeral_sen,
    debts: will.debts_sen,
    hartaSepencarian: will.harta_sepencarian_sen,
    bequests: check.total,
    heirsConsent: will.heirs_consent,
  });
  const frac = (f: { num: bigint; den: bigint }) => (f.den === 1n ? String(f.num) : `${f.num}/${f.den}`);
  return {
    estate: {
      property_sen: e.propertySen,
      gross_sen: e.grossSen,
      funeral_sen: e.net?.funeral ?? null,
      debts_sen: e.net?.debts ?? null,
      harta_sepencarian_sen: e.net?.hartaSepencarian ?? null,
      net_sen: e.net?.afterClaims ?? null,
      one_third_sen: e.net?.wasiatCap ?? null,
      bequests_sen: e.bequestsSen,
      bequests_to_non_heirs: frac(check.nonHeirTotal),
      bequests_to_heirs: frac(check.heirTotal),
      faraid_sen: e.net?.net ?? null,
      unpaid_sen: e.net?.unpaid ?? null,
      needs_consent: check.needsConsent,
    },
    executor_fee: e.executorFee
      ? {
          estate_sen: e.executorFee.estate,
          fee_sen: e.executorFee.fee,
          provider_percent: e.executorFee.providerPercent,
          provider_bears_sen: e.executorFee.providerBears,
          client_pays_sen: e.executorFee.estatePays,
        }
      : null,
  };
}

/**
 * Part e estate figures and consent (`PATCH /wasiat/{id}` with any of ESTATE_KEYS; body already
 * parsed by `estateSchema`): keys present are set (null clears), absent keys keep their value. Part e
 * must be unlocked (comprehensive plan; 422 `wills.part_locked`). Withdrawing consent while the
 * bequests need it: 422 on `heirs_consent` with `wills.bequest_to_heir_needs_consent` or
 * `wills.bequest_over_third`. Marks part e done; writes an audit event.
 * @returns the will row after the change.
 */
export async function saveEstate(db: Db, actor: Actor, willId: string, body: EstateFields) {
  return db.transaction(async (tx) => {
    const will = await editableWill(tx, actor.user, willId, 'e', true);
    const set: Partial<typeof wills.$inferInsert> = {};
    for (const k of ESTATE_KEYS) if (k in body) (set as Record<string, unknown>)[k] = body[k] ?? null;
    if ('heirs_consent' in set) set.heirs_consent = !!set.heirs_consent;
    const consent = set.heirs_consent ?? will.heirs_consent;
    if (!consent) {
      const problem = await bequestProblem(tx, { id: will.id, heirs_consent: false });
      if (problem) throw fieldError('heirs_consent', problem);
    }
    if (Object.keys(set).length) await tx.update(wills).set(set).where(eq(wills.id, will.id));
    await markPartDone(tx, will.id, 'e');
    const after = await lockWill(tx, will.id);
    const pick = (w: WillRow) => Object.fromEntries(ESTATE_KEYS.map((k) => [k, w[k]]));
    await audit(tx, actor, 'will.estate', { type: 'Wasiat', id: will.id }, pick(will), pick(after));
    return after;
  });
}
