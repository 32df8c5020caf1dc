/**
 * Prometheus metrics (issue 35 item 8, observability; ADR 0237): `GET /metrics`, outside `/api`, in the text
 * exposition format of prom-client, for a scraper holding the bearer token `METRICS_TOKEN`.
 *
 * - Closed door: without `METRICS_TOKEN` nothing is measured and `/metrics` answers 404; with it, a request
 *   without the token or with another one gets the same 404 (the path's existence is not told). Tokens are
 *   compared in constant time (SHA-256 of both, `timingSafeEqual`).
 * - One registry per app (never prom-client's global one: tests build many apps in one process).
 * - What it holds (docs/operations.md "Metrics and alerts"):
 *   - prom-client's default process metrics: CPU, memory, heap, GC, handles, `nodejs_eventloop_lag_seconds`
 *     and the `nodejs_eventloop_lag_{min,max,mean,stddev,p50,p90,p99}_seconds` of a `monitorEventLoopDelay`
 *     histogram (10 ms resolution) reset at every scrape — the window is the scrape interval;
 *   - `http_request_duration_seconds{method,route,status_code}` (histogram, seconds): `route` is the ROUTE
 *     PATTERN (`/api/wasiat/:id`), never the URL, so no id or MyKad is ever a label; a request no route
 *     matched is `route="unmatched"`, an unknown method `method="OTHER"` (a client cannot add series);
 *   - `http_requests_total{status_class}`: answers by class `1xx` … `5xx`;
 *   - PostgreSQL only: `db_pool_connections{state="total"|"idle"|"waiting"}` and `db_pool_max` of this
 *     process's node-postgres pool (PGlite has no pool: left out);
 *   - `job_dead_letters{job}`: rows of `job_dead_letters` per registered job (0 when none), and on
 *     PostgreSQL with pg-boss `job_queue_depth{queue}`: pg-boss jobs waiting to run (states `created`,
 *     `retry`) per queue;
 *   - `metrics_database_read_ok`: 1 when the two counts above were read within {@link DB_READ_BUDGET_MS},
 *     else 0 (the counts are then left out rather than stale).
 * The database counts are read when scraped, within {@link DB_READ_BUDGET_MS}: a slow database never hangs
 * a scrape, and scrapes arriving while a read is under way share it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Ctx } from '../../context.ts';
import { jobNames } from '../jobs/scheduler.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route checks the `Authorization` header itself (a bearer token that is no session, e.g. `/metrics`):
     * the session guard (modules/auth/guard.ts) does not look it up in the database.
     */
    ownAuthorization?: boolean;
  }
}

/** Milliseconds a scrape waits for the database counts (dead letters, queue depth). */
export const DB_READ_BUDGET_MS = 1000;

/** Seconds: the upper bounds of the latency buckets (prom-client's defaults, 5 ms … 10 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** What node-postgres's Pool exposes of its state (PGlite's client has none of it). */
interface PoolState {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

const isPool = (client: unknown): client is PoolState =>
  typeof (client as PoolState | null)?.waitingCount === 'number' &&
  typeof (client as PoolState).totalCount === 'number';

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** Whether the `Authorization` header carries `Bearer <expected>`, compared in constant time. */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m !== null && timingSafeEqual(sha256(m[1]), expected);
}

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T> => {
  p.catch(() => {}); // the losing promise must not surface later as an unhandled rejection
  return Promise.race([p, new Promise<never>((_, no) => setTimeout(() => no(new Error('timed out')), ms).unref())]);
};

/**
 * The metrics of one app: its registry, the per-request recorder (O(1): a map lookup and a histogram
 * observation) and the scrape-time database read.
 */
function createMetrics(ctx: Ctx) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the answer sent, by method, route pattern and status code (seconds).',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const byClass = new Counter({
    name: 'http_requests_total',
    help: 'Answers by status class (1xx … 5xx).',
    labelNames: ['status_class'] as const,
    registers: [registry],
  });
  const classes = ['1xx', '2xx', '3xx', '4xx', '5xx'].map((c) => byClass.labels(c));
  /** One histogram child per method, route and status: made once, then a map lookup per request. */
  const children = new Map<string, Histogram.Internal<'method' | 'route' | 'status_code'>>();

  /** Record one answered request (Fastify `onResponse`). */
  const record = (req: FastifyRequest, reply: FastifyReply) => {
    const status = reply.statusCode;
    const method = METHODS.has(req.method) ? req.method : 'OTHER';
    const route = req.routeOptions.url ?? 'unmatched';
    const key = `${method} ${status} ${route}`;
    let child = children.get(key);
    if (child === undefined) {
      child = duration.labels(method, route, String(status));
      children.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    classes[Math.min(Math.max(Math.floor(status / 100), 1), 5) - 1].inc();
  };

  const client = ctx.db.$client as unknown;
  if (isPool(client)) {
    new Gauge({
      name: 'db_pool_connections',
      help: "This process's PostgreSQL pool: connections open (total), idle, and queries waiting for one.",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, client.totalCount);
        this.set({ state: 'idle' }, client.idleCount);
        this.set({ state: 'waiting' }, client.waitingCount);
      },
    });
    new Gauge({
      name: 'db_pool_max',
      help: "This process's PostgreSQL pool size (DATABASE_POOL_MAX).",
      registers: [registry],
      collect() {
        this.set(client.options?.max ?? 10);
      },
    });
  }
  const deadLetters = new Gauge({
    name: 'job_dead_letters',
    help: 'Job runs that failed their last attempt (rows of job_dead_letters), by job.',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const queueDepth = new Gauge({
    name: 'job_queue_depth',
    help: 'pg-boss jobs waiting to run (created or retry), by queue (PostgreSQL with the queue only).',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const readOk = new Gauge({
    name: 'metrics_database_read_ok',
    help: 'Whether this scrape read the job counts from the database within its budget (1) or not (0).',
    registers: [registry],
  });

  const query = (sql: string) => (client as { query: Query }).query(sql);
  /** The counts, read from the database (one statement, plus one on PostgreSQL for pg-boss). */
  const readCounts = async () => {
    const dead = await query('select job_name, count(*) as n from job_dead_letters group by job_name');
    let queued: { rows: Record<string, unknown>[] } = { rows: [] };
    if (isPool(client)) {
      const [present] = (await query("select to_regclass('pgboss.job') is not null as present")).rows;
      if (present?.present) {
        queued = await query(
          "select name, count(*) as n from pgboss.job where state in ('created', 'retry') group by name",
        );
      }
    }
    return { dead: dead.rows, queued: queued.rows };
  };
  let reading: Promise<void> | null = null;
  /** Refresh the database gauges, within {@link DB_READ_BUDGET_MS}; never throws. */
  const refresh = async () => {
    reading ??= withTimeout(readCounts(), DB_READ_BUDGET_MS).then(
      ({ dead, queued }) => {
        deadLetters.reset();
        for (const name of jobNames()) deadLetters.set({ job: name }, 0);
        for (const r of dead) deadLetters.set({ job: String(r.job_name) }, Number(r.n));
        queueDepth.reset();
        for (const r of queued) queueDepth.set({ queue: String(r.name) }, Number(r.n));
        readOk.set(1);
      },
      () => {
        deadLetters.reset();
        queueDepth.reset();
        readOk.set(0);
      },
    );
    const r = reading;
    await r.finally(() => {
      if (reading === r) reading = null;
    });
  };
  return { registry, record, refresh };
}

/**
 * Register `GET /metrics` (app.ts, beside `/healthz`) and, when `METRICS_TOKEN` is set, the `onResponse`
 * recorder. Answers: 200 `text/plain; version=0.0.4` (the exposition) with the right bearer token; 404
 * `{ message }` (the app's "Record not found.") without `METRICS_TOKEN`, without a token or with another one.
 */
export async function metricsRoutes(app: FastifyInstance, ctx: Ctx) {
  const token = ctx.env.METRICS_TOKEN;
  const metrics = token ? createMetrics(ctx) : null;
  if (metrics) {
    app.addHook('onResponse', (req, reply, done) => {
      metrics.record(req, reply);
      done();
    });
  }
  const expected = sha256(token ?? '');
  app.get('/metrics', { config: { ownAuthorization: true } }, async (req, reply) => {
    if (!metrics || !bearerMatches(req.headers.authorization, expected)) {
      return reply.status(404).send({ message: req.lang === 'en' ? 'Record not found.' : 'Rekod tidak dijumpai.' });
    }
    await metrics.refresh();
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
