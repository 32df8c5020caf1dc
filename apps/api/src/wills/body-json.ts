/**
 * One will as serializers.ts `willBody` answers it, written by PostgreSQL as JSON (ADR 0189): same keys in the
 * same order, same values (flags 0/1, `price` in ringgit, dates as `Date.toJSON()` writes them, `unlocked` from
 * the part sequences of service.ts `partsOf`, passed as the placeholders of {@link WILL_BODY_PARTS}). Used by
 * the plain will lists (list-json.ts) and the hot read (hot-read.ts; ADR 0193). The columns name the table
 * `"wills"`: a query may alias a subquery of whole will rows as `"wills"`.
 */
import { type SQLWrapper, sql } from 'drizzle-orm';
import { wills } from '../db/schema/index.ts';
import { latestPaymentStatus } from './queries.ts';
import { partsOf } from './service.ts';

/** A timestamptz as `Date.prototype.toJSON` writes it (UTC, milliseconds truncated as the driver's Date does). */
const iso = (c: SQLWrapper) => sql`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A boolean as the 0/1 the product's client reads. */
const flag = (c: SQLWrapper) => sql`(case when ${c} then 1 else 0 end)`;

/** The part sequence of the will's plan (service.ts `partsOf`: `e` only for a comprehensive will). */
const SEQUENCE = sql`(case when ${wills.plan} = 'comprehensive' then ${sql.placeholder('fullParts')}::text[] else ${sql.placeholder('basicParts')}::text[] end)`;

/**
 * One will as serializers.ts `willBody` answers it, as a `json` value. `unlocked` is service.ts
 * `computeUnlocked`: the plan's parts up to and including the first one not done.
 */
export const willBodyJson = sql`json_build_object(
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
  'unlocked', (select coalesce(json_agg(s.p order by s.i), '[]'::json) from unnest(${SEQUENCE}) with ordinality s(p, i)
    where s.i <= coalesce((select min(t.i) from unnest(${SEQUENCE}) with ordinality t(p, i)
      where not (t.p = any(${wills.parts_done}))), 2147483647)),
  'submitted_at', ${iso(wills.submitted_at)}, 'wasiat_no', ${wills.wasiat_no}, 'registered_at', ${iso(wills.registered_at)},
  'rejected_reason', ${wills.rejected_reason}, 'option_delete_id', ${wills.option_delete_id},
  'rejected_at', ${iso(wills.rejected_at)}, 'estimated_estate_sen', ${wills.estimated_estate_sen},
  'funeral_sen', ${wills.funeral_sen}, 'debts_sen', ${wills.debts_sen}, 'harta_sepencarian_sen', ${wills.harta_sepencarian_sen},
  'heirs_consent', ${flag(wills.heirs_consent)}, 'heirs_consent_note', ${wills.heirs_consent_note},
  'current_version', ${wills.current_version}, 'created_at', ${iso(wills.created_at)}, 'updated_at', ${iso(wills.updated_at)})`;

/** The values of the placeholders `basicParts` and `fullParts` of {@link willBodyJson}. */
export const WILL_BODY_PARTS = {
  basicParts: partsOf({ plan: 'basic' }),
  fullParts: partsOf({ plan: 'comprehensive' }),
};
