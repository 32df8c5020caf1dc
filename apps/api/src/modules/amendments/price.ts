/**
 * What a will's amendment costs and what is still due (issue 37 item 4; ADR 0253), in integer sen:
 * - base: `amendments.price_sen`, fixed when applied from the will's pricing `amendment_price_sen`;
 * - type change: when the draft makes a basic will comprehensive (domain `willPlanOf`), the organisation's
 *   active comprehensive will price − its basic will price (the will's own price row when it is basic);
 * - covered: the settled (`paid` | `waived`) payments of the amendment, amount + promo discount; an amendment
 *   settled without a payment row (a free one, or one settled before this rule) covers at least its base.
 * The will row's `plan` is not changed by an amendment (a version's printed fingerprint includes it): the type
 * of a will and of its documents is read from plan and content together (domain `willPlanOf`).
 * A hibah's amendment has no type change: its due is its base unless settled.
 */
import { amendmentCharge, willPlanOf } from '@wasiat/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments, pricings, wills } from '../../db/schema/index.ts';
import { activePricing } from '../wills/index.ts';
import { loadWillContent, type WillContent } from './content.ts';
import type { Amendment } from './records.ts';

/** The active `Wasiat` price (sen) of plan `plan` in organisation `orgId` (the will's part B rule); null when none. */
async function willPlanPrice(db: Db, orgId: string | null, plan: string) {
  if (!orgId) return null;
  return (await activePricing(db, orgId, plan))?.price_sen ?? null;
}

/**
 * The price difference (sen) of amendment `a` changing its will's type: comprehensive − basic when the will is
 * basic and the draft comprehensive (the will's price row stands for basic when it has one); else 0. The draft is
 * read first: a draft that does not make the will comprehensive costs no query.
 */
async function typeChangeSen(db: Db, a: Amendment) {
  // A draft with none of a comprehensive will's parts changes no type (whatever the will's plan): no query.
  if (a.amendmentable_type !== 'Wasiat') return 0;
  if (willPlanOf(null, (a.draft ?? {}) as Partial<WillContent>) !== 'comprehensive') return 0;
  const [w] = await db
    .select({ plan: wills.plan, pricing_id: wills.pricing_id, organization_id: wills.organization_id })
    .from(wills)
    .where(eq(wills.id, a.amendmentable_id));
  // The will's type is its plan and its live content (an earlier amendment may have made it comprehensive).
  if (!w || w.plan === 'comprehensive') return 0;
  if (willPlanOf(w.plan, await loadWillContent(db, a.amendmentable_id)) === 'comprehensive') return 0;
  const orgId = w.organization_id ?? a.organization_id;
  const [own] = w.pricing_id
    ? await db.select({ sen: pricings.price_sen }).from(pricings).where(eq(pricings.id, w.pricing_id))
    : [];
  const basic = own?.sen ?? (await willPlanPrice(db, orgId, 'basic')) ?? 0;
  const comprehensive = (await willPlanPrice(db, orgId, 'comprehensive')) ?? basic;
  return Math.max(0, comprehensive - basic);
}

/**
 * The sen the settled payments of each of `list` cover (amount + promo discount), in one grouped query; an
 * amendment marked received covers at least its base.
 */
async function coveredSenOf(db: Db, list: readonly Amendment[]) {
  const rows = list.length
    ? await db
        .select({
          id: payments.paymentable_id,
          sen: sql<string>`coalesce(sum(${payments.amount_sen} + ${payments.discount_sen}), 0)`,
        })
        .from(payments)
        .where(
          and(
            eq(payments.paymentable_type, 'Amendment'),
            inArray(
              payments.paymentable_id,
              list.map((a) => a.id),
            ),
            inArray(payments.status, ['paid', 'waived']),
            // An ATB mandate covers the amendment when it is paid (its last instalment); its instalments are not
            // counted again (ADR 0264).
            isNull(payments.parent_id),
          ),
        )
        .groupBy(payments.paymentable_id)
    : [];
  const paid = new Map(rows.map((r) => [r.id, Number(r.sen)]));
  return new Map(
    list.map((a) => {
      const sen = paid.get(a.id) ?? 0;
      return [a.id, a.payment_received_at ? Math.max(sen, a.price_sen ?? 0) : sen];
    }),
  );
}

/** One amendment's charge: `{ baseSen, typeChangeSen, totalSen, dueSen }` (sen; domain `amendmentCharge`). */
export type AmendmentChargeSen = { baseSen: number; typeChangeSen: number; totalSen: number; dueSen: number };

/**
 * The charges of `list` (see {@link chargeOf}), keyed by amendment id: the settled payments of all of them in one
 * query (the list of amendments asks this for a page of drafting rows; issue 42's N+1).
 */
export async function chargesOf(db: Db, list: readonly Amendment[]): Promise<Map<string, AmendmentChargeSen>> {
  const covered = await coveredSenOf(db, list);
  const out = new Map<string, AmendmentChargeSen>();
  for (const a of list) {
    const change = await typeChangeSen(db, a);
    const { totalSen, dueSen } = amendmentCharge({
      baseSen: a.price_sen ?? 0,
      typeChangeSen: change,
      coveredSen: covered.get(a.id) ?? 0,
    });
    out.set(a.id, { baseSen: a.price_sen ?? 0, typeChangeSen: change, totalSen, dueSen });
  }
  return out;
}

/**
 * The charge of amendment `a`: `{ baseSen, typeChangeSen, totalSen, dueSen }` (sen; domain `amendmentCharge`).
 * `dueSen` > 0 → it must be paid (POST /api/payment) before the amendment can be submitted.
 */
export async function chargeOf(db: Db, a: Amendment): Promise<AmendmentChargeSen> {
  return (await chargesOf(db, [a])).get(a.id) as AmendmentChargeSen;
}
