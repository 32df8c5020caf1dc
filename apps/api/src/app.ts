/**
 * The HTTP application (DESIGN.md §1, §3): the API under `/api` (zod-validated, OpenAPI at /api/docs),
 * and the built SPA on every other path with history fallback.
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer } from 'node:http2';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type Language, pickLanguage } from '@wasiat/domain';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { DestinationStream } from 'pino';
import { authOnRoutes } from './compat/v2021/index.ts';
import type { Ctx } from './context.ts';
import { guardPlugin } from './modules/auth/index.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { registerModules } from './modules.ts';
import { coreRoutes } from './platform/http/core-routes.ts';
import { installErrorHandler } from './platform/http/errors.ts';
import { healthRoutes } from './platform/http/health.ts';
import { acceptEmptyJsonBodies } from './platform/http/json-body.ts';
import { lazyChildLogger, requestLine } from './platform/http/logging.ts';
import { withMethodSpoofing } from './platform/http/method-spoof.ts';
import { parseQueryString } from './platform/http/query.ts';
import { dbRateLimitStore, sweepRateLimitCounters } from './platform/http/rate-limit-store.ts';
import { ROUTE_RATE_LIMITS, routeRateLimit } from './platform/http/rate-limits.ts';
import { installReplyCheck, replySerializerCompiler } from './platform/http/reply-schemas.ts';
import { requestId } from './platform/http/request-id.ts';
import { headersOf } from './platform/http/security-headers.ts';
import { installInputTrimming } from './platform/http/trim.ts';
import { serveWeb } from './platform/http/web-static.ts';
import { registerJob } from './platform/jobs/scheduler.ts';
import { metricsRoutes } from './platform/ops/metrics.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Language of the answer: X-localization, else Accept-Language, else ms (DESIGN.md §3). */
    lang: Language;
  }
}

export type App = FastifyInstance;

const webDist = join(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * Fastify's `trustProxy` from `TRUST_PROXY` (ADR 0024): a hop count when it is digits, else a comma list of
 * addresses, CIDRs or the names `loopback`/`linklocal`/`uniquelocal`.
 */
function trustedProxies(v: string): string[] | ((address: string, hop: number) => boolean) {
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A certificate (with its chain) and its key, PEM: the server then speaks HTTPS with HTTP/2 (ADR 0207). */
export interface TlsFiles {
  cert: Buffer | string;
  key: Buffer | string;
}

/**
 * The HTTP server Fastify serves on. Without `tls`, Node's HTTP/1.1 server. With it, an HTTP/2 server over TLS
 * that also answers HTTP/1.1 (ALPN, `allowHTTP1`): a browser fetches a page's files over one connection, with no
 * round trip of its own per file (issue 18 item 4; ADR 0207). Node's compatibility API gives Fastify the
 * request and response objects of HTTP/1.1, so routes and method spoofing run unchanged.
 */
function serverFor(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  keepAliveTimeout: number,
  tls?: TlsFiles,
) {
  const spoofing = withMethodSpoofing(handler);
  if (!tls) return Object.assign(createServer(spoofing), { keepAliveTimeout });
  return createSecureServer({ cert: tls.cert, key: tls.key, allowHTTP1: true }, spoofing as never);
}

/**
 * Build the app (not listening). `logger: false` in tests; `tls` serves HTTPS with HTTP/2 ({@link serverFor}).
 */
export async function buildApp(ctx: Ctx, opts: { logger?: boolean | object; tls?: TlsFiles } = {}): Promise<App> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // One log line per request, written by requestLine when the answer has gone (http/logging.ts; ADR 0113).
    logController: new LogController({ disableRequestLogging: true }),
    // request.log made on first use, not for every request (http/logging.ts; ADR 0188)
    childLoggerFactory: lazyChildLogger,
    bodyLimit: 12 * 1024 * 1024,
    trustProxy: trustedProxies(ctx.env.TRUST_PROXY),
    // Fastify sets its keep-alive only on a server it makes itself: a factory's server keeps Node's 5 s, shorter
    // than a load balancer's idle timeout (60 s), so a client could send on a socket the server is closing. The
    // factory's server takes Fastify's (72 s; ADR 0202).
    serverFactory: (handler, o) => serverFor(handler, Number(o.keepAliveTimeout ?? 72_000), opts.tls) as never,
    // '', 'null' and 'undefined' in a query string mean "no filter" (http/query.ts; ADR 0132).
    routerOptions: { querystringParser: parseQueryString },
    // The caller's X-Request-Id when it is a plain token, else an id unique across processes and restarts
    // (http/request-id.ts; issue 35 item 8; ADR 0221); echoed on every answer below.
    genReqId: requestId,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Reply schemas document and, under NODE_ENV=test, check the answers; they never change one (ADR 0301).
  app.setSerializerCompiler(replySerializerCompiler);
  installReplyCheck(app, ctx.env.NODE_ENV);
  app.decorateRequest('lang', 'ms');
  app.addHook('onRequest', (req, _reply, done) => {
    const x = req.headers['x-localization'];
    req.lang = pickLanguage(Array.isArray(x) ? x[0] : x, req.headers['accept-language']);
    done();
  });
  installErrorHandler(app);
  // An empty application/json body is no body (a bodiless POST such as logout; http/json-body.ts, ADR 0226).
  acceptEmptyJsonBodies(app);
  // Every string input is trimmed before validation, except passwords and signature data (ADR 0137).
  installInputTrimming(app);
  const logTo = typeof opts.logger === 'object' ? (opts.logger as { stream?: DestinationStream }).stream : undefined;
  if (logTo) app.addHook('onResponse', requestLine(app.log.level, logTo));

  // HTTP hardening (issue 11; ADR 0082): a strict CSP for the SPA — scripts only from this origin, no inline
  // script, no eval; inline styles are allowed because Mantine writes style attributes and its CSS variables
  // at run time; PDFs are shown in frames from this origin or blob: URLs. HSTS 1 year, nosniff,
  // Referrer-Policy no-referrer, no framing by other sites.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  // Built once (issue 18 item 1; ADR 0139): @fastify/helmet called helmet(options) — re-parsing the CSP and
  // building every middleware — on each request, in two async hooks. Its headers are the same for every request
  // (no nonce), so they are taken once from the middleware itself (ADR 0200) and set in Fastify's header map:
  // helmet's per-request `setHeader` on the raw response cost ~4% of a read's CPU.
  const securityHeaderSet = headersOf(securityHeaders);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(securityHeaderSet);
    reply.header('x-request-id', req.id);
    done();
  });
  // Every API answer may carry personal data: never stored by browsers or shared caches (issue 11).
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.startsWith('/api')) {
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
    }
    done(null, payload);
  });
  const origins = ctx.env.CORS_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  await app.register(cors, {
    origin: origins.length ? origins : false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Type', 'X-localization', 'Accept', 'Accept-Language'],
  });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 4, fields: 50 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Wasiat platform API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(guardPlugin, { db: ctx.db });
  // Abuse limits (issue 11; http/rate-limits.ts): one registration, no global limit; routes opt in with
  // `config.rateLimit`. This hook, added before the plugin's own, fills in the limits of ROUTE_RATE_LIMITS.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const name = methods.map((m) => ROUTE_RATE_LIMITS[`${m} ${route.url}`]).find(Boolean);
    if (name && route.config?.rateLimit == null) {
      route.config = { ...route.config, rateLimit: routeRateLimit(ctx.env, name) };
    }
  });
  // Counters in the database, shared by every API process (ADR 0024); expired ones swept hourly.
  await app.register(rateLimit, { global: false, store: dbRateLimitStore(ctx.db) as never });
  registerJob({
    name: 'rate-limits.sweep',
    everyMs: 3600 * 1000,
    run: async (c, now) => ({ swept: await sweepRateLimitCounters(c.db, now) }),
  });

  await healthRoutes(app, ctx); // /healthz, /readyz (ADR 0111)
  await metricsRoutes(app, ctx); // /metrics for Prometheus, behind METRICS_TOKEN (ops/metrics.ts; ADR 0237)
  await app.register(
    async (api) => {
      await coreRoutes(api, ctx);
      // The 2021 client's login contract and role labels (compat/v2021/auth/; ADR 0135): before the auth routes.
      authOnRoutes(api);
      await authRoutes(api, ctx);
      await registerModules(api, ctx);
      api.setNotFoundHandler((req, reply) => {
        reply.status(404).send({ message: req.lang === 'en' ? 'Record not found.' : 'Rekod tidak dijumpai.' });
      });
    },
    { prefix: '/api' },
  );

  if (existsSync(webDist)) await serveWeb(app, webDist);
  return app;
}
