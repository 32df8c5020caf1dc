/**
 * Keeping the list of institutions (issue 41 item 7; ADR 0268): staff with `institution:manage` add an
 * institution, edit it, and deactivate or reactivate it (`active`); each change is audited (`institution.create`,
 * `institution.update`, `institution.deactivate`, `institution.activate`) with the row before and after. A row is
 * never deleted: bequests name it. The same name with the same registration twice: 422 `institutions.duplicate`
 * on `name`.
 */
import { INSTITUTION_MSG, type InstitutionInput } from '@wasiat/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { institutions } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { fieldError } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { findInstitution, type InstitutionRow, institutionBody } from './queries.ts';

/** Who makes a change, and from where. */
export interface Actor {
  user: AuthUser;
  ip?: string;
}

const columns = (f: InstitutionInput) => ({
  kind: f.kind,
  name: f.name,
  registration_no: f.registration_no ?? null,
  registered_under: f.registered_under ?? null,
  state: f.state ?? null,
  email: f.email ?? null,
  phone: f.phone ?? null,
  address: f.address ?? null,
});

/** 422 on `name` when another institution has the same name (any case) and the same registration. */
async function assertNotDuplicate(tx: Db, f: InstitutionInput, exceptId?: string) {
  const same = and(
    sql`lower(${institutions.name}) = lower(${f.name})`,
    sql`coalesce(${institutions.registration_no}, '') = ${f.registration_no ?? ''}`,
    sql`coalesce(${institutions.registered_under}, '') = ${f.registered_under ?? ''}`,
    exceptId ? ne(institutions.id, exceptId) : undefined,
  );
  const [hit] = await tx.select({ id: institutions.id }).from(institutions).where(same).limit(1);
  if (hit) throw fieldError('name', INSTITUTION_MSG.duplicate);
}

/** `POST /api/institution`: add an active institution; the row as answered. */
export async function createInstitution(db: Db, actor: Actor, f: InstitutionInput) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await assertNotDuplicate(t, f);
    const [row] = await tx
      .insert(institutions)
      .values({ ...columns(f), active: true, created_by: actor.user.id, updated_by: actor.user.id })
      .returning();
    await recordAudit(t, {
      actorId: actor.user.id,
      action: 'institution.create',
      entityType: 'Institution',
      entityId: row.id,
      after: institutionBody(row),
      ip: actor.ip,
    });
    return institutionBody(row);
  });
}

/**
 * `PATCH /api/institution/{id}`: replace its fields and, when `active` is given, deactivate or reactivate it
 * (audited as such when that is the change). 404 when it does not exist. Bequests that already name it keep the
 * name, kind and registration they were saved with (queries.ts `institutionOfBequest`).
 */
export async function updateInstitution(db: Db, actor: Actor, id: string, f: InstitutionInput & { active?: boolean }) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const before: InstitutionRow = await findInstitution(t, actor.user, id);
    await assertNotDuplicate(t, f, id);
    const active = f.active ?? before.active;
    const [after] = await tx
      .update(institutions)
      .set({ ...columns(f), active, updated_by: actor.user.id, updated_at: new Date() })
      .where(eq(institutions.id, id))
      .returning();
    const fieldsChanged =
      JSON.stringify({ ...institutionBody(before), active }) !== JSON.stringify(institutionBody(after));
    const events = [
      ...(fieldsChanged || active === before.active ? (['institution.update'] as const) : []),
      ...(active !== before.active
        ? [active ? ('institution.activate' as const) : ('institution.deactivate' as const)]
        : []),
    ];
    for (const action of events) {
      await recordAudit(t, {
        actorId: actor.user.id,
        action,
        entityType: 'Institution',
        entityId: id,
        before: institutionBody(before),
        after: institutionBody(after),
        ip: actor.ip,
      });
    }
    return institutionBody(after);
  });
}
