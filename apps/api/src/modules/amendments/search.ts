/**
 * Search (carian; spec §2 Search; reference §2.14; issue 4 "/carian/semak … check a will's status by MyKad
 * or registration number, for staff and partner users"; ADR 0022).
 *
 * `GET /api/carian ?ic_number|wasiat_no|name|status|having_amendment|limit|page` → `{ wasiats: page }` of
 * the wills the caller may see (wills/policy.ts `willScope`: a partner only finds its organisation's
 * wills), each with `user_detail`, `organization`, `branch`, `current_version` and its latest amendment
 * (`latest_amendment: { id, reference_no, status } | null`). Needs `will:search`.
 */
import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { amendments, users, will_user_details, wills } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import { containsPattern, statusCodes, statusIn } from '../instruments/index.ts';
import { parseLoadWith, serializeWills, testatorMykadIs, testatorNameContains, willScope } from '../wills/index.ts';

export interface SearchQuery {
  ic_number?: string;
  wasiat_no?: string;
  name?: string;
  status?: string;
  having_amendment?: string;
  limit?: number;
  page?: number;
}

export async function searchWills(db: Db, user: AuthUser, q: SearchQuery) {
  const conds: SQL[] = [willScope(user), sql`${wills.status} <> -1`];
  if (q.wasiat_no) conds.push(eq(wills.wasiat_no, q.wasiat_no.trim().toUpperCase()));
  if (q.ic_number) {
    const ic = q.ic_number.replace(/\D/g, '');
    conds.push(testatorMykadIs(ic));
  }
  if (q.name) conds.push(testatorNameContains(q.name));
  if (q.status !== undefined) conds.push(statusIn(wills.status, statusCodes(q.status)));
  const withAmendment = sql`exists (select 1 from ${amendments} where ${amendments.amendmentable_type} = 'Wasiat' and ${amendments.amendmentable_id} = ${wills.id})`;
  if (q.having_amendment === 'true' || q.having_amendment === '1') conds.push(withAmendment);
  if (q.having_amendment === 'false' || q.having_amendment === '0') conds.push(sql`not ${withAmendment}`);
  const where = and(...conds, isNull(wills.deleted_at));
  const p = pageParams(q);
  const base = <T extends { from: (t: typeof wills) => any }>(b: T) => b.from(wills);
  const [{ n }] = await base(db.select({ n: sql<number>`count(*)::int` })).where(where);
  const rows: { will: typeof wills.$inferSelect }[] = await base(db.select({ will: wills }))
    .where(where)
    .orderBy(desc(wills.created_at), desc(wills.id))
    .limit(p.per_page)
    .offset(p.offset);
  const list = rows.map((r) => r.will);
  const body = await serializeWills(db, list, parseLoadWith('userDetail,user,organization,branch,agent'));
  const latest = list.length
    ? await db
        .select({
          id: amendments.id,
          wid: amendments.amendmentable_id,
          reference_no: amendments.reference_no,
          status: amendments.status,
          created_at: amendments.created_at,
        })
        .from(amendments)
        .where(
          and(
            eq(amendments.amendmentable_type, 'Wasiat'),
            inArray(
              amendments.amendmentable_id,
              list.map((w) => w.id),
            ),
          ),
        )
        .orderBy(desc(amendments.created_at))
    : [];
  const data = body.map((w, i) => {
    const a = latest.find((x) => x.wid === list[i].id);
    return {
      ...w,
      current_version: list[i].current_version,
      latest_amendment: a ? { id: a.id, reference_no: a.reference_no, status: a.status } : null,
    };
  });
  return toPage(data, n, p);
}
