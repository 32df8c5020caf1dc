/**
 * ezQurban seasons, purchases and their lists (spec §1, §2 /ezqurban/transaction/list; reference §2.15;
 * issue 10; docs/api/programmes.md; ADR 0052–0053). Money in integer sen.
 *
 * Share assignment: a purchase locks its season row, fills the animals with free shares in animal order
 * (slot numbers 1…7 of a cow/camel, 1 of a goat/sheep), and opens new animals as needed up to the season's
 * `max_animals` (422 `programmes.sold_out` beyond). With the season row locked, concurrent purchases are
 * served one at a time, so no animal is ever over-assigned; the unique `(animal_id, slot)` index and the
 * `shares_taken ≤ shares_total` CHECK are the last guards. Shares are reserved at purchase (status 0) and
 * confirmed when the payment settles (payable.ts).
 */
import { randomBytes } from 'node:crypto';
import {
  PG,
  QURBAN_ANIMALS,
  type QurbanAnimal,
  type qurbanPurchaseSchema,
  type qurbanSeasonSchema,
} from '@wasiat/domain';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { qurban_animals, qurban_seasons, qurban_shares, qurban_transactions } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { userCan } from '../../platform/auth/guard.ts';
import { fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import { failPendingPayments, paymentStatusOf } from '../payments/index.ts';
import { lockSeason, recountSeason } from './ledger.ts';
import { loadVisibleTransaction, transactionScope } from './policy.ts';
import { serializeSeason, serializeTransaction } from './serialize.ts';

/** The payable type of a purchase (payable.ts). */
const PAYABLE = 'QurbanTransaction';

const inTx = <T>(db: Db, fn: (tx: Db) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Db));

/** `POST /api/ez-qurban/season` (`qurban:manage`) → `{ season }`; shares per animal from the animal type. */
export async function createSeason(db: Db, user: AuthUser, body: z.output<typeof qurbanSeasonSchema>, ip?: string) {
  return inTx(db, async (tx) => {
    const [s] = await tx
      .insert(qurban_seasons)
      .values({
        ...body,
        shares_per_animal: QURBAN_ANIMALS[body.animal_type as QurbanAnimal],
        max_animals: body.max_animals ?? null,
        partner_name: body.partner_name || null,
        created_by: user.id,
      })
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      action: 'qurban.season_create',
      entityType: 'QurbanSeason',
      entityId: s.id,
      before: null,
      after: s,
      ip,
    });
    return { season: serializeSeason(s) };
  });
}

/** Shares sold (paid or reserved) and animals of each season. */
async function seasonStats(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, { animals: number; shares_taken: number }>();
  const rows = await db
    .select({
      id: qurban_animals.season_id,
      animals: sql<number>`count(*)::int`,
      taken: sql<number>`coalesce(sum(${qurban_animals.shares_taken}), 0)::int`,
    })
    .from(qurban_animals)
    .where(inArray(qurban_animals.season_id, ids))
    .groupBy(qurban_animals.season_id);
  return new Map(rows.map((r) => [r.id, { animals: Number(r.animals), shares_taken: Number(r.taken) }]));
}

/**
 * `GET /api/ez-qurban/season?status=1` → `{ seasons: { data: [{ …season, animals, shares_taken,
 * shares_left (null = no limit), balance_sen (qurban:read only) }] } }`, newest year first.
 */
export async function listSeasons(db: Db, user: AuthUser, q: { status?: number; limit?: number; page?: number }) {
  const where = q.status !== undefined ? eq(qurban_seasons.status, q.status) : undefined;
  const p = pageParams(q);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(qurban_seasons).where(where);
  const rows = await db
    .select()
    .from(qurban_seasons)
    .where(where)
    .orderBy(desc(qurban_seasons.year), desc(qurban_seasons.created_at))
    .limit(p.per_page)
    .offset(p.offset);
  const stats = await seasonStats(
    db,
    rows.map((r) => r.id),
  );
  const money = userCan(user, 'qurban:read');
  const data = [];
  for (const s of rows) {
    const st = stats.get(s.id) ?? { animals: 0, shares_taken: 0 };
    data.push(
      serializeSeason(s, {
        animals: st.animals,
        shares_taken: st.shares_taken,
        shares_left: s.max_animals === null ? null : s.max_animals * s.shares_per_animal - st.shares_taken,
        ...(money ? { balance: await recountSeason(db, s.id) } : {}),
      }),
    );
  }
  return { seasons: toPage(data, Number(n), p) };
}

/** The next reference number: `QB-<KL date>-<8 hex>` (unique index as the guard). */
const refNo = () =>
  `QB-${new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '')}-${randomBytes(4).toString('hex').toUpperCase()}`;

/**
 * Take `count` shares of a locked season: fill animals with free shares in order, then open new ones.
 * @returns the (animal, slot) pairs. @throws 422 `programmes.sold_out` on `shares`.
 */
async function allocate(tx: Db, season: typeof qurban_seasons.$inferSelect, count: number) {
  const out: { animal_id: string; animal_no: number; slot: number }[] = [];
  const open = await tx
    .select()
    .from(qurban_animals)
    .where(
      and(
        eq(qurban_animals.season_id, season.id),
        sql`${qurban_animals.shares_taken} < ${qurban_animals.shares_total}`,
      ),
    )
    .orderBy(asc(qurban_animals.animal_no));
  const [{ maxNo }] = await tx
    .select({ maxNo: sql<number>`coalesce(max(${qurban_animals.animal_no}), 0)::int` })
    .from(qurban_animals)
    .where(eq(qurban_animals.season_id, season.id));
  let next = Number(maxNo) + 1;
  let left = count;
  const updates: { id: string; taken: number }[] = [];
  const used = new Map<string, Set<number>>();
  if (open.length) {
    const rows = await tx
      .select({ animal: qurban_shares.animal_id, slot: qurban_shares.slot })
      .from(qurban_shares)
      .where(
        inArray(
          qurban_shares.animal_id,
          open.map((a) => a.id),
        ),
      );
    for (const r of rows) used.set(r.animal, (used.get(r.animal) ?? new Set()).add(r.slot));
  }
  for (const a of open) {
    if (!left) break;
    // the lowest free slots (a cancelled purchase may have freed slots in the middle)
    const taken = used.get(a.id) ?? new Set<number>();
    const free = Array.from({ length: a.shares_total }, (_, i) => i + 1).filter((s) => !taken.has(s));
    const take = Math.min(left, free.length);
    for (const slot of free.slice(0, take)) out.push({ animal_id: a.id, animal_no: a.animal_no, slot });
    updates.push({ id: a.id, taken: a.shares_taken + take });
    left -= take;
  }
  const newAnimals = Math.ceil(left / season.shares_per_animal);
  if (season.max_animals !== null && next - 1 + newAnimals > season.max_animals) throw fieldError('shares', PG.soldOut);
  for (const u of updates)
    await tx.update(qurban_animals).set({ shares_taken: u.taken }).where(eq(qurban_animals.id, u.id));
  while (left > 0) {
    const take = Math.min(left, season.shares_per_animal);
    const [a] = await tx
      .insert(qurban_animals)
      .values({ season_id: season.id, animal_no: next, shares_total: season.shares_per_animal, shares_taken: take })
      .returning();
    for (let i = 1; i <= take; i++) out.push({ animal_id: a.id, animal_no: a.animal_no, slot: i });
    next += 1;
    left -= take;
  }
  return out;
}

/**
 * `POST /api/ez-qurban/transaction { season_id, shares, on_behalf_of, client_name?, client_mykad_number? }`
 * → 201 `{ transaction }` (status 0, `amount_sen` = shares × price per share, `allocations`). The buyer's
 * name and MyKad default to the caller's; only `qurban:read` roles may give another buyer's.
 * Pay it with `POST /api/payment { paymentable_type: "QurbanTransaction", paymentable_id }`.
 * @throws 422 `programmes.season_closed` (on `season_id`, also for an unknown season), `sold_out`.
 */
export async function purchase(db: Db, user: AuthUser, body: z.output<typeof qurbanPurchaseSchema>, ip?: string) {
  const staff = userCan(user, 'qurban:read');
  return inTx(db, async (tx) => {
    const season = await lockSeason(tx, body.season_id);
    if (season?.status !== 1) throw fieldError('season_id', PG.seasonClosed);
    const allocations = await allocate(tx, season, body.shares);
    const [t] = await tx
      .insert(qurban_transactions)
      .values({
        season_id: season.id,
        ref_no: refNo(),
        user_id: user.id,
        client_name: (staff && body.client_name) || user.name,
        client_mykad_number: (staff && body.client_mykad_number) || user.ic_number,
        on_behalf_of: body.on_behalf_of,
        shares: body.shares,
        price_per_share_sen: season.price_per_share_sen,
        amount_sen: body.shares * season.price_per_share_sen,
      })
      .returning();
    await tx
      .insert(qurban_shares)
      .values(allocations.map((a) => ({ transaction_id: t.id, animal_id: a.animal_id, slot: a.slot })));
    const alloc = allocations.map(({ animal_no, slot }) => ({ animal_no, slot }));
    await recordAudit(tx, {
      actorId: user.id,
      action: 'qurban.purchase',
      entityType: 'QurbanTransaction',
      entityId: t.id,
      before: null,
      after: { ...serializeTransaction(t), allocations: alloc },
      ip,
    });
    return { transaction: serializeTransaction(t, { season, allocations: alloc }) };
  });
}

/**
 * `DELETE /api/ez-qurban/transaction/{id}` (spoofed POST `_method: DELETE`) → `{ transaction }` (status 2).
 * The participant or a `qurban:manage` role cancels a purchase waiting for payment: its shares are freed
 * (slots reused by later purchases) and its pending payments are failed, under the purchase's lock, so a
 * late gateway approval cannot settle it (payments `failPendingPayments`). Audited.
 * @throws 404 not visible; 403 neither its participant nor `qurban:manage`; 422
 *   `programmes.not_cancellable` unless status 0.
 */
export async function cancelTransaction(db: Db, user: AuthUser, id: string, ip?: string) {
  const visible = await loadVisibleTransaction(db, user, id);
  if (visible.user_id !== user.id && !userCan(user, 'qurban:manage')) throw forbidden();
  return inTx(db, async (tx) => {
    const [t] = await tx.select().from(qurban_transactions).where(eq(qurban_transactions.id, id)).for('update');
    if (t.status !== 0) throw fieldError('status', PG.notCancellable);
    const withdrawn = await failPendingPayments(tx, 'QurbanTransaction', t.id, { id: user.id, ip });
    await lockSeason(tx, t.season_id);
    const freed = await tx
      .delete(qurban_shares)
      .where(eq(qurban_shares.transaction_id, t.id))
      .returning({ animal: qurban_shares.animal_id });
    const perAnimal = new Map<string, number>();
    for (const f of freed) perAnimal.set(f.animal, (perAnimal.get(f.animal) ?? 0) + 1);
    for (const [animal, n] of perAnimal) {
      await tx
        .update(qurban_animals)
        .set({ shares_taken: sql`${qurban_animals.shares_taken} - ${n}` })
        .where(eq(qurban_animals.id, animal));
    }
    const [after] = await tx
      .update(qurban_transactions)
      .set({ status: 2 })
      .where(eq(qurban_transactions.id, t.id))
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      action: 'qurban.cancel',
      entityType: 'QurbanTransaction',
      entityId: t.id,
      before: { status: 0 },
      after: { status: 2, shares_freed: freed.length, payments_failed: withdrawn },
      ip,
    });
    return { transaction: serializeTransaction(after, { allocations: [] }) };
  });
}

/** The (animal, slot) pairs of transactions. */
async function allocationsOf(db: Db, ids: string[]) {
  const out = new Map<string, { animal_no: number; slot: number }[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({ tx: qurban_shares.transaction_id, animal_no: qurban_animals.animal_no, slot: qurban_shares.slot })
    .from(qurban_shares)
    .innerJoin(qurban_animals, eq(qurban_animals.id, qurban_shares.animal_id))
    .where(inArray(qurban_shares.transaction_id, ids))
    .orderBy(asc(qurban_animals.animal_no), asc(qurban_shares.slot));
  for (const r of rows) out.set(r.tx, [...(out.get(r.tx) ?? []), { animal_no: r.animal_no, slot: r.slot }]);
  return out;
}

/**
 * `GET /api/ez-qurban/transaction/{id}` → `{ transaction }` with allocations and `payment_status` (its latest
 * payment's). @throws 404 when not visible.
 */
export async function getTransaction(db: Db, user: AuthUser, id: string) {
  const t = await loadVisibleTransaction(db, user, id);
  const [season] = await db.select().from(qurban_seasons).where(eq(qurban_seasons.id, t.season_id));
  const status = await paymentStatusOf(db, [t.id], PAYABLE);
  return {
    transaction: serializeTransaction(t, {
      season,
      allocations: (await allocationsOf(db, [t.id])).get(t.id) ?? [],
      paymentStatus: status.get(t.id) ?? null,
    }),
  };
}

const klDate = (col: SQL | typeof qurban_transactions.created_at) =>
  sql`(${col} AT TIME ZONE 'Asia/Kuala_Lumpur')::date`;

export interface TransactionQuery {
  season_id?: string;
  start_date?: string;
  end_date?: string;
  date?: string;
  status?: number;
  limit?: number;
  page?: number;
}

/**
 * `GET /api/ez-qurban/transaction?start_date&end_date|date&status(0 pending, 1 paid, -1 all)&season_id`
 * (reference §2.15) → `{ transactions: { data, … }, total_pending, total_verified, sum_pending,
 * sum_verified, dates: { start, end } }` (sums in sen; dates are Kuala Lumpur days, inclusive; `date`
 * = one day or month 'YYYY-MM'); each transaction with its latest payment's `payment_status` (ADR 0291). A
 * participant sees their own purchases; `qurban:read` roles all.
 */
export async function listTransactions(db: Db, user: AuthUser, q: TransactionQuery) {
  let start = q.start_date ?? null;
  let end = q.end_date ?? null;
  if (q.date && /^\d{4}-\d{2}$/.test(q.date)) {
    start = `${q.date}-01`;
    const d = new Date(`${start}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + 1);
    d.setUTCDate(0);
    end = d.toISOString().slice(0, 10);
  } else if (q.date) start = end = q.date;
  const base = and(
    transactionScope(user),
    q.season_id ? eq(qurban_transactions.season_id, q.season_id) : undefined,
    start ? sql`${klDate(qurban_transactions.created_at)} >= ${start}::date` : undefined,
    end ? sql`${klDate(qurban_transactions.created_at)} <= ${end}::date` : undefined,
    sql`${qurban_transactions.status} <> 2`,
  ) as SQL;
  const where = and(
    base,
    q.status !== undefined && q.status !== -1 ? eq(qurban_transactions.status, q.status) : undefined,
  );
  const [sums] = await db
    .select({
      tp: sql<number>`count(*) filter (where ${qurban_transactions.status} = 0)::int`,
      tv: sql<number>`count(*) filter (where ${qurban_transactions.status} = 1)::int`,
      sp: sql<string>`coalesce(sum(${qurban_transactions.amount_sen}) filter (where ${qurban_transactions.status} = 0), 0)`,
      sv: sql<string>`coalesce(sum(${qurban_transactions.amount_sen}) filter (where ${qurban_transactions.status} = 1), 0)`,
    })
    .from(qurban_transactions)
    .where(base);
  const p = pageParams(q);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(qurban_transactions).where(where);
  const rows = await db
    .select({ t: qurban_transactions, s: qurban_seasons })
    .from(qurban_transactions)
    .innerJoin(qurban_seasons, eq(qurban_seasons.id, qurban_transactions.season_id))
    .where(where)
    .orderBy(desc(qurban_transactions.created_at), desc(qurban_transactions.id))
    .limit(p.per_page)
    .offset(p.offset);
  const ids = rows.map((r) => r.t.id);
  const alloc = await allocationsOf(db, ids);
  const paid = await paymentStatusOf(db, ids, PAYABLE);
  return {
    transactions: toPage(
      rows.map((r) =>
        serializeTransaction(r.t, {
          season: r.s,
          allocations: alloc.get(r.t.id) ?? [],
          paymentStatus: paid.get(r.t.id) ?? null,
        }),
      ),
      Number(n),
      p,
    ),
    total_pending: Number(sums.tp),
    total_verified: Number(sums.tv),
    sum_pending: Number(sums.sp),
    sum_verified: Number(sums.sv),
    dates: { start, end },
  };
}

/** A season by id for `qurban:read` roles. @throws 404. */
export async function getSeason(db: Db, id: string) {
  const [s] = await db.select().from(qurban_seasons).where(eq(qurban_seasons.id, id));
  if (!s) throw notFound();
  return s;
}
