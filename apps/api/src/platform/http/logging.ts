/**
 * The logger's configuration (issue 11 "logs never contain a MyKad number, OTP, token, password or image
 * (redaction in the logger's configuration, tested)"; ADR 0082). Three layers, all in pino's options:
 * 1. `serializers.req`: a request is logged as method, path and IP only — the query string (which can carry
 *    `ic_number`, signed-URL signatures, tokens) is replaced by `?[redacted]`; no headers, no body.
 * 2. `redact`: any field named like a secret or personal datum, at any of the first levels of a log object,
 *    is censored (authorization, password, token, otp, ic_number, image, document, signature…). `code` is
 *    not among them (an error's `code` helps) — a one-time code is caught by layer 3.
 * 3. `hooks.streamWrite`: every finished line is scrubbed of MyKad-shaped numbers (12 digits, with or
 *    without dashes), standalone 6-digit numbers (OTP-shaped), bearer-token-shaped strings (32+ base64url
 *    characters) and data URLs (images) — a last net for messages such as a database error's detail.
 *
 * Volume and cost (issue 18 item 3; ADR 0113): ONE line per request — Fastify's own "incoming request" and
 * "request completed" lines are switched off (`logController` in app.ts) and {@link requestLine}
 * writes one line when the answer has gone (method, path, IP, status, time in ms; never a body) — and the
 * lines go to an asynchronous destination (pino's SonicBoom with `sync: false`, buffered up to 4 kB), so
 * writing does not block the event loop on every request; pino flushes it when the process exits.
 */
import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';

const SECRET_KEYS = [
  'authorization',
  'cookie',
  'password',
  'password_confirmation',
  'old_password',
  'token',
  'challenge',
  'otp',
  'secret',
  'recovery_codes',
  'ic_number',
  'mykad',
  'image',
  'selfie',
  'document',
  'signature',
  'body',
  'params',
  'parameters',
  'detail',
];

/** pino `redact` paths: each secret key at the top level and one and two levels down, plus request headers. */
export const REDACT_PATHS = ['req.headers', 'headers', ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`])];

const MYKAD = /(?<![\d])\d{6}-?\d{2}-?\d{4}(?![\d])/g;
const SIX_DIGITS = /(?<![\w.])\d{6}(?![\w.])/g;
const TOKENISH = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g;
const DATA_URL = /data:[a-z]+\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=]+/gi;

/** Mask what may never reach a log line (see the module comment, layer 3). */
export function scrubLogText(s: string): string {
  return s
    .replace(DATA_URL, '[image]')
    .replace(MYKAD, '[mykad]')
    .replace(TOKENISH, '[token]')
    .replace(SIX_DIGITS, '[code]');
}

/** A client's address as the request line writes it: scrubbed, or undefined when its socket has already gone. */
const scrubbedIp = (ip: string | undefined) => (ip === undefined ? ip : scrubLogText(ip));

/** A request URL without its query string. */
export const pathOnly = (url: string) => {
  const i = url.indexOf('?');
  return i < 0 ? url : `${url.slice(0, i)}?[redacted]`;
};

/** At most this long between a line being logged and written, however quiet the process (ms). */
export const LOG_FLUSH_MS = 1000;

/**
 * The asynchronous destination of the server's log: standard output through SonicBoom, `sync: false`,
 * written in chunks of at least 4 kB (ADR 0113), and flushed every {@link LOG_FLUSH_MS} so a quiet process
 * (a job worker between runs) does not hold its lines back. `dest` may name a file instead (the benchmark's
 * /dev/null).
 */
export function asyncDestination(dest: number | string = 1) {
  const out = pino.destination({ dest, sync: false, minLength: 4096 });
  const timer = setInterval(() => {
    try {
      out.flush();
    } catch {
      clearInterval(timer); // destroyed at shutdown
    }
  }, LOG_FLUSH_MS);
  timer.unref();
  return out;
}

/**
 * The one log line of a request (ADR 0113), for Fastify's `onResponse` hook: `{ reqId, req: { method, url,
 * remoteAddress }, res: { statusCode }, responseTime }` (ms, to the µs) at level info, "request completed" — the query string
 * masked ({@link pathOnly}), no headers and no body. Layer 3 scrubs the two fields a client can shape — the path and
 * the address (taken from `X-Forwarded-For` behind a trusted proxy) — instead of the whole line: the method is one
 * the HTTP parser knows, the id is Fastify's counter, the rest are numbers (ADR 0200).
 *
 * Its shape is fixed, so the line is written as pino writes it — `level`, `time` (epoch ms), `pid`, `hostname`, the
 * fields, `msg`, in that order, one JSON object and a newline — straight to the server's destination: each string
 * through `JSON.stringify`, the rest numbers (ADR 0206). pino's generic serialisation of the same object was ~7 µs
 * of the ~10 µs a line cost (ADR 0113: its wildcard redaction cost ~40 µs before that; ADR 0188: a child logger
 * per line cost more than the line). logging.test.ts holds the line to pino's own output for the same fields.
 * @param level the server's log level; no line below `info` (`warn`, `error`, `fatal`, `silent`: none).
 * @param stream the server's destination ({@link asyncDestination}; a capturing stream in tests).
 * @returns the hook.
 */
export function requestLine(level: string, stream: pino.DestinationStream) {
  const writes = (pino.levels.values[level] ?? Number.POSITIVE_INFINITY) <= pino.levels.values.info;
  if (!writes) return (_req: FastifyRequest, _reply: FastifyReply, done: () => void) => done();
  const bindings = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":`;
  return (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const ip = scrubbedIp(req.ip);
    const address = ip === undefined ? '' : `,"remoteAddress":${JSON.stringify(ip)}`;
    // in ms to the µs: a float's 12 decimals would read as a MyKad to a scan of the raw line
    const ms = Math.round(reply.elapsedTime * 1000) / 1000;
    stream.write(
      `{"level":30,"time":${Date.now()}${bindings}${JSON.stringify(req.id)},"req":{"method":${JSON.stringify(req.method)},` +
        `"url":${JSON.stringify(scrubLogText(pathOnly(req.url)))}${address}},"res":{"statusCode":${reply.statusCode}},` +
        `"responseTime":${ms},"msg":"request completed"}\n`,
    );
    done();
  };
}

/**
 * Fastify's `childLoggerFactory` (ADR 0188): `request.log` is the request's child logger (bindings `reqId`), made
 * only when something logs through it. Fastify made one for every request (~7–15 µs of CPU, the line's own cost
 * again) though most requests never log anything but the line of {@link requestLine}.
 * @returns a logger with pino's level methods whose first call creates `logger.child(bindings, opts)`.
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: pino.Bindings,
  opts: pino.ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChild(logger, bindings, opts) as unknown as FastifyBaseLogger;
}

/** The logger of {@link lazyChildLogger}: methods on the prototype, so a request allocates one small object. */
class LazyChild {
  #child: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: pino.Bindings,
    private readonly opts: pino.ChildLoggerOptions,
  ) {}
  #real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.opts);
    return this.#child;
  }
  get level() {
    return this.#child ? this.#child.level : this.parent.level;
  }
  set level(v: string) {
    this.#real().level = v;
  }
  fatal(...a: unknown[]) {
    (this.#real().fatal as (...x: unknown[]) => void)(...a);
  }
  error(...a: unknown[]) {
    (this.#real().error as (...x: unknown[]) => void)(...a);
  }
  warn(...a: unknown[]) {
    (this.#real().warn as (...x: unknown[]) => void)(...a);
  }
  info(...a: unknown[]) {
    (this.#real().info as (...x: unknown[]) => void)(...a);
  }
  debug(...a: unknown[]) {
    (this.#real().debug as (...x: unknown[]) => void)(...a);
  }
  trace(...a: unknown[]) {
    (this.#real().trace as (...x: unknown[]) => void)(...a);
  }
  silent(...a: unknown[]) {
    (this.#real().silent as (...x: unknown[]) => void)(...a);
  }
  child(b: pino.Bindings, o?: pino.ChildLoggerOptions) {
    return this.#real().child(b, o);
  }
}

/**
 * The Fastify `logger` options (pino) for the server; `extra` adds the `stream`: {@link asyncDestination} in
 * main.ts, a capturing stream in tests.
 */
export function loggerOptions(level: string, extra: Record<string, unknown> = {}) {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, url: pathOnly(req.url), remoteAddress: req.ip }),
    },
    hooks: { streamWrite: scrubLogText },
    ...extra,
  };
}
