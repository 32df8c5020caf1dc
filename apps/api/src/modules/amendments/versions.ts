/**
 * Versions of a will's content (ADR 0021; issue 4 "When an amendment succeeds, the will's current version
 * changes; earlier versions stay readable to staff, and every PDF is of the version it names").
 *
 * `will_versions` holds one canonical JSON snapshot per version with its SHA-256. Version 1 (the
 * registered will) is snapshotted when the first amendment succeeds; then the live rows are replaced by
 * the amendment's draft (its witnesses being the amendment's confirmed witnesses) inside the approving
 * transaction, the result is snapshotted as the next version and `wills.current_version` moves to it.
 */
import { AM } from '@wasiat/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { amendment_witnesses, will_versions, wills } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { namedPeopleChanged } from '../instruments/index.ts';
import type { Actor } from '../wills/index.ts';
import { audit, findVisibleWill } from '../wills/index.ts';
import { contentSha256, loadWillContent, replaceWillContent, type WillContent } from './content.ts';
import { canReadVersions, visibleVersions } from './policy.ts';
import type { Amendment } from './service.ts';

/** Store a snapshot of the will's live content as `versionNo` (no-op when that version exists). */
async function snapshot(tx: Db, willId: string, versionNo: number, amendmentId: string | null) {
  const content = await loadWillContent(tx, willId);
  await tx
    .insert(will_versions)
    .values({
      wasiat_id: willId,
      version_no: versionNo,
      amendment_id: amendmentId,
      content,
      sha256: contentSha256(content),
    })
    .onConflictDoNothing();
}

/**
 * In the approving transaction (4 → 2): make the draft the will's content, as a new version.
 * @throws 422 `amendments.witnesses_pending` on `witnesses` unless every witness confirmed (at least one).
 * @returns the new version number.
 */
export async function applyDraftAsNewVersion(tx: Db, actor: Actor, a: Amendment, now: Date) {
  const wit = await tx
    .select()
    .from(amendment_witnesses)
    .where(eq(amendment_witnesses.amendment_id, a.id))
    .orderBy(asc(amendment_witnesses.created_at));
  if (wit.length === 0 || wit.some((w) => !w.confirmed_at)) throw fieldError('witnesses', AM.witnessesPending);
  const [will] = await tx.select().from(wills).where(eq(wills.id, a.amendmentable_id)).for('update');
  if (!will) throw notFound();
  await snapshot(tx, will.id, will.current_version, null);
  const draft = a.draft as WillContent;
  const next: WillContent = {
    ...draft,
    estate: draft.estate ?? {},
    witnesses: wit.map((w) => ({
      name: w.name,
      ic_number: w.ic_number,
      email: w.email,
      address: w.address,
      postcode: w.postcode,
      city: w.city,
      state: w.state,
      signature_id: w.signature_id,
      spouse_ic_number: w.spouse_ic_number,
      identified_by: w.identified_by,
      identified_at: w.identified_at,
    })),
  };
  await replaceWillContent(tx, will.id, next);
  const versionNo = will.current_version + 1;
  await tx
    .update(wills)
    .set({ current_version: versionNo, ...(a.signature_id ? { signature_id: a.signature_id } : {}), updated_at: now })
    .where(eq(wills.id, will.id));
  await snapshot(tx, will.id, versionNo, a.id);
  // A guardian the amendment changed or added is asked to accept again (issue 41 item 3; ADR 0276).
  await namedPeopleChanged(tx, {
    type: 'Wasiat',
    id: will.id,
    event: 'amended',
    actorId: actor.user.id,
    ip: actor.ip,
    now,
  });
  await audit(
    tx,
    actor,
    'will.new_version',
    { type: 'Wasiat', id: will.id },
    { current_version: will.current_version },
    { current_version: versionNo, amendment_id: a.id },
  );
  return versionNo;
}

/**
 * `GET /api/wasiat/{id}/versions` → `{ versions: [{ version_no, created_at, amendment_id, sha256, current }],
 * current_version }` for whoever may see the will; earlier versions listed to staff-side roles only.
 */
export async function listVersions(db: Db, user: AuthUser, willId: string) {
  const will = await findVisibleWill(db, user, willId);
  const rows = await db
    .select()
    .from(will_versions)
    .where(eq(will_versions.wasiat_id, will.id))
    .orderBy(asc(will_versions.version_no));
  return { current_version: will.current_version, versions: visibleVersions(user, will.current_version, rows) };
}

/**
 * One version's content. The current version: anyone who may see the will (from the live rows when not
 * snapshotted yet); an earlier one: staff-side roles only (404 otherwise, as for an unknown version).
 */
export async function readVersion(db: Db, user: AuthUser | null, will: typeof wills.$inferSelect, versionNo: number) {
  if (versionNo !== will.current_version && !(user && canReadVersions(user))) throw notFound();
  const [v] = await db
    .select()
    .from(will_versions)
    .where(and(eq(will_versions.wasiat_id, will.id), eq(will_versions.version_no, versionNo)));
  if (v)
    return { version_no: v.version_no, content: v.content as WillContent, sha256: v.sha256, created_at: v.created_at };
  if (versionNo === will.current_version) {
    const content = await loadWillContent(db, will.id);
    return { version_no: versionNo, content, sha256: contentSha256(content), created_at: will.registered_at };
  }
  throw notFound();
}
