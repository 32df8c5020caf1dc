/**
 * Health endpoints for a load balancer (issue 19 "A production start"; ADR 0111), outside `/api` (no
 * language, no auth, no rate limit):
 * - `GET /healthz` → 200 `{ status: 'ok' }` while the process is up (liveness);
 * - `GET /readyz` → 200 `{ status: 'ready', checks }` when the database answers, every migration of
 *   db/migrations is applied and the file store is reachable; 503 `{ status: 'not ready', checks }`
 *   otherwise, and from the moment a SIGTERM starts the shutdown (`draining`), so the balancer stops
 *   sending new requests. `checks`: `{ database, migrations, storage, draining }`, each `ok` or a short reason.
 * `GET /api/health` (core-routes.ts, used by Playwright) stays as it is.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.ts';

const journal = join(dirname(fileURLToPath(import.meta.url)), '../../db/migrations/meta/_journal.json');

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

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, no) => setTimeout(() => no(new Error('timed out')), ms).unref())]);

/** The readiness checks (see the module comment). */
export async function readiness(ctx: Ctx) {
  const checks: Record<'database' | 'migrations' | 'storage' | 'draining', string> = {
    database: 'ok',
    migrations: 'ok',
    storage: 'ok',
    draining: draining.has(ctx) ? 'stopping' : 'ok',
  };
  try {
    const { rows } = await withTimeout<{ rows: { applied: string | number | null }[] }>(
      ctx.db.$client.query('select max(created_at) as applied from drizzle.__drizzle_migrations'),
      3000,
    );
    if (Number(rows[0]?.applied ?? 0) < newestMigration()) checks.migrations = 'pending';
  } catch (err) {
    checks.database = (err as Error).message.slice(0, 120);
    checks.migrations = 'unknown';
  }
  try {
    await withTimeout(ctx.store.ping(), 3000);
  } catch (err) {
    checks.storage = ((err as Error).name || (err as Error).message).slice(0, 120);
  }
  return { ready: Object.values(checks).every((v) => v === 'ok'), checks };
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
