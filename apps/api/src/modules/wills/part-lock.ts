/**
 * The part lock of the will wizard (docs/api/wills.md "Wizard parts"; spec §4, §5): the parts of a will in
 * order, which are unlocked, marking a part done or not, and the save rule (editable status, part unlocked).
 * Reached through `service.ts`; the payments and eKYC modules use {@link markPartDone} and {@link computeUnlocked}.
 */
import { W, WILL_PARTS, type WillPart } from '@wasiat/domain';
import { and, eq, sql } from 'drizzle-orm';
import { wills } from '../../db/schema/index.ts';
import { fieldError } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { assertOwnerAlive } from '../instruments/index.ts';
import { assertCanEdit } from './policy.ts';
import { type Conn, findVisibleWill, type WillRow } from './queries.ts';

/** Statuses in which a will may be changed (spec §4: 0 in registration, 3 cancelled, update needed). */
export const EDITABLE_STATUSES = [0, 3] as const;

/** The parts of a will in order; `e` only for a comprehensive will (docs/api/wills.md). */
export function partsOf(will: Pick<WillRow, 'plan'>): WillPart[] {
  return WILL_PARTS.filter((p) => p !== 'e' || will.plan === 'comprehensive');
}

/**
 * The parts the user may open now (docs/api/wills.md `unlocked`): a part is unlocked when every
 * earlier part of the will's sequence is done (`e` is skipped for a basic will). Pure; for the
 * serializer and for the payments module.
 * @example computeUnlocked({ plan: 'basic', parts_done: ['a', 'b'] }) // ['a', 'b', 'payment']
 */
export function computeUnlocked(will: Pick<WillRow, 'plan' | 'parts_done'>): WillPart[] {
  const out: WillPart[] = [];
  for (const p of partsOf(will)) {
    out.push(p);
    if (!will.parts_done.includes(p)) break;
  }
  return out;
}

/** Whether every part of the will's sequence is done (submit rule, spec §4). */
export const allPartsDone = (will: Pick<WillRow, 'plan' | 'parts_done'>) =>
  partsOf(will).every((p) => will.parts_done.includes(p));

/**
 * Mark a wizard part done (idempotent, atomic: `array_append … WHERE NOT part = ANY(parts_done)`).
 * Used by this module's saves and by the payments module (part "payment" when a payment is made,
 * pending-manual or waived). Pass the transaction that records the change.
 * @param part one of "a","b","payment","c","document","d","e","f","g".
 */
export async function markPartDone(db: Conn, wasiatId: string, part: WillPart) {
  await db
    .update(wills)
    .set({ parts_done: sql`array_append(${wills.parts_done}, ${part}::text)` })
    .where(and(eq(wills.id, wasiatId), sql`not (${part}::text = any(${wills.parts_done}))`));
}

/** Un-mark a part (e.g. "g" when fewer than two signed witnesses remain, "document" on a replaced MyKad). */
export async function unmarkPartDone(db: Conn, wasiatId: string, part: WillPart) {
  await db
    .update(wills)
    .set({ parts_done: sql`array_remove(${wills.parts_done}, ${part}::text)` })
    .where(eq(wills.id, wasiatId));
}

/**
 * The save rule: status 0 or 3 (else 422 `wills.not_editable`) and `part` unlocked (else 422
 * `wills.part_locked`), both on field `_` (docs/api/wills.md "Wizard parts").
 */
export function assertSavable(will: WillRow, part: WillPart) {
  if (!(EDITABLE_STATUSES as readonly number[]).includes(will.status)) throw fieldError('_', W.notEditable);
  if (!computeUnlocked(will).includes(part)) throw fieldError('_', W.partLocked);
}

/**
 * Load a will for a save of `part`: visible (404), changeable by the caller (403), savable (422), and its
 * testator's death not verified (422 `deaths.instrument_locked` on `_`; ADR 0261).
 * Inside a transaction pass `forUpdate` to lock the row for the rest of it.
 */
export async function editableWill(db: Conn, user: AuthUser, id: string, part: WillPart, forUpdate = false) {
  const will = await findVisibleWill(db, user, id, { forUpdate });
  assertCanEdit(user, will);
  assertSavable(will, part);
  await assertOwnerAlive(db, will.user_id);
  return will;
}
