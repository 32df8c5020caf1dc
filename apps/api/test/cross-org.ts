/**
 * Machinery of the cross-organisation probe suite (issue 16 "Tests"; ADR 0108): who is a victim, which
 * records are whose, where a route carries an id (read from the app's OpenAPI document), and how to tell
 * that a call revealed or changed a victim's data.
 *
 * - Rows of every main table (the business tables: not the audit trail, sessions, counters, roll-ups) are
 *   read as JSON. An organisation's records are found by closure: the organisation, its members
 *   (`user_accesses`), the clients with a will or hibah there, then every row that references (holds the id
 *   of) a record already found — wills, their parts, payments, attachments, hibahs, amendments, ….
 * - A response REVEALS a victim's data when it carries a victim record id, MyKad number or e-mail address that
 *   the request did not itself send. A write CHANGES it when a main-table row holding a victim id (or a
 *   victim's MyKad / e-mail) was added, changed or removed.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema/index.ts';
import type { TestApp } from './harness.ts';

/**
 * Tables whose rows are not business data: refusal counters, sessions, logs, number sequences, report
 * roll-ups, the registry of issued PDFs (as in security/fuzz.test.ts).
 */
const NOT_MAIN = new Set([
  'issued_documents',
  'audit_events',
  'auth_tokens',
  'login_failures',
  'login_challenges',
  'two_factors',
  'recovery_codes',
  'otp_codes',
  'ekyc_attempts',
  // a user's own eKYC attempt count (ADR 0147): a refused attempt (no face) is counted by design
  'user_ekyc',
  'password_resets',
  'will_numbers',
  'hibah_numbers',
  'amendment_numbers',
  'receipt_counters',
  'report_will_months',
  'report_org_months',
  'report_branch_months',
  'report_org_days',
  'report_payment_months',
  'rate_limit_counters',
]);
export const MAIN_TABLES = (Object.values(schema) as unknown[])
  .filter((v): v is PgTable => is(v, PgTable))
  .map((t) => getTableName(t))
  .filter((n) => !NOT_MAIN.has(n) && !n.startsWith('report_'))
  .sort();

/** Record ids are 16 random bytes in base64url (db/schema/_common.ts newId). */
const ID_TOKEN = /[A-Za-z0-9_-]{22}/g;
const MYKAD = /\b\d{12}\b/g;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

export type Rows = Map<string, Map<string, string>>;

const rowsOf = async (t: TestApp, tables: string[]) => {
  const out: Rows = new Map(tables.map((n) => [n, new Map<string, string>()]));
  if (!tables.length) return out;
  const q = tables.map((n) => `select '${n}' as tb, row_to_json(t)::text as j from "${n}" t`).join(' union all ');
  const r = (await t.ctx.db.execute(sql.raw(q))) as unknown as { rows: { tb: string; j: string }[] };
  for (const { tb, j } of r.rows) {
    const id = (JSON.parse(j) as { id?: string }).id;
    out.get(tb)?.set(id ?? j, j);
  }
  return out;
};

/** Every main table's rows, keyed by id (or by the row itself for a table without one). */
export const readRows = (t: TestApp) => rowsOf(t, MAIN_TABLES);

/** An order-independent digest of every main table: count and sum of row hashes. */
export async function digest(t: TestApp): Promise<Record<string, string>> {
  const q = MAIN_TABLES.map(
    (n) =>
      `select '${n}' as tb, count(*)::text || ':' || coalesce(sum(hashtext(row_to_json(t)::text)::bigint), 0)::text as h from "${n}" t`,
  ).join(' union all ');
  const r = (await t.ctx.db.execute(sql.raw(q))) as unknown as { rows: { tb: string; h: string }[] };
  return Object.fromEntries(r.rows.map((x) => [x.tb, x.h]));
}

/**
 * The current transaction id (this call takes one). Ids are given only to transactions that write, so when
 * two readings around a request differ by one, nothing was written in between and the digest is not needed.
 */
export async function xid(t: TestApp): Promise<bigint> {
  const r = (await t.ctx.db.execute(sql.raw('select txid_current()::text as x'))) as unknown as {
    rows: { x: string }[];
  };
  return BigInt(r.rows[0].x);
}

/** Rows added, changed or removed in `tables` since `cached` (whose entries are replaced with the new rows). */
export async function changedRows(t: TestApp, cached: Rows, tables: string[]): Promise<string[]> {
  const now = await rowsOf(t, tables);
  const out: string[] = [];
  for (const tb of tables) {
    const before = cached.get(tb) ?? new Map<string, string>();
    const after = now.get(tb) ?? new Map<string, string>();
    for (const [k, v] of after)
      if (before.get(k) !== v) out.push(`${tb} ${v}${before.has(k) ? ` (was ${before.get(k)})` : ''}`);
    for (const [k, v] of before) if (!after.has(k)) out.push(`${tb} removed ${v}`);
    cached.set(tb, after);
  }
  return out;
}

/** One organisation's (or one person's) records: ids by table, and the markers that identify them. */
export interface Side {
  /** Record ids by table. */
  byTable: Map<string, string[]>;
  ids: Set<string>;
  /** MyKad numbers and e-mail addresses found only in this side's rows. */
  personal: Set<string>;
  /** Column values of this side's users (ic_number, username), of wills (wasiat_no), amendments (reference_no). */
  values: Map<string, string[]>;
}

const tokensOf = (s: string) => s.match(ID_TOKEN) ?? [];

/**
 * Catalogue rows of the organisations open to the public (preferences.allow_public): anyone may see them —
 * the organisation, its branches, prices, products and preference, and the ids of its active people.
 */
export function publicCatalogue(rows: Rows): Set<string> {
  const open = new Set<string>();
  for (const j of rows.get('preferences')?.values() ?? []) {
    const p = JSON.parse(j) as { organization_id: string; allow_public: boolean; id: string };
    if (p.allow_public) open.add(p.organization_id).add(p.id);
  }
  // and its directory of active people (id, name, role, branch), from which a client picks an agent
  // (organisations/service.ts listOrganisationUsers; reference §3.1)
  for (const j of rows.get('user_accesses')?.values() ?? []) {
    const a = JSON.parse(j) as { organization_id: string; user_id: string; status: number };
    if (a.status === 1 && open.has(a.organization_id)) open.add(a.user_id);
  }
  for (const tb of ['branches', 'pricings', 'products']) {
    for (const [id, j] of rows.get(tb) ?? []) {
      if (open.has((JSON.parse(j) as { organization_id: string }).organization_id)) open.add(id);
    }
  }
  return open;
}

/**
 * The records reachable from `seeds` by reference (a row belongs when it holds the id of one that does),
 * with the markers of the people in them. `users` rows are only taken from the seeds (a user row referencing
 * a record does not make the user the record's).
 */
export function closure(rows: Rows, seeds: Iterable<string>, open: Set<string> = new Set()): Side {
  const ids = new Set(seeds);
  const byTable = new Map<string, string[]>();
  const mine = new Map<string, string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const [tb, m] of rows) {
      for (const [id, j] of m) {
        if (mine.has(`${tb}|${id}`)) continue;
        const seeded = ids.has(id);
        if (!seeded && (tb === 'users' || !tokensOf(j).some((x) => x !== id && ids.has(x)))) continue;
        mine.set(`${tb}|${id}`, j);
        if (!ids.has(id)) ids.add(id);
        byTable.set(tb, [...(byTable.get(tb) ?? []), id]);
        grew = true;
      }
    }
  }
  // people: clients first (the ones an organisation acts for)
  const role = (id: string) => (JSON.parse(rows.get('users')?.get(id) ?? '{}') as { role?: string }).role;
  byTable.set(
    'users',
    [...(byTable.get('users') ?? [])].sort((a, b) => +(role(a) !== 'Client') - +(role(b) !== 'Client')),
  );
  const inside = [...mine.entries()]
    .filter(([k]) => !open.has(k.slice(k.indexOf('|') + 1)))
    .map(([, j]) => j)
    .join('\n');
  const outside = [...rows.entries()]
    .flatMap(([tb, m]) => [...m.entries()].filter(([id]) => !mine.has(`${tb}|${id}`)).map(([, j]) => j))
    .join('\n');
  const personal = new Set(
    [...(inside.match(MYKAD) ?? []), ...(inside.match(EMAIL) ?? [])].filter((x) => !outside.includes(x)),
  );
  // the victim people's own MyKad numbers and addresses, wherever else they appear
  for (const id of byTable.get('users') ?? []) {
    const u = JSON.parse(rows.get('users')?.get(id) ?? '{}') as { ic_number?: string; email?: string };
    for (const v of [u.ic_number, u.email]) if (v) personal.add(v);
  }
  const values = new Map<string, string[]>();
  const col = (tb: string, c: string, key = c) => {
    for (const id of byTable.get(tb) ?? []) {
      const v = (JSON.parse(rows.get(tb)?.get(id) ?? '{}') as Record<string, unknown>)[c];
      if (typeof v === 'string' && v) values.set(key, [...(values.get(key) ?? []), v]);
    }
  };
  col('users', 'ic_number');
  col('users', 'username');
  col('wills', 'wasiat_no');
  col('amendments', 'reference_no');
  // a public organisation's catalogue (the organisation, branches, pricing, products, preference) is not secret
  for (const x of open) ids.delete(x);
  return { byTable, ids, personal, values };
}

/** The victim markers in `text` that `sent` (the request's URL and body) did not carry. */
export function revealed(victim: Side, text: string, sent: string): string[] {
  const hits = new Set<string>();
  for (const x of tokensOf(text)) if (victim.ids.has(x) && !sent.includes(x)) hits.add(x);
  for (const x of [...(text.match(MYKAD) ?? []), ...(text.match(EMAIL) ?? [])]) {
    if (victim.personal.has(x) && !sent.includes(x)) hits.add(x);
  }
  return [...hits];
}

/**
 * Whether a changed row (changedRows) touches the victim: holds a victim id, or a victim's MyKad / e-mail that
 * the request did not itself send (writing a number one knows onto one's own record reveals nothing).
 */
export const touches = (victim: Side, row: string, sent: string) =>
  !ASKING.test(row) &&
  (tokensOf(row).some((x) => victim.ids.has(x)) ||
    [...(row.match(MYKAD) ?? []), ...(row.match(EMAIL) ?? [])].some(
      (x) => victim.personal.has(x) && !sent.includes(x),
    ));

/**
 * A new request to act for a client (`client_grants` row, status pending): asking is how an organisation
 * reaches a client it does not act for; the client decides (ADR 0101). It changes none of the client's data.
 */
const ASKING = /^client_grants \{[\s\S]*"status":"pending"[\s\S]*\}$/;
