/**
 * Reading the list of institutions a bequest may go to (issue 41 item 7; ADR 0268), and what a bequest takes from
 * the one it names. Who sees what: every signed-in user the active institutions; the staff who keep the list
 * (`institution:manage`) also the deactivated ones. An institution the caller may not see is a 404.
 */
import { INSTITUTION_MSG, type InstitutionJson, type InstitutionKind, institutionRegistration } from '@wasiat/domain';
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { institutions } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { type AuthUser, userCan } from '../auth/index.ts';

/** Either the database or a transaction handle of {@link Db}. */
export type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
/** A row of `institutions`. */
export type InstitutionRow = typeof institutions.$inferSelect;

/** Whether the caller keeps the list (`institution:manage`: the provider's Staff, Officer, Admin). */
const keepsInstitutions = (user: AuthUser) => userCan(user, 'institution:manage');

/** An institution as answered (no bookkeeping columns). */
export const institutionBody = (r: InstitutionRow): InstitutionJson => ({
  id: r.id,
  kind: r.kind as InstitutionKind,
  name: r.name,
  registration_no: r.registration_no,
  registered_under: r.registered_under,
  state: r.state,
  email: r.email,
  phone: r.phone,
  address: r.address,
  active: r.active,
});

/** Filters of the list: a text searched in name and registration, a kind, a state, and the deactivated too. */
export interface InstitutionFilter {
  q?: string;
  kind?: InstitutionKind;
  state?: string;
  include_inactive?: boolean;
}

/** At most this many institutions in one answer (the list is kept by hand; a select searches it). */
const LIST_LIMIT = 500;

/**
 * `GET /api/institution`: the institutions the caller may see, by name. `include_inactive` counts only for staff
 * who keep the list; everyone else gets the active ones whatever they ask.
 */
export async function listInstitutions(db: Conn, user: AuthUser, f: InstitutionFilter): Promise<InstitutionJson[]> {
  const where: SQL[] = [];
  if (!(f.include_inactive && keepsInstitutions(user))) where.push(eq(institutions.active, true));
  if (f.kind) where.push(eq(institutions.kind, f.kind));
  if (f.state) where.push(eq(institutions.state, f.state));
  const q = f.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(institutions.name, like),
        ilike(institutions.registration_no, like),
        ilike(institutions.registered_under, like),
      ) as SQL,
    );
  }
  const rows = await db
    .select()
    .from(institutions)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(institutions.name), asc(institutions.id))
    .limit(LIST_LIMIT);
  return rows.map(institutionBody);
}

/** One institution the caller may see (a deactivated one: staff only), else 404. */
export async function findInstitution(db: Conn, user: AuthUser, id: string): Promise<InstitutionRow> {
  const [row] = await db.select().from(institutions).where(eq(institutions.id, id));
  if (!row || (!row.active && !keepsInstitutions(user))) throw notFound();
  return row;
}

/** What a bequest to an institution holds of it: the name, the kind and the registration as printed. */
interface InstitutionBequest {
  beneficiary_name: string;
  ic_number: null;
  relationship: null;
  institution_id: string;
  institution_kind: string;
  institution_registration: string;
}

/** A bequest as the rule below reads it (its row before the change, or the values sent). */
interface BequestLike {
  beneficiary_name?: unknown;
  institution_id?: unknown;
  institution_kind?: unknown;
  institution_registration?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * The institution a bequest being saved goes to (issue 41 item 7; ADR 0268), or null for a bequest to a person:
 * - `institution_id` sent: that institution. The one the bequest already names is kept as it was chosen (its
 *   name, kind and registration then), even if staff have since deactivated or edited it; another one must be an
 *   active institution of the list, else 422 `institutions.not_available` on `field`.
 * - no `institution_id`, but the bequest (`previous`, the same row before the change) named an institution and the
 *   name sent is its name: the bequest is kept as it was (a client that sends a bequest back unchanged without the
 *   field, such as an amendment's draft passing it through, does not turn it into a bequest to a person).
 * - otherwise null: the caller clears the institution columns.
 */
export async function institutionOfBequest(
  db: Conn,
  field: string,
  sent: BequestLike,
  previous?: BequestLike | null,
): Promise<InstitutionBequest | null> {
  const before = text(previous?.institution_id);
  const named = text(sent.institution_id);
  const id = named ?? (before && text(sent.beneficiary_name) === text(previous?.beneficiary_name) ? before : undefined);
  if (!id) return null;
  if (id === before && previous) {
    return {
      beneficiary_name: String(previous.beneficiary_name ?? ''),
      ic_number: null,
      relationship: null,
      institution_id: id,
      institution_kind: String(previous.institution_kind ?? ''),
      institution_registration: String(previous.institution_registration ?? ''),
    };
  }
  const [row] = await db
    .select()
    .from(institutions)
    .where(and(eq(institutions.id, id), eq(institutions.active, true)));
  if (!row) throw fieldError(field, INSTITUTION_MSG.notAvailable);
  return {
    beneficiary_name: row.name,
    ic_number: null,
    relationship: null,
    institution_id: row.id,
    institution_kind: row.kind,
    institution_registration: institutionRegistration(row),
  };
}

/** The institution columns of a bequest to a person (all null). */
export const NO_INSTITUTION = { institution_id: null, institution_kind: null, institution_registration: null } as const;
