/**
 * Hibah / trust records (docs/api/hibah.md; issue 5; spec §3, §6; reference §2.3, §3.2–§3.4): create,
 * read, list, field updates and the grantor's particulars. Rules run in transactions with an audit
 * event; visibility and rights come from policy.ts only.
 *
 * Finding a hibah and its audit event (access.ts), registration and field updates (registration.ts) and the
 * organisation and price (organisation-choice.ts) live in files named by what they hold; this file holds the
 * grantor's particulars and the list, and is the one import path.
 */
import { genderFromMykad, HIBAH_STATUS, userDetailSchema, W } from '@wasiat/domain';
import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { hibah_user_details, hibahs, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import { type Actor, audit, type Conn, fillableHibah, findVisibleHibah } from './access.ts';
import { hibahScope, myOrganisations } from './policy.ts';

/** The organisation's preference row (null when it has none: defaults of the schema apply); shared with the will. */
export { preferenceOf } from '../instruments/index.ts';
export * from './access.ts';
export { createHibah, updateFields } from './registration.ts';

/** The grantor's particulars of a visible hibah, or null before they are given. */
export async function getUserDetail(db: Conn, user: AuthUser, id: string) {
  const h = await findVisibleHibah(db, user, id);
  const [d] = await db.select().from(hibah_user_details).where(eq(hibah_user_details.hibah_id, h.id));
  return d ?? null;
}

/**
 * `POST /hibah/{id}/user-detail` (part D / estate part B): save the grantor's particulars. The grantor or
 * the agent who registered the hibah, while it is being filled in; the MyKad must be the grantor's own
 * (422 `wills.mykad_mismatch` on `ic_number`) when the grantor's account has one. `partial` (a PATCH
 * carrying only some keys; issue 20, ADR 0131) writes only those; a carried `gender` must agree with the
 * MyKad on record (422 `wills.gender_mykad_mismatch`); a placeholder hibah (-1) becomes new (0) once the
 * saved record is whole.
 */
export async function saveUserDetail(
  db: Db,
  actor: Actor,
  id: string,
  input: Partial<z.output<typeof userDetailSchema>>,
  partial = false,
) {
  return db.transaction(async (tx) => {
    const h = await fillableHibah(tx, actor.user, id);
    const [grantor] = await tx
      .select({ ic: users.ic_number, name: users.name })
      .from(users)
      .where(eq(users.id, h.user_id));
    if (input.ic_number !== undefined && grantor?.ic && grantor.ic !== input.ic_number)
      throw fieldError('ic_number', W.mykadMismatch);
    const [before] = await tx.select().from(hibah_user_details).where(eq(hibah_user_details.hibah_id, h.id));
    const ic = input.ic_number ?? before?.ic_number ?? grantor?.ic;
    if (input.gender !== undefined && ic && /^\d{12}$/.test(ic) && genderFromMykad(ic) !== input.gender)
      throw fieldError('gender', W.genderMykadMismatch);
    // A partial body that carries nothing (every key unknown) changes nothing.
    const carried = Object.values(input).some((v) => v !== undefined);
    const [row] = before
      ? carried
        ? await tx.update(hibah_user_details).set(input).where(eq(hibah_user_details.id, before.id)).returning()
        : [before]
      : await tx
          .insert(hibah_user_details)
          .values({ ...input, hibah_id: h.id })
          .returning();
    if (h.status === HIBAH_STATUS.placeholder && (!partial || userDetailSchema.safeParse(row).success)) {
      await tx.update(hibahs).set({ status: HIBAH_STATUS.new }).where(eq(hibahs.id, h.id));
    }
    // A nameless account (created by MyKad alone; ADR 0133) takes the name of its particulars.
    if (grantor && !grantor.name && row.name)
      await tx.update(users).set({ name: row.name }).where(eq(users.id, h.user_id));
    await audit(tx, actor, 'hibah.user_detail', h.id, before ?? null, row);
    return row;
  });
}

export interface ListQuery {
  user_id?: string;
  hibah_type?: number;
  hibah_type_id?: number;
  status?: string;
  except_status?: string;
  organization_id?: string;
  limit?: number;
  page?: number;
}

/**
 * `GET /hibah`: the hibahs the caller may see, newest first, filtered by `user_id`, `hibah_type_id` (or
 * the client's `hibah_type`), `status` (comma list), `except_status`, `organization_id`.
 * @returns rows and the page envelope builder.
 */
export async function listHibahs(db: Db, user: AuthUser, q: ListQuery) {
  const conds: SQL[] = [hibahScope(user)];
  if (q.user_id) conds.push(eq(hibahs.user_id, q.user_id));
  const type = q.hibah_type_id ?? q.hibah_type;
  if (type !== undefined) conds.push(eq(hibahs.hibah_type, type));
  const nums = (s?: string) =>
    (s ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter((x) => /^-?\d+$/.test(x))
      .map(Number);
  if (nums(q.status).length) conds.push(inArray(hibahs.status, nums(q.status)));
  for (const s of nums(q.except_status)) conds.push(ne(hibahs.status, s));
  if (q.organization_id) conds.push(eq(hibahs.organization_id, q.organization_id));
  const where = and(...conds);
  const p = pageParams(q);
  const rows = await db
    .select()
    .from(hibahs)
    .where(where)
    .orderBy(desc(hibahs.created_at), desc(hibahs.id))
    .limit(p.per_page)
    .offset(p.offset);
  const [{ n }] = await db.select({ n: count() }).from(hibahs).where(where);
  return { rows, page: <T>(data: T[]) => toPage(data, Number(n), p) };
}

/**
 * Organisations the caller belongs to (for the partner's verification list scope): policy.ts `myOrganisations`.
 * A function, not an alias: policy.ts may still be loading when this module is evaluated (an import cycle through
 * grants/ when the reports are the entry, as in bench/reports.ts), and an alias would read it too early.
 */
export const partnerOrganisations = (user: AuthUser) => myOrganisations(user);
