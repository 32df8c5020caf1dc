/**
 * Reading death reports and the deceased's instruments (issue 40 item 1; ADR 0261): the reports a caller may see
 * (policy.ts), the wire shape of each view, and the instruments of a MyKad's owner — the registered ones (the
 * two-staff rule and the inquiry's answer) and every one (what a verified death locks and closes).
 */
import { HIBAH_STATUS, WILL_STATUS } from '@wasiat/domain';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  death_closures,
  death_reports,
  hibahs,
  organizations,
  user_accesses,
  users,
  wills,
} from '../../db/schema/index.ts';
import { attachmentPath } from '../../platform/files/uploads.ts';
import { notFound } from '../../platform/http/errors.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import type { AuthUser } from '../auth/index.ts';
import { type ReportView, reportScope, viewOf } from './policy.ts';

/** Either the database or a transaction handle of {@link Db}. */
export type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** An instrument of the deceased: kind, id, number, status, organisation and its contact. */
export interface Instrument {
  type: 'Wasiat' | 'Hibah';
  id: string;
  reference: string | null;
  status: number;
  organization_id: string | null;
  organization_name: string | null;
  organization_email: string | null;
  organization_phone: string | null;
}

/** The owner of a MyKad's account (users.ic_number is unique), or null. */
export async function ownerOfMykad(db: Conn, ic: string) {
  const [u] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.ic_number, ic));
  return u ?? null;
}

/**
 * Every will and hibah (not deleted) of the account `userId`, with its organisation; `registeredOnly` keeps the
 * registered ones (will status 2, hibah status 5: what "is registered here" means; ADR 0262).
 */
export async function instrumentsOf(db: Conn, userId: string, registeredOnly = false): Promise<Instrument[]> {
  const org = {
    organization_id: organizations.id,
    organization_name: organizations.name,
    organization_email: organizations.email,
    organization_phone: organizations.phone_number,
  };
  const w = await db
    .select({ id: wills.id, reference: wills.wasiat_no, status: wills.status, ...org })
    .from(wills)
    .leftJoin(organizations, eq(organizations.id, wills.organization_id))
    .where(
      and(
        eq(wills.user_id, userId),
        isNull(wills.deleted_at),
        registeredOnly ? eq(wills.status, WILL_STATUS.registered) : undefined,
      ),
    )
    .orderBy(wills.created_at);
  const h = await db
    .select({ id: hibahs.id, reference: hibahs.hibah_number, status: hibahs.status, ...org })
    .from(hibahs)
    .leftJoin(organizations, eq(organizations.id, hibahs.organization_id))
    .where(
      and(
        eq(hibahs.user_id, userId),
        isNull(hibahs.deleted_at),
        registeredOnly ? eq(hibahs.status, HIBAH_STATUS.registered) : undefined,
      ),
    )
    .orderBy(hibahs.created_at);
  return [...w.map((x) => ({ type: 'Wasiat' as const, ...x })), ...h.map((x) => ({ type: 'Hibah' as const, ...x }))];
}

/** Whether the owner of MyKad `ic` has a registered will or hibah (the two-staff rule). */
export async function hasRegisteredInstrument(db: Conn, ic: string): Promise<boolean> {
  const owner = await ownerOfMykad(db, ic);
  return owner ? (await instrumentsOf(db, owner.id, true)).length > 0 : false;
}

const reporter = alias(users, 'death_reporter');
const firstVerifier = alias(users, 'death_first_verifier');
const verifier = alias(users, 'death_verifier');
const refuser = alias(users, 'death_refuser');
const deceased = alias(users, 'death_deceased');

/** The report with the names staff see beside it. */
const withNames = (db: Conn) =>
  db
    .select({
      r: death_reports,
      reporter_name: reporter.name,
      first_verified_by_name: firstVerifier.name,
      verified_by_name: verifier.name,
      refused_by_name: refuser.name,
      deceased_name: deceased.name,
    })
    .from(death_reports)
    .innerJoin(reporter, eq(reporter.id, death_reports.reporter_id))
    .leftJoin(firstVerifier, eq(firstVerifier.id, death_reports.first_verified_by))
    .leftJoin(verifier, eq(verifier.id, death_reports.verified_by))
    .leftJoin(refuser, eq(refuser.id, death_reports.refused_by))
    .leftJoin(deceased, eq(deceased.ic_number, death_reports.deceased_ic));
type Named = Awaited<ReturnType<ReturnType<typeof withNames>['where']>>[number];

/** The records a verified death locked or closed, by report (an organisation sees its own only). */
async function closuresOf(db: Conn, ids: string[], orgIds: string[] | null) {
  if (!ids.length) return new Map<string, (typeof death_closures.$inferSelect)[]>();
  const rows = await db
    .select()
    .from(death_closures)
    .where(
      and(
        inArray(death_closures.death_report_id, ids),
        orgIds ? inArray(death_closures.organization_id, orgIds.length ? orgIds : ['']) : undefined,
      ),
    )
    .orderBy(death_closures.created_at, death_closures.record_type);
  const out = new Map<string, typeof rows>();
  for (const c of rows) out.set(c.death_report_id, [...(out.get(c.death_report_id) ?? []), c]);
  return out;
}

/** The active organisations of `user`. */
async function organisationsOf(db: Conn, user: AuthUser): Promise<string[]> {
  const rows = await db
    .select({ id: user_accesses.organization_id })
    .from(user_accesses)
    .where(and(eq(user_accesses.user_id, user.id), eq(user_accesses.status, 1)));
  return rows.map((r) => r.id);
}

/**
 * The wire shape of a report for `view` (see policy.ts): the reporter gets back what they gave, the status and a
 * refusal's reason — nothing of the deceased's records; an organisation gets the deceased's name and the records
 * it holds; staff get everything, with the verifications needed and given.
 */
function reportBody(
  n: Named,
  view: ReportView,
  extra: { needed: number | null; closures: (typeof death_closures.$inferSelect)[] },
) {
  const r = n.r;
  const base = {
    id: r.id,
    status: r.status,
    deceased_ic_number: r.deceased_ic,
    date_of_death: r.date_of_death,
    certificate_no: r.certificate_no,
    created_at: r.created_at,
    decided_at: r.verified_at ?? r.refused_at ?? null,
  };
  if (view === 'reporter') {
    return { ...base, relationship: r.relationship, refusal_reason: r.refusal_reason };
  }
  const records = extra.closures.map((c) => ({
    type: c.record_type,
    id: c.record_id,
    reference: c.reference || null,
    state: c.state,
    organization_id: c.organization_id,
  }));
  if (view === 'organisation') return { ...base, deceased_name: n.deceased_name, records };
  return {
    ...base,
    deceased_name: n.deceased_name,
    relationship: r.relationship,
    reporter_id: r.reporter_id,
    reporter_name: n.reporter_name,
    reporter_ekyc_at: r.reporter_ekyc_at,
    certificate_attachment_id: r.certificate_attachment_id,
    certificate_url: r.certificate_attachment_id ? attachmentPath(r.certificate_attachment_id) : null,
    verifications_needed: extra.needed,
    first_verified_by: r.first_verified_by,
    first_verified_by_name: n.first_verified_by_name,
    first_verified_at: r.first_verified_at,
    verified_by_name: n.verified_by_name,
    verified_at: r.verified_at,
    refused_by_name: n.refused_by_name,
    refused_at: r.refused_at,
    refusal_reason: r.refusal_reason,
    records,
  };
}

/** Shapes rows for `user`, with what each view needs (batched: one query per kind of extra). */
async function shape(db: Conn, user: AuthUser, rows: Named[]) {
  const views = rows.map((n) => viewOf(user, n.r.reporter_id));
  const orgIds = views.includes('organisation') ? await organisationsOf(db, user) : null;
  const closures = await closuresOf(
    db,
    rows.filter((_, i) => views[i] !== 'reporter').map((n) => n.r.id),
    views.includes('staff') ? null : orgIds,
  );
  const out = [];
  for (const [i, n] of rows.entries()) {
    let needed = n.r.verifications_needed;
    if (views[i] === 'staff' && n.r.status === 'pending' && needed === null) {
      needed = (await hasRegisteredInstrument(db, n.r.deceased_ic)) ? 2 : 1;
    }
    out.push(reportBody(n, views[i], { needed, closures: closures.get(n.r.id) ?? [] }));
  }
  return out;
}

/** The report `id` if the caller may see it (`FOR UPDATE` of the report row when asked). @throws 404. */
export async function findVisibleReport(db: Conn, user: AuthUser, id: string, forUpdate = false) {
  const q = db
    .select()
    .from(death_reports)
    .where(and(eq(death_reports.id, id), reportScope(user)));
  const [r] = forUpdate ? await q.for('update') : await q;
  if (!r) throw notFound();
  return r;
}

/** `GET /api/death-report/{id}` → the report in the caller's view. @throws 404 out of scope. */
export async function readReport(db: Conn, user: AuthUser, id: string) {
  const rows = await withNames(db).where(and(eq(death_reports.id, id), reportScope(user)));
  if (!rows.length) throw notFound();
  return (await shape(db, user, rows))[0];
}

/**
 * `GET /api/death-report ?status&limit&page` → `{ death_reports: page }`, newest first, in the caller's scope;
 * staff see the pending ones first.
 */
export async function listReports(db: Conn, user: AuthUser, q: { status?: string; limit?: number; page?: number }) {
  const p = pageParams(q);
  const where = and(reportScope(user), q.status ? eq(death_reports.status, q.status) : undefined) as SQL;
  const [{ n }] = await db.select({ n: count() }).from(death_reports).where(where);
  const rows = await withNames(db)
    .where(where)
    .orderBy(sql`(${death_reports.status} = 'pending') desc`, desc(death_reports.created_at), desc(death_reports.id))
    .limit(p.per_page)
    .offset(p.offset);
  return { death_reports: toPage(await shape(db, user, rows), Number(n), p) };
}
