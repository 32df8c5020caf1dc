/**
 * The will wizard's parts, their order and the locking/resume rules (docs/api/wills.md "Wizard parts";
 * spec §2 Will routes; DESIGN.md §5 journey 1). Pure functions, unit-tested in parts.test.ts.
 *
 * The server computes `wasiat.unlocked` (a part is unlocked when every earlier part is done, skipping
 * `e` for a basic will) and `wasiat.parts_done`; the client only reads them.
 */
import type { PartKey, Will } from '../types.ts';

/** One wizard part: its key in `parts_done`, its route and its label key. */
export interface PartDef {
  key: PartKey;
  path: string;
  labelKey: string;
}

/** The parts in sidebar order (docs/api/wills.md). */
export const PARTS: readonly PartDef[] = [
  { key: 'a', path: '/wasiat/part-a', labelKey: 'wills.parts.a' },
  { key: 'b', path: '/wasiat/part-b', labelKey: 'wills.parts.b' },
  { key: 'payment', path: '/wasiat/part-payment', labelKey: 'wills.parts.payment' },
  { key: 'c', path: '/wasiat/part-c', labelKey: 'wills.parts.c' },
  { key: 'document', path: '/wasiat/document', labelKey: 'wills.parts.document' },
  { key: 'ekyc', path: '/wasiat/ekyc', labelKey: 'wills.parts.ekyc' },
  { key: 'd', path: '/wasiat/part-d', labelKey: 'wills.parts.d' },
  { key: 'e', path: '/wasiat/part-e', labelKey: 'wills.parts.e' },
  { key: 'f', path: '/wasiat/part-f', labelKey: 'wills.parts.f' },
  { key: 'g', path: '/wasiat/part-g', labelKey: 'wills.parts.g' },
];

type WillLike = Pick<Will, 'parts_done' | 'unlocked' | 'plan' | 'status'> | null | undefined;

/** The parts shown for a will: part E (property, guardians, bequests) only for the comprehensive plan. */
export function visibleParts(will: WillLike): PartDef[] {
  return PARTS.filter((p) => p.key !== 'e' || will?.plan === 'comprehensive');
}

/** Whether a part is done (server `parts_done`). */
export const isDone = (will: WillLike, key: PartKey) => !!will?.parts_done?.includes(key);

/**
 * Whether the user may open a part now. Part A is always open (it starts or finds the will);
 * without a will nothing else is; otherwise the server's `unlocked` list decides.
 */
export function isUnlocked(will: WillLike, key: PartKey): boolean {
  if (key === 'a') return true;
  if (!will) return false;
  if (key === 'e' && will.plan !== 'comprehensive') return false;
  return !!will.unlocked?.includes(key);
}

/**
 * Where a returning user continues (docs/api/wills.md "Resume"): the first visible part that is unlocked
 * and not done; when every part is done (a will to resubmit, status 3, or one already submitted) the last
 * part, whose page submits or shows the result. Without a will: part A.
 */
export function resumePart(will: WillLike): PartDef {
  if (!will) return PARTS[0];
  const parts = visibleParts(will);
  return parts.find((p) => isUnlocked(will, p.key) && !isDone(will, p.key)) ?? parts[parts.length - 1];
}

/** The part of a route path, if it is a wizard route. */
export const partForPath = (pathname: string) => PARTS.find((p) => p.path === pathname.replace(/\/+$/, ''));

/**
 * Where to send a user who opened `key`: null when they may stay, else the resume part
 * (a locked part is not reachable by URL — task brief "its route redirects to the first unlocked not-done part").
 */
export function redirectFor(will: WillLike, key: PartKey): PartDef | null {
  if (isUnlocked(will, key)) return null;
  return resumePart(will);
}

/** The part after `key` in the will's visible order (null after the last). */
export function nextPart(will: WillLike, key: PartKey): PartDef | null {
  const parts = visibleParts(will);
  const i = parts.findIndex((p) => p.key === key);
  return i >= 0 && i < parts.length - 1 ? parts[i + 1] : null;
}

/** Whether the will may still be edited by the wizard (status 0 in registration or 3 to update). */
export const isEditable = (will: Pick<Will, 'status'> | null | undefined) =>
  !will || will.status === 0 || will.status === 3;

/** A wizard URL for a part, keeping the will id in the query (task brief "keep the current will id in the URL"). */
export const partUrl = (part: PartDef, wasiatId: string | null | undefined) =>
  wasiatId ? `${part.path}?wasiat_id=${encodeURIComponent(wasiatId)}` : part.path;
