/**
 * The will list asked for most, answered as JSON written by PostgreSQL (issue 18 item 2; ADR 0189).
 *
 * Staff over all organisations and a client's own wills, unfiltered (policy.ts `plainListScope`; ADR 0139), are
 * one prepared statement whose single row carries the total and the page as JSON text, each will in exactly
 * the shape of serializers.ts `willBody` (same keys, same order, same values: flags 0/1, `price` in ringgit,
 * dates as `Date.toJSON()` writes them, `unlocked` from the part sequences of service.ts `partsOf`). The server
 * splices that text into the Laravel envelope; it neither maps 15 × 38 columns into objects nor serializes them
 * again, which was most of a list's CPU (bench/api.ts). Every other list (filters, `load_with`, a 2021-client
 * session, agents and partners) takes the general path (queries.ts `listWills`). A test compares the two
 * answers will by will (test/statement-budget.test.ts).
 */
import { and, desc, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/guard.ts';
import { type Db, perDatabase } from '../db/client.ts';
import { report_org_totals, wills } from '../db/schema/index.ts';
import { pageParams, toPage } from '../http/pagination.ts';
import { plainListScope } from './policy.ts';
import { isFilteredList, latestPaymentStatus, type WillListQuery } from './queries.ts';
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
const willBodyJson = sql`json_build_object(
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

const p = (name: string) => sql.placeholder(name);
/** The page as JSON text, newest first, from a subquery `page` of whole will rows. */
const pageJson = sql<string>`coalesce(json_agg(${willBodyJson} order by ${wills.created_at} desc, ${wills.id} desc)::text, '[]')`;

function prepare(db: Db) {
  // The page is a subquery aliased as the table itself, so the body's columns ("wills"."id", …) name its rows.
  const page = (where: SQL | undefined) =>
    sql`(select * from ${wills} where ${where} order by ${desc(wills.created_at)}, ${desc(wills.id)} limit ${p('limit')} offset ${p('offset')}) as "wills"`;
  return {
    any: db
      .select({
        total: sql<number>`(select coalesce(sum(${report_org_totals.n}), 0)::int from ${report_org_totals})`,
        data: pageJson,
      })
      .from(page(isNull(wills.deleted_at)))
      .prepare('wills_list_any_json'),
    own: db
      .select({
        total: sql<number>`(select count(*)::int from ${wills} w2 where w2.user_id = ${p('uid')} and w2.deleted_at is null)`,
        data: pageJson,
      })
      .from(page(and(eq(wills.user_id, p('uid')), isNull(wills.deleted_at))))
      .prepare('wills_list_own_json'),
  };
}

const prepared = perDatabase(prepare);

const PARTS = { basicParts: partsOf({ plan: 'basic' }), fullParts: partsOf({ plan: 'comprehensive' }) };

/**
 * `GET /wasiat` for staff over all organisations or a client's own wills, unfiltered (ADR 0139, 0189): the whole
 * answer `{ "wasiats": { data, current_page, per_page, total, last_page } }` as JSON text, from ONE statement.
 * The total is exact: the all-time roll-up for staff (ADR 0112), the count over the client's wills.
 * @returns the body, or null when the list is not one of the two plain shapes (the caller takes `listWills`).
 */
export async function plainWillListJson(db: Db, user: AuthUser, q: WillListQuery): Promise<string | null> {
  if (isFilteredList(q)) return null;
  const scope = plainListScope(user);
  if (!scope) return null;
  const pp = pageParams(q);
  const [row] = await prepared(db)[scope].execute({ uid: user.id, limit: pp.per_page, offset: pp.offset, ...PARTS });
  const envelope = JSON.stringify({ wasiats: toPage([], row.total, pp) });
  const data = typeof row.data === 'string' ? row.data : JSON.stringify(row.data);
  return envelope.replace('"data":[]', () => `"data":${data}`);
}
