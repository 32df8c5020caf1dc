/**
 * The estate of a will (issue 9; docs/api/wills.md "Estate, bequest limit and executor fee"): the
 * part e figures (`estimated_estate_sen`, `funeral_sen`, `debts_sen`, `harta_sepencarian_sen`, in
 * sen), the one-third rule on bequests to non-heirs counted by value (one-third.ts; ADR 0257) and the executor fee.
 *
 * The heirs' consent (issue 41 item 4; ADR 0257): a bequest to an heir, or beyond one third, takes effect only
 * with the other heirs' consent given after the death (Enakmen Wasiat Orang Islam (Selangor) 1999 s.26(2)). The
 * testator cannot record it: `heirs_consent` and `heirs_consent_note` in a body are accepted and ignored (a client
 * that still sends them is not refused, and nothing is stored as consent); they are no longer answered.
 */
import {
  checkBequests,
  ESTATE_FIELD_KEYS,
  type EstateFields,
  formatFraction,
  oneThirdJson,
  SEPENCARIAN_ERRORS,
  subFractions,
  willEstate,
} from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { wills } from '../../db/schema/index.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { type HeirBequestContent, liveContent, senOrNull } from './heir-bequests.ts';
import { assertWithinOneThird, oneThirdOfContent } from './one-third.ts';
import { hasDeclaredProperty } from './property-service.ts';
import { lockWill, type WillRow } from './queries.ts';
import { type Actor, audit, editableWill, markPartDone } from './service.ts';

/** What the estate figures read of the will row. */
export type EstateWill = Pick<WillRow, 'estimated_estate_sen' | 'funeral_sen' | 'debts_sen' | 'harta_sepencarian_sen'>;

/**
 * The estate figures of a will for `GET /wasiat/{id}` (docs/api/wills.md): `estate` (sen; null figures
 * while unknown) and `executor_fee` (null while the gross estate is unknown). See {@link estateOf}.
 */
export async function estateSummary(db: Db, will: WillRow) {
  return estateOf(will, await liveContent(db, will.id));
}

/**
 * The pure part of {@link estateSummary}: the same `{ estate, executor_fee }` from the will row and the rules'
 * content (heir-bequests.ts `HeirBequestContent`: heirs, receivers, property with values and shares, bequests, the
 * testator's particulars), already read (the hot read `GET /wasiat/{id}` reads them in the will's own statement;
 * hot-read.ts; ADR 0112).
 * @returns `{ estate: { property_sen, gross_sen, funeral_sen, debts_sen, harta_sepencarian_sen,
 *   harta_sepencarian_source ('properties' | 'amount' | null; ADR 0286), net_sen,
 *   one_third_sen, bequests_sen, bequests_to_non_heirs, bequests_to_heirs, faraid_sen, unpaid_sen, one_third:
 *   { net_sen, third_sen, bequests_share, bequests_sen, property_sen, property_sen_exact, total_sen,
 *   missing_values, over } }, executor_fee: { estate_sen, fee_sen, provider_percent, provider_bears_sen,
 *   client_pays_sen } | null }`; `bequests_to_*` are exact fractions "n/d" of the net estate (the bequests'
 *   portions); `one_third` is domain `oneThirdJson` (sen; shares of property to non-heirs at their values).
 */
export function estateOf(will: EstateWill, content: HeirBequestContent) {
  const r = oneThirdOfContent({ ...content, estate: will });
  const values = [...content.moveables, ...content.immoveables].map((p) => senOrNull(p.value_sen));
  // Every bequest's portion together (to heirs and to non-heirs): what the estate figures deduct.
  const allPortions = checkBequests(
    (content.bequests ?? []).map((b) => ({ portion: String(b.portion ?? '') })),
    [],
  ).total;
  const e = willEstate({
    estimatedEstate: will.estimated_estate_sen,
    propertyValues: values,
    funeral: will.funeral_sen,
    debts: will.debts_sen,
    // The declared properties' spouse portions, else the single amount (domain `willSepencarian`; ADR 0286).
    hartaSepencarian: r.sepencarianSen,
    bequests: allPortions,
    propertyBequestsSen: Number(r.propertySen.num / r.propertySen.den),
  });
  return {
    estate: {
      property_sen: e.propertySen,
      gross_sen: e.grossSen,
      funeral_sen: e.net?.funeral ?? null,
      debts_sen: e.net?.debts ?? null,
      harta_sepencarian_sen: e.net?.hartaSepencarian ?? null,
      // 'properties' when declared property by property (replacing the single amount), 'amount', or null (ADR 0286).
      harta_sepencarian_source: r.sepencarianSource,
      net_sen: e.net?.afterClaims ?? null,
      one_third_sen: e.net?.wasiatCap ?? null,
      bequests_sen: e.bequestsSen,
      bequests_to_non_heirs: formatFraction(r.bequestShare),
      bequests_to_heirs: formatFraction(subFractions(allPortions, r.bequestShare)),
      faraid_sen: e.net?.net ?? null,
      unpaid_sen: e.net?.unpaid ?? null,
      one_third: oneThirdJson(r),
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
 * Part e estate figures (`PATCH /wasiat/{id}` with any of ESTATE_KEYS; body already parsed by `estateSchema`):
 * the figures present are set (null clears), absent ones keep their value; `heirs_consent` and
 * `heirs_consent_note` are ignored (see the module comment). Part e must be unlocked (comprehensive plan; 422
 * `wills.part_locked`). A figure that takes the bequests to non-heirs beyond one third of the net estate (debts
 * raised, the estimate lowered) is refused: 422 on that figure with `wills.one_third_exceeded` and the figures
 * (one-third.ts). While a property of the will is declared harta sepencarian, `harta_sepencarian_sen` may be sent
 * unchanged or null but not as a new amount (422 `wills.sepencarian_amount_replaced` on it; ADR 0290): the
 * declared portions replace it. Marks part e done; writes an audit event.
 * @returns the will row after the change.
 */
export async function saveEstate(db: Db, actor: Actor, willId: string, body: EstateFields) {
  return db.transaction(async (tx) => {
    const will = await editableWill(tx, actor.user, willId, 'e', true);
    const set: Partial<typeof wills.$inferInsert> = {};
    for (const k of ESTATE_FIELD_KEYS) if (k in body) (set as Record<string, unknown>)[k] = body[k] ?? null;
    // A body of only the ignored consent keys changes nothing.
    if (!Object.keys(set).length) return will;
    // While a property is declared harta sepencarian the declared portions replace the single amount: a new amount
    // would be stored unused and unchecked, and come back when the last declaration is withdrawn (ADR 0290).
    const lump = set.harta_sepencarian_sen;
    if (lump != null && lump !== will.harta_sepencarian_sen && (await hasDeclaredProperty(tx, will.id))) {
      throw fieldError('harta_sepencarian_sen', SEPENCARIAN_ERRORS.amountReplaced);
    }
    await tx.update(wills).set(set).where(eq(wills.id, will.id));
    await assertWithinOneThird(tx, will.id, Object.keys(set)[0]);
    await markPartDone(tx, will.id, 'e');
    const after = await lockWill(tx, will.id);
    const pick = (w: WillRow) => Object.fromEntries(ESTATE_FIELD_KEYS.map((k) => [k, w[k]]));
    await audit(tx, actor, 'will.estate', { type: 'Wasiat', id: will.id }, pick(will), pick(after));
    return after;
  });
}
