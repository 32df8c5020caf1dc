/**
 * The records an eKYC belongs to ("ekycables"; issue 3, ADR 0094): a will ("Wasiat"), a hibah/trust
 * ("Hibah") or an amendment ("Amendment"). Each keeps the same three facts — `ekyc_verified_at`,
 * `ekyc_method` ("Face" | "Manual") and `face_verification_count` — on its own row, and its MyKad images as
 * its own attachments (`mykad-front`, `mykad-back`). This file is the one place that knows, per kind:
 *
 * - who may see it (the owning module's scope: wills/policy, hibah/policy, amendments/policy → 404);
 * - who may make an attempt or upload a manual selfie (`act`): the will's testator or a registrar
 *   (wills `assertCanEdit`), the hibah's grantor or the agent who registered it while it is being filled in
 *   (status -1/0/1; hibah `assertCanFill`), the amendment's owner or a staff-side registrar while it is
 *   drafting (status 0; amendments `assertCanEditDraft`) → 403 / 422 `hibah.not_editable` /
 *   `amendments.not_editable`;
 * - how its facts are written (and, for a will, the wizard's `ekyc` part mark).
 *
 * A user's own verification on the logged-in /ekyc page is a subject too (kind "User", issue 21 item 7,
 * ADR 0147): its facts live in `user_ekyc`; whoever may act for the client sees it (grants
 * `actsForClient`: provider staff, the client, a partner/agent under a grant), only the user acts on it,
 * and its limit is the default `EKYC_MAX_ATTEMPTS` (no organisation).
 */
import { H, hibahStepEditable } from '@wasiat/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { amendments, attachments, hibahs, user_ekyc, users, wills } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import { assertCanEditDraft, findVisibleAmendment } from '../amendments/index.ts';
import { actsForClient } from '../grants/index.ts';
import { assertCanFill, findVisibleHibah } from '../hibah/index.ts';
import { assertCanEdit, findVisibleWill, markPartDone, unmarkPartDone } from '../wills/index.ts';

export const EKYCABLE_TYPES = ['Wasiat', 'Hibah', 'Amendment'] as const;
export type EkycableType = (typeof EKYCABLE_TYPES)[number];
/** Every kind whose attempts are limited, reviewed and reset: the records and a user's own eKYC. */
export const SUBJECT_TYPES = [...EKYCABLE_TYPES, 'User'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

/** The eKYC facts of one record, whichever its kind. */
export interface EkycSubject {
  type: SubjectType;
  id: string;
  /** Whose face is checked: the testator / grantor / amendment owner. */
  userId: string;
  /** The organisation whose `ekyc_max_attempts` applies (null: the default). */
  organizationId: string | null;
  status: number;
  faceVerificationCount: number;
  ekycVerifiedAt: Date | null;
  ekycMethod: string | null;
}

export interface SubjectOptions {
  forUpdate?: boolean;
  /** Check that the caller may act (attempt, manual upload), not only see the record. */
  act?: boolean;
}

/**
 * The record `type`/`id` as the caller sees it. @throws 404 when out of scope; with `act`, 403 when the
 * caller may not act on it and 422 (`_`) when it is no longer being filled in (hibah, amendment).
 */
export async function findSubject(
  db: Db,
  me: AuthUser,
  type: SubjectType,
  id: string,
  opts: SubjectOptions = {},
): Promise<EkycSubject> {
  if (type === 'User') return findUserSubject(db, me, id, opts);
  if (type === 'Hibah') {
    const h = await findVisibleHibah(db, me, id, opts.forUpdate);
    if (opts.act) {
      assertCanFill(me, h);
      if (!hibahStepEditable('content', h.status)) throw fieldError('_', H.notEditable);
    }
    return {
      type,
      id: h.id,
      userId: h.user_id,
      organizationId: h.organization_id,
      status: h.status,
      faceVerificationCount: h.face_verification_count,
      ekycVerifiedAt: h.ekyc_verified_at,
      ekycMethod: h.ekyc_method,
    };
  }
  if (type === 'Amendment') {
    const a = await findVisibleAmendment(db, me, id, opts.forUpdate);
    if (opts.act) {
      assertCanEditDraft(me, a);
      if (a.status !== 0) throw fieldError('_', 'amendments.not_editable');
    }
    return {
      type,
      id: a.id,
      userId: a.user_id,
      organizationId: a.organization_id,
      status: a.status,
      faceVerificationCount: a.face_verification_count,
      ekycVerifiedAt: a.ekyc_verified_at,
      ekycMethod: a.ekyc_method,
    };
  }
  const w = await findVisibleWill(db, me, id, { forUpdate: opts.forUpdate });
  if (opts.act) assertCanEdit(me, w);
  return {
    type,
    id: w.id,
    userId: w.user_id,
    organizationId: w.organization_id,
    status: w.status,
    faceVerificationCount: w.face_verification_count,
    ekycVerifiedAt: w.ekyc_verified_at,
    ekycMethod: w.ekyc_method,
  };
}

/**
 * A user's own eKYC (kind "User"): 404 unless the caller acts for that client; with `act`, 403 unless it
 * is the caller's own. With `forUpdate` the `user_ekyc` row is made if missing and locked.
 */
async function findUserSubject(db: Db, me: AuthUser, id: string, opts: SubjectOptions): Promise<EkycSubject> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), actsForClient(me, users.id)));
  if (!u) throw notFound();
  if (opts.act && u.id !== me.id) throw forbidden();
  if (opts.forUpdate) await db.insert(user_ekyc).values({ user_id: u.id }).onConflictDoNothing();
  const q = db.select().from(user_ekyc).where(eq(user_ekyc.user_id, u.id));
  const [f] = opts.forUpdate ? await q.for('update') : await q;
  return {
    type: 'User',
    id: u.id,
    userId: u.id,
    organizationId: null,
    status: 0,
    faceVerificationCount: f?.face_verification_count ?? 0,
    ekycVerifiedAt: f?.ekyc_verified_at ?? null,
    ekycMethod: f?.ekyc_method ?? null,
  };
}

/** The eKYC columns every ekycable row has. */
export interface EkycFacts {
  face_verification_count?: number;
  ekyc_verified_at?: Date | null;
  ekyc_method?: string | null;
}

/**
 * Write eKYC facts of a record (inside the caller's transaction). For a will a verification also marks
 * (and a cleared one unmarks) the wizard's `ekyc` part (issue 3).
 */
export async function writeFacts(db: Db, s: Pick<EkycSubject, 'type' | 'id'>, set: EkycFacts) {
  if (s.type === 'User')
    await db
      .insert(user_ekyc)
      .values({ user_id: s.id, ...set })
      .onConflictDoUpdate({ target: user_ekyc.user_id, set: { ...set, updated_at: sql`now()` } });
  else if (s.type === 'Hibah') await db.update(hibahs).set(set).where(eq(hibahs.id, s.id));
  else if (s.type === 'Amendment') await db.update(amendments).set(set).where(eq(amendments.id, s.id));
  else {
    await db.update(wills).set(set).where(eq(wills.id, s.id));
    if (set.ekyc_verified_at) await markPartDone(db, s.id, 'ekyc');
    else if (set.ekyc_verified_at === null) await unmarkPartDone(db, s.id, 'ekyc');
  }
}

/** The latest `mykad-front` attachment of a record (the face of the card the selfie is compared with), or null. */
export async function mykadFrontOf(db: Db, s: Pick<EkycSubject, 'type' | 'id'>) {
  const [row] = await db
    .select()
    .from(attachments)
    .where(
      and(
        eq(attachments.attachable_type, s.type),
        eq(attachments.attachable_id, s.id),
        eq(attachments.type, 'mykad-front'),
      ),
    )
    .orderBy(desc(attachments.created_at))
    .limit(1);
  return row ?? null;
}

/** The reply shape of a record's eKYC state (the wizards' eKYC steps). */
export const factsBody = (s: EkycSubject, maxAttempts: number) => ({
  ekycable_type: s.type,
  ekycable_id: s.id,
  user_id: s.userId,
  face_verification_count: s.faceVerificationCount,
  max_attempts: maxAttempts,
  ekyc_verified_at: s.ekycVerifiedAt?.toISOString() ?? null,
  ekyc_method: s.ekycMethod,
});
