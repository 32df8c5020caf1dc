/**
 * The ONE place where the amendments module decides who may see and do what (DESIGN.md §9.3–9.4;
 * ADR 0020).
 *
 * Visibility: an amendment of a will ("Wasiat") is visible to whoever may see the will (the wills
 * module's `willScope`, wills/policy.ts); an amendment of a hibah ("Hibah") to whoever may see the hibah
 * (the hibah module's `hibahScope`: grantor, its agent, its organisation's partner, staff-side roles;
 * ADR 0036). Out of scope → 404 by construction (WHERE clause).
 * Acting: "owner" = the testator/grantor (`amendments.user_id`); "officer" = `amendment:verify`. A hibah
 * amendment's draft is changed by its grantor only (spec §6; 403 `amendments.grantor_only`).
 */
import type { AmendmentActor } from '@wasiat/domain';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { amendments, hibahs, wills } from '../../db/schema/index.ts';
import type { Access, AuthUser } from '../../platform/auth/guard.ts';
import { userCan } from '../../platform/auth/guard.ts';
import { AppError, forbidden } from '../../platform/http/errors.ts';
import { registerReferenceKind } from '../grants/index.ts';
import { hibahScope } from '../hibah/index.ts';
import { willScope } from '../wills/index.ts';

/** The route access of reading amendments: any role that may see some (the scope below says which). */
export const READ_AMENDMENTS: Access = ['will:read:own', 'will:read:agent', 'will:read:organisation', 'will:read:any'];
/** The route access of applying, editing, signing, transitions (decided per amendment and per move below). */
export const ACT_ON_AMENDMENTS: Access = ['will:create:own', 'will:create:client', 'amendment:verify'];

type Amendment = typeof amendments.$inferSelect;

/**
 * WHERE clause of the amendments `user` may see: those of a will or hibah the user may see. As correlated EXISTS
 * (one primary-key lookup per amendment read), not `IN (every visible will)`: under the OR that was a hashed
 * subplan of the whole visible set, built on every list — 0.3–3 s at 100,000 wills (ADR 0277). `kind`: only
 * amendments of wills (`'Wasiat'`) or of hibahs (`'Hibah'`), the same rows as the scope ANDed with that type.
 */
export function amendmentScope(user: AuthUser, kind?: 'Wasiat' | 'Hibah'): SQL {
  const will = sql`exists (select 1 from ${wills} where ${wills.id} = ${amendments.amendmentable_id} and ${willScope(user)})`;
  const hibah = sql`exists (select 1 from ${hibahs} where ${hibahs.id} = ${amendments.amendmentable_id} and ${hibahScope(user)})`;
  // One kind asked for (every list screen names it): only its branch, so the EXISTS is a semi-join that a page
  // reads in the index's order — under the OR PostgreSQL hashes every visible will or hibah first (ADR 0277).
  if (kind === 'Wasiat') return and(eq(amendments.amendmentable_type, 'Wasiat'), will) as SQL;
  if (kind === 'Hibah') return and(eq(amendments.amendmentable_type, 'Hibah'), hibah) as SQL;
  return or(
    and(eq(amendments.amendmentable_type, 'Wasiat'), will),
    and(eq(amendments.amendmentable_type, 'Hibah'), hibah),
  ) as SQL;
}

/** Whether the user may make officer steps (pass, return, approve, cancel any). */
export const isOfficer = (user: AuthUser) => userCan(user, 'amendment:verify');

/** The capacities in which `user` acts on amendment `a`: owner and/or officer. */
export function capacitiesOf(user: AuthUser, a: Amendment): AmendmentActor[] {
  const out: AmendmentActor[] = [];
  if (a.user_id === user.id) out.push('owner');
  if (isOfficer(user)) out.push('officer');
  return out;
}

/**
 * Applying for an amendment of a visible, registered will: its testator, or a user who registers wills
 * for clients and may see it (staff-created, `is_staff_created = 1`).
 * @throws 403 otherwise.
 */
export function assertCanApply(user: AuthUser, will: typeof wills.$inferSelect): { staffCreated: boolean } {
  if (will.user_id === user.id) return { staffCreated: false };
  if (userCan(user, 'will:create:client') || isOfficer(user)) return { staffCreated: true };
  throw forbidden();
}

/**
 * Applying for an amendment of a visible hibah (ADR 0036): its grantor, or staff-side (`amendment:verify`)
 * on the grantor's behalf (`is_staff_created = 1`; only the grantor edits and submits the draft).
 * @throws 403 `amendments.grantor_only` otherwise (an agent or partner who may see the hibah).
 */
export function assertCanApplyHibah(user: AuthUser, h: typeof hibahs.$inferSelect): { staffCreated: boolean } {
  if (h.user_id === user.id) return { staffCreated: false };
  if (isOfficer(user)) return { staffCreated: true };
  throw new AppError('forbidden', 'amendments.grantor_only');
}

/**
 * Editing the draft, uploading documents: the owner or a staff-side registrar of a will's amendment; of a
 * hibah's amendment the grantor only (spec §6 — staff verify instead). @throws 403.
 */
export function assertCanEditDraft(user: AuthUser, a: Amendment) {
  if (a.user_id === user.id) return;
  if (a.amendmentable_type === 'Hibah') throw new AppError('forbidden', 'amendments.grantor_only');
  if (userCan(user, 'will:create:client') || isOfficer(user)) return;
  throw forbidden();
}

/** Reading earlier versions of a will: staff-side roles (`will:read:any`; issue 4). */
export const canReadVersions = (user: AuthUser) => userCan(user, 'will:read:any');

/**
 * The `versions` list of a will or hibah as `user` may see it: the current version for whoever sees the
 * record, earlier ones for staff-side roles only ({@link canReadVersions}; ADRs 0021, 0037). Rows in
 * version order → `{ version_no, created_at, amendment_id, sha256, current: 1|0 }[]`.
 */
export function visibleVersions(
  user: AuthUser,
  currentVersion: number,
  rows: { version_no: number; created_at: Date; amendment_id: string | null; sha256: string }[],
) {
  const staff = canReadVersions(user);
  return rows
    .filter((v) => staff || v.version_no === currentVersion)
    .map((v) => ({
      version_no: v.version_no,
      created_at: v.created_at,
      amendment_id: v.amendment_id,
      sha256: v.sha256,
      current: v.version_no === currentVersion ? 1 : 0,
    }));
}

// An `amendment_id` (or `*_type: "Amendment"` pair) in a body or query: visible by the same scope (ADR 0101).
registerReferenceKind('Amendment', async (db, user, id) => {
  const [a] = await db
    .select({ id: amendments.id })
    .from(amendments)
    .where(and(eq(amendments.id, id), amendmentScope(user)));
  return Boolean(a);
});
