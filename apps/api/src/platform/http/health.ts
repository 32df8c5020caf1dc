/**
 * Health endpoints for a load balancer (issue 19 "A production start"; ADR 0111), outside `/api` (no
 * language, no auth, no rate limit):
 * - `GET /healthz` → 200 `{ status: 'ok' }` while the process is up (liveness);
 * - `GET /readyz` → whether THIS process should get traffic (issue 35 item 3; ADR 0221), answered within
 *   {@link READY_BUDGET_MS}: 200 `{ status: 'ready', checks }` when it can get a database connection and run a
 *   query, every migration of db/migrations is applied, and it is not stopping; 503 `{ status: 'not ready',
 *   checks }` otherwise, and from the moment a SIGTERM starts the shutdown (`draining`), so the balancer stops
 *   sending new requests. The file store is shared by every process: its state is reported (`storage`) but does
 *   not decide readiness — an S3 outage degrades uploads and downloads (503 from those routes, ADR 0219) while
 *   reads and logins go on, instead of taking every process out at once.
 *   `checks`: `{ database, migrations, storage, draining }`, each `ok` or a short reason.
 * `GET /api/health` (core-routes.ts, used by Playwright) stays as it is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.ts';
import { migrationsFolder } from '../../db/client.ts';

const journal = join(migrationsFolder, 'meta/_journal.json');

/** The `when` of the newest migration in the journal (what drizzle records as `created_at` when applied). */
const newestMigration = (): number => {
  const entries = (JSON.parse(readFileSync(journal, 'utf8')) as { entries: { when: number }[] }).entries;
  return Math.max(...entries.map((e) => e.when));
};

/** The apps (by their context) that are stopping. */
const draining = new WeakSet<Ctx>();
/** Mark the app of `ctx` as stopping: its `/readyz` answers 503 from now on (main.ts, on SIGTERM). */
export function startDraining(ctx: Ctx) {
  draining.add(ctx);
}

/** The time `/readyz` takes at most (a balancer's health check typically times out at 1–3 s). */
export const READY_BUDGET_MS = 800;

const withTimeout = <T>(p: Promise<T>, ms: number) => {
  // The losing promise must not surface later as an unhandled rejection.
  p.catch(() => {});
  return Promise.race([p, new Promise<never>((_, no) => setTimeout(() => no(new Error('timed out')), ms).unref())]);
};

/** The readiness checks (see the module comment). */
export async function readiness(ctx: Ctx) {
  const checks: Record<'database' | 'migrations' | 'storage' | 'draining', string> = {
    database: 'ok',
    migrations: 'ok',
    storage: 'ok',
    draining: draining.has(ctx) ? 'stopping' : 'ok',
  };
  // Both at once, each within the budget: the answer never waits longer than READY_BUDGET_MS.
  await Promise.all([
    withTimeout<{ rows: { applied: string | number | null }[] }>(
      ctx.db.$client.query('select max(created_at) as applied from drizzle.__drizzle_migrations'),
      READY_BUDGET_MS,
    ).then(
      ({ rows }) => {
        if (Number(rows[0]?.applied ?? 0) < newestMigration()) checks.migrations = 'pending';
      },
      (err: Error) => {
        checks.database = err.message.slice(0, 120);
        checks.migrations = 'unknown';
      },
    ),
    withTimeout(ctx.store.ping(), READY_BUDGET_MS).catch((err: Error) => {
      checks.storage = (err.name && err.name !== 'Error' ? err.name : err.message).slice(0, 120);
    }),
  ]);
  const { storage: _shared, ...own } = checks;
  return { ready: Object.values(own).every((v) => v === 'ok'), checks };
}

/** Register `/healthz` and `/readyz` (app.ts). */
export async function healthRoutes(app: FastifyInstance, ctx: Ctx) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const r = await readiness(ctx);
    return reply
      .status(r.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: r.ready ? 'ready' : 'not ready', checks: r.checks });
  });
}
