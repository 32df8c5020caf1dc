/**
 * A store for @fastify/rate-limit whose counters live in the application's database (issue 11 "Abuse
 * limits (one mechanism …)"; ADR 0024), so several API processes behind a load balancer share one count
 * per route and key instead of each allowing the full `max`.
 *
 * Fixed windows: the first hit opens a window of `timeWindow` ms; hits inside it add one; the first hit
 * after it opens a new window at 1. One atomic `INSERT … ON CONFLICT DO UPDATE … RETURNING` per request,
 * so concurrent requests (in one process or several) never lose a hit. Counter keys are
 * `<METHOD> <url>|<key from the route's keyGenerator>` (the route part comes from {@link DbRateLimitStore.child}).
 * Expired rows are deleted by the job `rate-limits.sweep` ({@link sweepRateLimitCounters}).
 */
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rate_limit_counters } from '../../db/schema/index.ts';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** Count one hit of `key` in a window of `windowMs`; → `{ current, ttl }` (hits so far, ms left). */
export async function hitRateLimit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const ms = Math.max(1, Math.trunc(windowMs));
  const r = (await db.execute(sql`
    insert into rate_limit_counters as c (key, hits, window_ends_at)
    values (${key}, 1, now() + ${ms} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
      window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
    returning hits, greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::bigint as ttl
  `)) as unknown as { rows: { hits: number | string; ttl: number | string }[] };
  const row = r.rows[0];
  return { current: Number(row?.hits ?? 1), ttl: Number(row?.ttl ?? ms) };
}

/** Delete counters whose window ended before `now`; → how many. */
export async function sweepRateLimitCounters(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(rate_limit_counters)
    .where(lt(rate_limit_counters.window_ends_at, now))
    .returning({ key: rate_limit_counters.key });
  return gone.length;
}

/**
 * Build the store class the plugin instantiates (`store:` option) for one database handle. The plugin
 * calls `new Store(globalOptions)`, then `child(routeOptions)` once per limited route, then `incr(key, cb,
 * timeWindow)` on each request. A database error is passed to the plugin, which answers 500 (fail closed).
 */
export function dbRateLimitStore(db: Db) {
  return class DbRateLimitStore {
    readonly prefix: string;

    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      hitRateLimit(db, `${this.prefix}${key}`, timeWindow).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string }; groupId?: string }) {
      const info = routeOptions.routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
      const scope = routeOptions.groupId ?? `${method} ${info.url ?? ''}`;
      return new DbRateLimitStore(undefined, `${scope}|`);
    }
  };
}
