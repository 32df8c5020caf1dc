/**
 * Reusing an identity check already passed (issue 34 "eKYC/particulars reuse", issue 37 item 6; ADR 0251): a
 * hibah's grantor who passed the eKYC for a will or another hibah is offered that check — the MyKad front
 * and back and the face verification — instead of being asked again.
 *
 * A source is the same person's (`user_id` of the hibah: the grantor, or for a corporate product the person
 * acting for the company) most recent will or other hibah, not deleted, whose eKYC passed by a face score or a
 * staff review (`ekyc_method` "Face" | "Manual" — never a check that was itself reused), within
 * {@link REUSE_WINDOW_MONTHS} months, with both MyKad images, and whose MyKad number (its particulars, else the
 * account's) is the hibah's (its part D, else the account's). Only the grantor may see or use it (others 404).
 * Reusing copies the two images (new files: a replaced attachment deletes its file, so two rows never share
 * one) and writes the hibah's `ekyc_verified_at` = the source's verification date and `ekyc_method` = the
 * source's, with the audit event `hibah.ekyc_reuse` naming the source record and its date.
 */
import { and, desc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { attachments, hibah_user_details, hibahs, users, will_user_details, wills } from '../../db/schema/index.ts';
import { attachmentBody, IMAGE_TYPES, Uploads } from '../../platform/files/uploads.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { findVisibleHibah } from '../hibah/index.ts';
import { type Actor, audit } from '../wills/index.ts';
import { findSubject, writeFacts } from './subjects.ts';

/** How old a passed eKYC may be and still be reused, in months (ADR 0251). */
const REUSE_WINDOW_MONTHS = 12;

/** Why nothing can be reused (message keys `ekyc.reuse_<reason>`). */
export type ReuseReason = 'none' | 'expired' | 'mykad_changed';

export interface ReuseSource {
  /** "Wasiat" | "Hibah" */
  type: 'Wasiat' | 'Hibah';
  id: string;
  verifiedAt: Date;
  method: string;
  front: typeof attachments.$inferSelect;
  back: typeof attachments.$inferSelect;
}

const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '') || null;

function windowStart(now: Date) {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - REUSE_WINDOW_MONTHS);
  return d;
}

async function images(db: Db, type: string, id: string) {
  const rows = await db
    .select()
    .from(attachments)
    .where(
      and(
        eq(attachments.attachable_type, type),
        eq(attachments.attachable_id, id),
        inArray(attachments.type, ['mykad-front', 'mykad-back']),
      ),
    )
    .orderBy(desc(attachments.created_at));
  const front = rows.find((r) => r.type === 'mykad-front');
  const back = rows.find((r) => r.type === 'mykad-back');
  return front && back ? { front, back } : null;
}

/** The hibah, visible and the caller's own as grantor. @throws 404 otherwise. */
async function ownHibah(db: Db, user: AuthUser, id: string, forUpdate = false) {
  const h = await findVisibleHibah(db, user, id, forUpdate);
  if (h.user_id !== user.id) throw notFound();
  return h;
}

/**
 * The most recent passed eKYC of `userId` other than hibah `hibahId`, with its MyKad images, or why there is
 * none to reuse. Read-only.
 */
async function findReuseSource(
  db: Db,
  userId: string,
  hibahId: string,
  now = new Date(),
): Promise<{ source: ReuseSource; reason: null } | { source: null; reason: ReuseReason }> {
  const methods = ['Face', 'Manual'];
  const ws = await db
    .select({ id: wills.id, at: wills.ekyc_verified_at, method: wills.ekyc_method, ic: will_user_details.ic_number })
    .from(wills)
    .leftJoin(will_user_details, eq(will_user_details.wasiat_id, wills.id))
    .where(
      and(
        eq(wills.user_id, userId),
        isNull(wills.deleted_at),
        isNotNull(wills.ekyc_verified_at),
        inArray(wills.ekyc_method, methods),
      ),
    );
  const hs = await db
    .select({
      id: hibahs.id,
      at: hibahs.ekyc_verified_at,
      method: hibahs.ekyc_method,
      ic: hibah_user_details.ic_number,
    })
    .from(hibahs)
    .leftJoin(hibah_user_details, eq(hibah_user_details.hibah_id, hibahs.id))
    .where(
      and(
        eq(hibahs.user_id, userId),
        ne(hibahs.id, hibahId),
        isNull(hibahs.deleted_at),
        isNotNull(hibahs.ekyc_verified_at),
        inArray(hibahs.ekyc_method, methods),
      ),
    );
  const candidates = [
    ...ws.map((w) => ({ ...w, type: 'Wasiat' as const })),
    ...hs.map((h) => ({ ...h, type: 'Hibah' as const })),
  ].sort((a, b) => (b.at as Date).getTime() - (a.at as Date).getTime());
  if (!candidates.length) return { source: null, reason: 'none' };
  const [u] = await db.select({ ic: users.ic_number }).from(users).where(eq(users.id, userId));
  const [d] = await db
    .select({ ic: hibah_user_details.ic_number })
    .from(hibah_user_details)
    .where(eq(hibah_user_details.hibah_id, hibahId));
  const mine = digits(d?.ic) ?? digits(u?.ic);
  const since = windowStart(now);
  let reason: ReuseReason = 'none';
  for (const c of candidates) {
    if ((c.at as Date) < since) {
      if (reason === 'none') reason = 'expired';
      continue;
    }
    const theirs = digits(c.ic) ?? digits(u?.ic);
    if (mine && theirs && mine !== theirs) {
      reason = 'mykad_changed';
      continue;
    }
    const imgs = await images(db, c.type, c.id);
    if (!imgs) continue;
    return {
      source: { type: c.type, id: c.id, verifiedAt: c.at as Date, method: c.method as string, ...imgs },
      reason: null,
    };
  }
  return { source: null, reason };
}

/**
 * `GET /hibah/{id}/identity/reuse`: what the grantor may reuse → `{ reusable: { source_type, source_id,
 * verified_at, front, back } | null, reason: ReuseReason | null, window_months }`. @throws 404 unless the
 * caller is the hibah's grantor.
 */
export async function reuseOffer(db: Db, user: AuthUser, hibahId: string) {
  const h = await ownHibah(db, user, hibahId);
  const r = await findReuseSource(db, h.user_id, h.id);
  return {
    reusable: r.source
      ? {
          source_type: r.source.type,
          source_id: r.source.id,
          verified_at: r.source.verifiedAt.toISOString(),
          front: attachmentBody(r.source.front),
          back: attachmentBody(r.source.back),
        }
      : null,
    reason: r.reason,
    window_months: REUSE_WINDOW_MONTHS,
  };
}

/**
 * `POST /hibah/{id}/identity/reuse`: copy the source's MyKad images to the hibah and record its eKYC as passed
 * by reuse (see the module comment) → `{ attachments: [front, back], ekyc_verified_at, ekyc_method, source }`.
 * @throws 404 unless the caller is the grantor; 422 `_` `hibah.not_editable` once it is no longer filled in;
 * 422 `_` `ekyc.reuse_none` | `ekyc.reuse_expired` | `ekyc.reuse_mykad_changed` when nothing may be reused.
 */
export async function reuseIdentity(ctx: Ctx, actor: Actor, hibahId: string) {
  const h = await ownHibah(ctx.db, actor.user, hibahId);
  await findSubject(ctx.db, actor.user, 'Hibah', h.id, { act: true });
  const first = await findReuseSource(ctx.db, h.user_id, h.id);
  if (!first.source) throw fieldError('_', `ekyc.reuse_${first.reason}`);
  const src = first.source;
  const uploads = new Uploads(ctx.store);
  const staged: { from: ReuseSource['front']; staged: Awaited<ReturnType<Uploads['stage']>> }[] = [];
  for (const a of [src.front, src.back])
    staged.push({
      from: a,
      staged: await uploads.stage({
        ownerType: 'Hibah',
        ownerId: h.id,
        data: await ctx.store.get(a.storage_key),
        allowed: IMAGE_TYPES,
        field: 'document',
        prepared: true,
      }),
    });
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const locked = await ownHibah(db, actor.user, h.id, true);
      const s = await findSubject(db, actor.user, 'Hibah', locked.id, { forUpdate: true, act: true });
      const again = await findReuseSource(db, s.userId, s.id);
      if (again.source?.id !== src.id) throw fieldError('_', `ekyc.reuse_${again.reason ?? 'none'}`);
      const rows = [];
      for (const { from, staged: st } of staged)
        rows.push(
          await uploads.record(db, st, {
            attachableType: 'Hibah',
            attachableId: s.id,
            type: from.type,
            description: from.description,
            uploadedBy: actor.user.id,
            replace: true,
          }),
        );
      const facts = { ekyc_verified_at: src.verifiedAt, ekyc_method: src.method };
      await writeFacts(db, s, facts);
      const source = { type: src.type, id: src.id, verified_at: src.verifiedAt.toISOString() };
      await audit(
        tx,
        actor,
        'hibah.ekyc_reuse',
        { type: 'Hibah', id: s.id },
        { ekyc_verified_at: s.ekycVerifiedAt, ekyc_method: s.ekycMethod },
        { ...facts, reused_from: source, copied_from: [src.front.id, src.back.id] },
      );
      return {
        attachments: rows.map(attachmentBody),
        ekyc_verified_at: src.verifiedAt.toISOString(),
        ekyc_method: src.method,
        source,
      };
    }),
  );
}
