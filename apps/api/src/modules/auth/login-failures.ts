/**
 * Login failure counters (table `login_failures`, one row per key; ADRs 0105, 0227), shared by every API process
 * through the database. Used by login (auth/service.ts: per account and address, per address, per account across
 * addresses — auth/account-lock.ts) and by the second factor (auth/two-factor.ts, `2fa:<user id>`).
 * Each count is one atomic `INSERT … ON CONFLICT DO UPDATE … RETURNING`, so concurrent requests (from many
 * addresses at once) never lose a count.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { login_failures } from '../../db/schema/index.ts';
import { AppError } from '../../platform/http/errors.ts';

/** The window of a failure counter and the lock after its last allowed failure (both 15 minutes, ms). */
const WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;

/**
 * The failures of `key` in its current window and until when it is locked.
 * @returns `{ count, lockedUntil }` (0 and null once the window passed and no lock holds).
 */
export async function failureCount(db: Db, key: string) {
  const [row] = await db.select().from(login_failures).where(eq(login_failures.key, key));
  if (!row) return { count: 0, lockedUntil: null as Date | null };
  if (Date.now() - row.first_failed_at.getTime() > WINDOW_MS && (!row.locked_until || row.locked_until < new Date())) {
    return { count: 0, lockedUntil: null };
  }
  return { count: row.count, lockedUntil: row.locked_until };
}

/**
 * Count one hit of `key` atomically. A hit after the window (`windowMs` from the first) with no lock holding starts
 * a new window at 1. `lock`: "each" — every hit from the `max`-th on (re)sets the lock to now + `lockMs` (a counter
 * of failures, refused before counting while locked); "once" — only the `max`-th hit sets it (a counter of tries,
 * which also counts the refused ones: they must not prolong the lock).
 * @returns `{ count, lockedUntil }` after this hit.
 */
export async function countHit(
  db: Db,
  key: string,
  max: number,
  opts: { windowMs?: number; lockMs?: number; lock?: 'each' | 'once' } = {},
) {
  const windowMs = Math.trunc(opts.windowMs ?? WINDOW_MS);
  const lockMs = Math.trunc(opts.lockMs ?? LOCK_MS);
  const lockAt = sql`now() + ${lockMs} * interval '1 millisecond'`;
  const fresh = sql`(f.first_failed_at <= now() - ${windowMs} * interval '1 millisecond' and (f.locked_until is null or f.locked_until <= now()))`;
  const lockAfter =
    opts.lock === 'once'
      ? sql`case when f.count + 1 = ${max} then ${lockAt} else f.locked_until end`
      : sql`case when f.count + 1 >= ${max} then ${lockAt} else null end`;
  const r = (await db.execute(sql`
    insert into login_failures as f (key, count, first_failed_at, locked_until)
    values (${key}, 1, now(), case when 1 >= ${max} then ${lockAt} else null end)
    on conflict (key) do update set
      count = case when ${fresh} then 1 else f.count + 1 end,
      locked_until = case when ${fresh} then (case when 1 >= ${max} then ${lockAt} else null end) else ${lockAfter} end,
      first_failed_at = case when ${fresh} then now() else f.first_failed_at end
    returning count, locked_until
  `)) as unknown as { rows: { count: number | string; locked_until: Date | string | null }[] };
  const row = r.rows[0];
  return { count: Number(row?.count ?? 1), lockedUntil: row?.locked_until ? new Date(row.locked_until) : null };
}

/** Count one failure of `key`: from the `max`-th within 15 minutes, `key` is locked for 15 minutes. */
export async function recordFailure(db: Db, key: string, max: number) {
  await countHit(db, key, max);
}

/** 429 `errors.login_throttled` `{ minutes }` with Retry-After (seconds) until `until`. */
export function throttled(until: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60000));
  return new AppError(
    'rate_limited',
    'errors.login_throttled',
    {},
    { minutes },
    { 'retry-after': String(minutes * 60) },
  );
}
