/**
 * Reading amendments (`GET /api/amendment`, `GET /api/amendment/{id}`; docs/api/amendments.md; reference §2.4):
 * the list in the caller's scope and the wire shape of an amendment. Money in sen. Reached through `service.ts`.
 */
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { amendment_witnesses, amendments, hibahs, users, wills } from '../../db/schema/index.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import type { AuthUser } from '../auth/index.ts';
import { amendmentScope } from './policy.ts';
import { chargesOf } from './price.ts';
import { type Amendment, findVisibleAmendment } from './records.ts';

export interface AmendmentListQuery {
  wasiat_id?: string;
  hibah_id?: string;
  amendmentable_type?: string;
  status?: string;
  organization_id?: string;
  reference_no?: string;
  ic_number?: string;
  user_id?: string;
  limit?: number;
  page?: number;
}

/**
 * A page of the amendments the caller may see, newest first (reference §2.4: the client reads `[0]` as
 * the current one). Filters: `wasiat_id`, `hibah_id`, `amendmentable_type`, `status` ("1" or "1,4"),
 * `organization_id`, `reference_no`, `ic_number` (testator), `user_id`.
 */
export async function listAmendments(db: Db, user: AuthUser, q: AmendmentListQuery) {
  // The kind the query names (type, or the will or hibah asked for): the scope of that kind only (policy.ts).
  const kind = q.wasiat_id ? 'Wasiat' : q.hibah_id ? 'Hibah' : q.amendmentable_type;
  const conds: SQL[] = [amendmentScope(user, kind === 'Wasiat' || kind === 'Hibah' ? kind : undefined)];
  if (q.wasiat_id)
    conds.push(eq(amendments.amendmentable_type, 'Wasiat'), eq(amendments.amendmentable_id, q.wasiat_id));
  if (q.hibah_id) conds.push(eq(amendments.amendmentable_type, 'Hibah'), eq(amendments.amendmentable_id, q.hibah_id));
  if (q.amendmentable_type) conds.push(eq(amendments.amendmentable_type, q.amendmentable_type));
  if (q.organization_id) conds.push(eq(amendments.organization_id, q.organization_id));
  if (q.reference_no) conds.push(eq(amendments.reference_no, q.reference_no.trim().toUpperCase()));
  if (q.user_id) conds.push(eq(amendments.user_id, q.user_id));
  if (q.ic_number) {
    conds.push(
      sql`${amendments.user_id} in (select ${users.id} from ${users} where ${users.ic_number} = ${q.ic_number})`,
    );
  }
  if (q.status !== undefined) {
    const codes = q.status
      .split(',')
      .map((s) => Number(s.trim()))
      .filter((x) => Number.isInteger(x));
    conds.push(codes.length ? inArray(amendments.status, codes) : sql`false`);
  }
  const where = and(...conds);
  const p = pageParams(q);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(amendments).where(where);
  const rows = await db
    .select()
    .from(amendments)
    .where(where)
    .orderBy(desc(amendments.created_at), desc(amendments.id))
    .limit(p.per_page)
    .offset(p.offset);
  return toPage(await serializeAmendments(db, rows, false), n, p);
}

/**
 * The wire shape (docs/api/amendments.md): the row's fields with `incharged_by_id` (= `handled_by`,
 * reference §4.2), `handled_by` `{ id, name }`, `amendmentable` — a will `{ id, wasiat_no, current_version,
 * status, user_id, user: { name, ic_number } }`, a hibah `{ id, hibah_number, hibah_type, current_version,
 * status, user_id, user }` — `witnesses` (without OTP data), the draft when `withDraft`; `paid` (1 once the
 * amendment's own price is settled) and `due_sen` (what a drafting amendment still owes: price, change of type, ADR 0253). Money in sen.
 */
export async function serializeAmendments(db: Db, rows: Amendment[], withDraft: boolean) {
  if (rows.length === 0) return [];
  const willIds = rows.filter((r) => r.amendmentable_type === 'Wasiat').map((r) => r.amendmentable_id);
  const willRows = willIds.length
    ? await db
        .select({
          id: wills.id,
          wasiat_no: wills.wasiat_no,
          current_version: wills.current_version,
          status: wills.status,
          user_id: wills.user_id,
        })
        .from(wills)
        .where(inArray(wills.id, willIds))
    : [];
  const hibahIds = rows.filter((r) => r.amendmentable_type === 'Hibah').map((r) => r.amendmentable_id);
  const hibahRows = hibahIds.length
    ? await db
        .select({
          id: hibahs.id,
          hibah_number: hibahs.hibah_number,
          hibah_type: hibahs.hibah_type,
          current_version: hibahs.current_version,
          status: hibahs.status,
          user_id: hibahs.user_id,
        })
        .from(hibahs)
        .where(inArray(hibahs.id, hibahIds))
    : [];
  const userIds = [...new Set(rows.flatMap((r) => [r.user_id, r.handled_by].filter(Boolean) as string[]))];
  const userRows = userIds.length
    ? await db
        .select({ id: users.id, name: users.name, ic_number: users.ic_number })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const wit = await db
    .select()
    .from(amendment_witnesses)
    .where(
      inArray(
        amendment_witnesses.amendment_id,
        rows.map((r) => r.id),
      ),
    );
  // What a drafting amendment still owes (price.ts, ADR 0253).
  const charges = await chargesOf(
    db,
    rows.filter((x) => x.status === 0),
  );
  const due = new Map([...charges].map(([id, c]) => [id, c.dueSen]));
  const u = new Map(userRows.map((x) => [x.id, x]));
  const w = new Map<string, Record<string, unknown>>([
    ...willRows.map((x) => [x.id, x] as [string, Record<string, unknown>]),
    ...hibahRows.map((x) => [x.id, x] as [string, Record<string, unknown>]),
  ]);
  return rows.map((a) => {
    const { draft, ...rest } = a;
    const owner = u.get(a.user_id);
    const handler = a.handled_by ? u.get(a.handled_by) : undefined;
    return {
      ...rest,
      incharged_by_id: a.handled_by,
      // the 2021 client's `public_path`: the amended will of a succeeded amendment (docs/api/documents.md)
      public_path: a.status === 2 ? `/api/amendment/${a.id}/certificate/comprehensive` : null,
      handled_by: handler ? { id: handler.id, name: handler.name } : null,
      // `paid`: the amendment's own price settled (the 2021 client's indicator, reference §1.9) — the draft may be
      // changed; a change of the will's type adds to `due_sen`, asked for before the submission (ADR 0253).
      paid: a.payment_received_at ? 1 : 0,
      due_sen: due.get(a.id) ?? 0,
      amendmentable: {
        id: a.amendmentable_id,
        ...(w.get(a.amendmentable_id) ?? {}),
        user: owner ? { name: owner.name, ic_number: owner.ic_number } : null,
      },
      witnesses: wit.filter((x) => x.amendment_id === a.id).map(witnessBody),
      ...(withDraft ? { draft } : {}),
    };
  });
}

/** A witness as answered: no OTP data. */
export const witnessBody = (x: typeof amendment_witnesses.$inferSelect) => ({
  id: x.id,
  name: x.name,
  ic_number: x.ic_number,
  email: x.email,
  otp_verified: x.otp_verified_at ? 1 : 0,
  confirmed_at: x.confirmed_at,
  signature: x.signature_id ? { id: x.signature_id } : null,
});

/** `GET /api/amendment/{id}` → `{ amendment }` with its draft. 404 out of scope. */
export async function getAmendment(db: Db, user: AuthUser, id: string) {
  const a = await findVisibleAmendment(db, user, id);
  const [one] = await serializeAmendments(db, [a], true);
  return one;
}
