/**
 * Rows that belong to one hibah (`hibah_id`): receivers, caretakers, heirs, witnesses and property. One
 * implementation of list / find / create / update / delete so each kind gets the same rules:
 *
 * - reads go through the hibah's scope (policy.ts): a row of a hibah the caller may not see is a 404;
 * - changes need {@link fillableHibah} (grantor or its agent, in a status where the kind's step may change:
 *   the domain's `HIBAH_STEP_STATUSES` — the content -1/0/1, witnesses until registered; ADR 0223), run in one
 *   transaction with an audit event;
 * - the organisation preference's flags and totals are enforced on the server by the domain's one offer table
 *   (`OFFER_RULES.hibah`, `rowOffer`; spec §3): a kind switched off → 422 on `_` (its own message); one more
 *   than `total_*` → 422 `instrument_offer.full.<row>` on `_`, naming the limit. The screens read the same
 *   figures (`GET /hibah/{id}/offer`, offer.ts).
 */
import { type HibahStep, OFFER_RULES, type OfferedRow, rowOffer } from '@wasiat/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { hibahs } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { hibahScope } from './policy.ts';
import { type Actor, audit, type Conn, fillableHibah, findVisibleHibah, preferenceOf } from './service.ts';

type AnyRow = Record<string, any> & { id: string; hibah_id: string };

/** A kind of row owned by a hibah. */
export interface ChildKind {
  /** Drizzle table with `id`, `hibah_id`, `created_at`. */
  table: any;
  /** Audit name; its actions `hibah.<entity>.create|update|delete` are catalogued (ADR 0159). */
  entity: 'receiver' | 'caretaker' | 'heir' | 'witness' | 'property';
  /** The step of the domain's `HIBAH_STEP_STATUSES` its rows belong to (default `content`). */
  step?: HibahStep;
  /** Extra condition on the rows listed (e.g. `kind = 'moveable'`); the limit counts every row of the hibah. */
  filter?: () => any;
  /** Checks before a create/update inside the transaction (may throw 422). */
  check?: (tx: Conn, hibah: typeof hibahs.$inferSelect, values: Record<string, unknown>, id?: string) => Promise<void>;
  /** Clean-up before a row is deleted (may throw 422). */
  onDelete?: (tx: Conn, id: string) => Promise<void>;
  /** After a create is committed (e.g. mail the new party its link; best effort). */
  afterCreate?: (ctx: Ctx, hibah: typeof hibahs.$inferSelect, row: AnyRow) => Promise<void>;
}

/** The rows of `kind` of a visible hibah, oldest first. */
export async function listChildren(db: Conn, user: AuthUser, kind: ChildKind, hibahId: string): Promise<AnyRow[]> {
  const h = await findVisibleHibah(db, user, hibahId);
  const tb = kind.table;
  const conds = [eq(tb.hibah_id, h.id)];
  if (kind.filter) conds.push(kind.filter());
  return (await db
    .select()
    .from(tb)
    .where(and(...conds))
    .orderBy(asc(tb.created_at))) as AnyRow[];
}

/** One row of `kind` of the hibah `hibahId` that the caller may see. @throws 404. */
export async function findChild(db: Conn, user: AuthUser, kind: ChildKind, hibahId: string, id: string) {
  const tb = kind.table;
  const [hit] = await db
    .select({ row: tb })
    .from(tb)
    .innerJoin(hibahs, eq(hibahs.id, tb.hibah_id))
    .where(and(eq(tb.id, id), eq(tb.hibah_id, hibahId), hibahScope(user)));
  if (!hit) throw notFound();
  return hit.row as AnyRow;
}

/**
 * The message when an organisation has switched a kind off (spec §2 "whether adding property, guardians or
 * beneficiaries is allowed"): property, caretakers (guardians of minor receivers) and receivers (the hibah's
 * beneficiaries). Which flag and limit govern each kind is the domain's `OFFER_RULES.hibah`.
 */
const NOT_ALLOWED: Partial<Record<ChildKind['entity'], string>> = {
  property: 'hibah.property_not_allowed',
  caretaker: 'hibah.caretakers_not_allowed',
  receiver: 'hibah.receivers_not_allowed',
};

/** How many rows of `kind` the hibah holds (every row: a filtered list still counts them all). */
export async function childCount(tx: Conn, kind: ChildKind, hibahId: string) {
  const [{ n }] = await tx.select({ n: count() }).from(kind.table).where(eq(kind.table.hibah_id, hibahId));
  return Number(n);
}

/** Refuse one more row of `kind` when the preference switches it off or its limit is reached (422 on `_`). */
async function checkLimit(tx: Conn, kind: ChildKind, h: typeof hibahs.$inferSelect) {
  const row = kind.entity as OfferedRow;
  if (!OFFER_RULES.hibah[row]) return;
  const pref = await preferenceOf(tx, h.organization_id);
  if (!pref) return;
  if (!rowOffer('hibah', row, pref, 0).allowed)
    throw fieldError('_', NOT_ALLOWED[kind.entity] ?? 'hibah.limit_reached');
  const offer = rowOffer('hibah', row, pref, await childCount(tx, kind, h.id));
  if (offer.full) throw fieldError('_', `instrument_offer.full.${row}`, { limit: offer.limit ?? 0 });
}

/** Add a row of `kind` to the hibah (rules in the module comment). @returns the row. */
export async function createChild(
  ctx: Ctx,
  actor: Actor,
  kind: ChildKind,
  hibahId: string,
  values: Record<string, unknown>,
) {
  const { h, row } = await ctx.db.transaction(async (tx) => {
    const h = await fillableHibah(tx, actor.user, hibahId, kind.step);
    await checkLimit(tx, kind, h);
    await kind.check?.(tx, h, values);
    const [row] = (await tx
      .insert(kind.table)
      .values({ ...values, hibah_id: h.id })
      .returning()) as AnyRow[];
    await audit(tx, actor, `hibah.${kind.entity}.create`, h.id, null, row);
    return { h, row };
  });
  await kind.afterCreate?.(ctx, h, row);
  return row;
}

/** Update a row of `kind` (absent optional fields become null). @returns the row. */
export async function updateChild(
  db: Db,
  actor: Actor,
  kind: ChildKind,
  hibahId: string,
  id: string,
  values: Record<string, unknown>,
) {
  return db.transaction(async (tx) => {
    const h = await fillableHibah(tx, actor.user, hibahId, kind.step);
    const before = await findChild(tx, actor.user, kind, h.id, id);
    await kind.check?.(tx, h, values, id);
    const clean = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? null]));
    const [after] = (await tx.update(kind.table).set(clean).where(eq(kind.table.id, id)).returning()) as AnyRow[];
    await audit(tx, actor, `hibah.${kind.entity}.update`, h.id, before, after);
    return after;
  });
}

/** Delete a row of `kind` after its clean-up. */
export async function deleteChild(db: Db, actor: Actor, kind: ChildKind, hibahId: string, id: string) {
  await db.transaction(async (tx) => {
    const h = await fillableHibah(tx, actor.user, hibahId, kind.step);
    const before = await findChild(tx, actor.user, kind, h.id, id);
    await kind.onDelete?.(tx, id);
    await tx.delete(kind.table).where(eq(kind.table.id, id));
    await audit(tx, actor, `hibah.${kind.entity}.delete`, h.id, before, null);
  });
}
