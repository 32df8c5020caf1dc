/**
 * One will as serializers.ts `willBody` answers it, written by PostgreSQL as JSON (ADR 0189): same keys in the
 * same order, same values (flags 0/1, `price` in ringgit, dates as `Date.toJSON()` writes them, `unlocked` as
 * service.ts `computeUnlocked` answers it, {@link UNLOCKED_JSON}). Used by
 * the plain will lists (list-json.ts) and the hot read (hot-read.ts; ADR 0193). The columns name the table
 * `"wills"`: a query may alias a subquery of whole will rows as `"wills"`.
 */
import { type SQLWrapper, sql } from 'drizzle-orm';
import { wills } from '../../db/schema/index.ts';
import { latestPaymentStatus } from './queries.ts';
import { computeUnlocked, partsOf } from './service.ts';

/** A timestamptz as `Date.prototype.toJSON` writes it (UTC, milliseconds truncated as the driver's Date does). */
export const iso = (c: SQLWrapper) => sql`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A boolean as the 0/1 the product's client reads. */
export const flag = (c: SQLWrapper) => sql`(case when ${c} then 1 else 0 end)`;

/** A JSON value as an SQL literal (the text is ours: the wizard's part names). */
const jsonLiteral = (v: unknown) => sql.raw(`'${JSON.stringify(v).replaceAll("'", "''")}'::json`);

/**
 * `unlocked` of one plan: a CASE over the plan's part sequence (service.ts `partsOf`), its answers written by
 * service.ts `computeUnlocked` itself for each first part not done — the parts up to and including it — and for
 * none (all of them). Constant expressions only: the two set-returning subqueries this replaced (`unnest … with
 * ordinality`, each a tuplestore per will) were a quarter of PostgreSQL's time per will of a list page (ADR 0200).
 */
function unlockedOf(plan: 'basic' | 'comprehensive') {
  const parts = partsOf({ plan });
  const whens = parts.map((p, i) => {
    const done = parts.slice(0, i);
    return sql`when not (${sql.raw(`'${p}'`)} = any(${wills.parts_done})) then ${jsonLiteral(computeUnlocked({ plan, parts_done: done }))}`;
  });
  return sql`(case ${sql.join(whens, sql` `)} else ${jsonLiteral(computeUnlocked({ plan, parts_done: parts }))} end)`;
}
/** `unlocked` of the will "wills" (service.ts `computeUnlocked`; ADR 0200): a comprehensive will's sequence has `e`. */
export const UNLOCKED_JSON = sql`(case when ${wills.plan} = 'comprehensive' then ${unlockedOf('comprehensive')} else ${unlockedOf('basic')} end)`;

/**
 * The key/value arguments of {@link willBodyJson} (39 pairs, 78 of PostgreSQL's 100 function arguments), for a
 * `json_build_object` that adds keys after them (amendments/search.ts adds the relations of a search hit).
 */
export const willBodyFields = sql`
  'id', ${wills.id}, 'user_id', ${wills.user_id}, 'agent_id', ${wills.agent_id}, 'created_by', ${wills.created_by},
  'organization_id', ${wills.organization_id}, 'branch_id', ${wills.branch_id}, 'pricing_id', ${wills.pricing_id},
  'status', ${wills.status}, 'wasiat_type', ${wills.wasiat_type}, 'plan', ${wills.plan},
  'price', (${wills.price_sen}::float8 / 100), 'price_sen', ${wills.price_sen}, 'discount_sen', ${wills.discount_sen},
  'amount_due_sen', (case when ${wills.price_sen} is null then null else greatest(0, ${wills.price_sen} - ${wills.discount_sen}) end),
  'payment_options_id', ${wills.payment_options_id}, 'payment_received_at', ${iso(wills.payment_received_at)},
  'payment_status', ${latestPaymentStatus},
  'acknowledged_pdpa', ${flag(wills.acknowledged_pdpa)}, 'acknowledged_confirmation', ${flag(wills.acknowledged_confirmation)},
  'signature', (case when ${wills.signature_id} is null then null else json_build_object('id', ${wills.signature_id}) end),
  'ekyc_verified_at', ${iso(wills.ekyc_verified_at)}, 'ekyc_method', ${wills.ekyc_method},
  'face_verification_count', ${wills.face_verification_count}, 'parts_done', to_json(${wills.parts_done}),
  'unlocked', ${UNLOCKED_JSON},
  'submitted_at', ${iso(wills.submitted_at)}, 'wasiat_no', ${wills.wasiat_no}, 'registered_at', ${iso(wills.registered_at)},
  'rejected_reason', ${wills.rejected_reason}, 'option_delete_id', ${wills.option_delete_id},
  'rejected_at', ${iso(wills.rejected_at)}, 'estimated_estate_sen', ${wills.estimated_estate_sen},
  'funeral_sen', ${wills.funeral_sen}, 'debts_sen', ${wills.debts_sen}, 'harta_sepencarian_sen', ${wills.harta_sepencarian_sen},
  'current_version', ${wills.current_version}, 'executed_original_at',
  (case when ${wills.executed_original_version} = ${wills.current_version} then ${iso(wills.executed_original_at)} end),
  'created_at', ${iso(wills.created_at)}, 'updated_at', ${iso(wills.updated_at)}`;

/**
 * One will as serializers.ts `willBody` answers it, as a `json` value. `unlocked` is service.ts
 * `computeUnlocked`: the plan's parts up to and including the first one not done.
 */
export const willBodyJson = sql`json_build_object(${willBodyFields})`;
