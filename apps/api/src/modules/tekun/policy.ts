/**
 * The ONE place where the TEKUN module decides who sees which programme (DESIGN.md §9.3–9.4; issue 10
 * "the TEKUN organisation's Partner users see only their programme's uploads; a record not theirs is 404").
 *
 * - Provider roles (`will:read:any`: Staff, Officer, Accountant, Admin): every programme.
 * - Others with `programme:read` (a Partner): programmes of the organisations they are an active member of.
 * - Anyone else: none (fail closed). A member (Client) sees only certificates bearing their own MyKad
 *   ({@link memberCertificatesWhere}).
 */

import { PG } from '@wasiat/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { certificates, programmes } from '../../db/schema/index.ts';
import { type AuthUser, userCan } from '../../platform/auth/guard.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { myOrganisations } from '../wills/index.ts';

/** Whether the user sees every programme. */
export const seesAllProgrammes = (user: AuthUser) => userCan(user, 'will:read:any');

/** WHERE on `programmes` of those the user may see (and, with `programme:upload`, upload to). */
export function programmeScope(user: AuthUser): SQL {
  if (seesAllProgrammes(user)) return sql`true`;
  if (!userCan(user, 'programme:read')) return sql`false`;
  return inArray(programmes.organization_id, myOrganisations(user));
}

/** Ids of the programmes the user may see, as a subquery for `inArray(x.programme_id, …)`. */
export const visibleProgrammeIds = (user: AuthUser) =>
  sql`(select ${programmes.id} from ${programmes} where ${programmeScope(user)})`;

/**
 * The programme a user acts on: `programmeId` when given and visible, else the user's only visible
 * programme, else (several visible, none named) 422 `programmes.programme_invalid` on `programme_id`.
 */
export async function resolveProgramme(db: Db, user: AuthUser, programmeId?: string | null) {
  const rows = await db
    .select()
    .from(programmes)
    .where(
      and(programmeScope(user), eq(programmes.status, 1), programmeId ? eq(programmes.id, programmeId) : undefined),
    );
  if (programmeId) {
    if (!rows[0]) throw fieldError('programme_id', PG.programmeInvalid);
    return rows[0];
  }
  if (rows.length === 1) return rows[0];
  const tekun = rows.find((r) => r.code === 'TEKUN');
  if (tekun) return tekun;
  throw fieldError('programme_id', PG.programmeInvalid);
}

/** WHERE on `certificates` for a member: certificates bearing the user's MyKad (none without one). */
export function memberCertificatesWhere(user: AuthUser): SQL {
  return user.ic_number ? eq(certificates.ic_number, user.ic_number) : sql`false`;
}

/** WHERE on `certificates` the user may see: their programmes' (staff/partner) or their own (member). */
export function certificateScope(user: AuthUser): SQL {
  if (userCan(user, 'programme:read')) return inArray(certificates.programme_id, visibleProgrammeIds(user));
  return memberCertificatesWhere(user);
}

/** A certificate the user may see. @throws 404 otherwise. */
export async function loadVisibleCertificate(db: Db, user: AuthUser, id: string, forUpdate = false) {
  const q = db
    .select()
    .from(certificates)
    .where(and(eq(certificates.id, id), certificateScope(user)));
  const [c] = forUpdate ? await q.for('update') : await q;
  if (!c) throw notFound();
  return c;
}
