/**
 * The validated configuration (DESIGN.md §9.8): nothing else reads `process.env`.
 */
import { z } from 'zod';
import { licensedSealProblem } from '../documents/seal-ca.ts';

const schema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** postgres://… selects PostgreSQL; unset selects PGlite in DATA_DIR/pglite. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL: apply migrations on start (1, default) or not (0: the API runs as the application role of db/roles.sql). */
  DATABASE_MIGRATE: z.enum(['0', '1']).default('1'),
  /** Seed the demo organisation and users (default on for the embedded database). */
  SEED_DEMO: z.enum(['0', '1']).optional(),
  /** Base URL of the app as users reach it (links in mail, QR codes). */
  APP_URL: z.string().optional(),
  /** HMAC key for signed URLs; generated and kept in DATA_DIR when unset. */
  APP_KEY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Wasiat <no-reply@wasiat.local>'),
  CORS_ORIGINS: z.string().default(''),
  /**
   * The built-in sandbox payment gateway (ADR 0008, ADR 0107): unset → on only for the embedded demo (no
   * DATABASE_URL, NODE_ENV not production, PAYMENT_GATEWAY=sandbox); `1` switches it on explicitly, which
   * the server refuses beside a real gateway or with NODE_ENV=production.
   */
  PAYMENT_SANDBOX: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.string().default('info'),
  /** Face-verification attempts allowed per will before manual review (issue 3; default 3). */
  EKYC_MAX_ATTEMPTS: z.coerce.number().int().positive().default(3),
  /**
   * Which peers may set X-Forwarded-For (the client IP that abuse limits and audit events use; ADR 0024):
   * `loopback` (default: a reverse proxy on the same host), a comma list of addresses/CIDRs (the load
   * balancer's), or a hop count. Never `true`: any client could then choose its own IP.
   */
  TRUST_PROXY: z.string().default('loopback'),
  /** Multiplies every abuse limit's maximum (issue 11; http/rate-limits.ts): default 1; tests raise it. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Scheduled jobs (jobs/scheduler.ts): 1 runs them in this process (default), 0 turns them off. */
  JOBS: z.enum(['0', '1']).default('1'),
  /**
   * The online payment gateway (issue 7; ADR 0041; docs/operations.md "Payments"): `sandbox` (built-in,
   * default) or `billplz` (FPX via Billplz bills API v3; needs the three BILLPLZ_* secrets below).
   */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'billplz']).default('sandbox'),
  /** Billplz API base URL: https://www.billplz.com (live) or https://www.billplz-sandbox.com (Billplz's test site). */
  BILLPLZ_BASE_URL: z.string().url().default('https://www.billplz-sandbox.com'),
  BILLPLZ_API_KEY: z.string().optional(),
  BILLPLZ_COLLECTION_ID: z.string().optional(),
  /** The X Signature key of the Billplz account (verifies callbacks and redirects). */
  BILLPLZ_X_SIGNATURE_KEY: z.string().optional(),
  /** Receipt e-mail attempts before "Receipt email failed" is shown (issue 7; ADR 0042). */
  RECEIPT_MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** PKCS#12 file of the document seal (issue 11; documents/seal.ts). Unset: a development key in DATA_DIR/seal. */
  SEAL_P12_PATH: z.string().optional(),
  /** Passphrase of SEAL_P12_PATH (empty when unset). */
  SEAL_P12_PASSPHRASE: z.string().optional(),
  /**
   * PEM bundle of the certification authorities the operator declares licensed under the Digital Signature Act 1997
   * (ADR 0297; documents/seal-ca.ts). Set: the seal's certificate must chain to one of them (through CA certificates
   * in the PKCS#12), be within its validity and carry the key usage digitalSignature or nonRepudiation; the seal is
   * then `licensed_ca` and the will PDF says so. Does not verify: production refuses to start, elsewhere a warning
   * and the platform's own seal. Unset: the platform's own seal (ADR 0070), nothing checked.
   */
  SEAL_LICENSED_CA_PATH: z.string().optional(),
  /** SMS delivery of OTP codes (otp/sms.ts, ADR 0092): `outbox` (files in DATA_DIR/outbox, default) or `isms`. */
  SMS_PROVIDER: z.enum(['outbox', 'isms']).default('outbox'),
  /** iSMS (isms.com.my) send endpoint, account and sender id, used when SMS_PROVIDER=isms. */
  SMS_ISMS_URL: z.string().default('https://www.isms.com.my/isms_send_all_id.php'),
  SMS_ISMS_USERNAME: z.string().optional(),
  SMS_ISMS_PASSWORD: z.string().optional(),
  SMS_SENDER_ID: z.string().default('WASIAT'),
  /**
   * Object storage (files/storage.ts; ADR 0109): set S3_BUCKET to keep files in an S3-compatible bucket
   * instead of DATA_DIR/files (needed for more than one machine). S3_ENDPOINT for a non-AWS server
   * (MinIO, …), S3_FORCE_PATH_STYLE=1 for servers without virtual-host buckets. Credentials may also come
   * from the AWS SDK's default chain (instance role) when the two keys are unset.
   */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('ap-southeast-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
  /** Server-side encryption asked of the bucket on every put: AES256 (default) or none (ADR 0109). */
  S3_SSE: z.enum(['AES256', 'none']).default('AES256'),
  /** Prefix of every object key in the bucket (e.g. `prod/`; default none). */
  S3_PREFIX: z.string().default(''),
  /**
   * Where scheduled and retried jobs run (jobs/runner.ts; ADR 0110): `auto` (default) — the pg-boss queue on
   * PostgreSQL, the in-process timer on PGlite; `timer` forces the timer (one process only).
   */
  JOB_RUNNER: z.enum(['auto', 'timer']).default('auto'),
  /**
   * Customer service contact (issue 17 item 15; ADR 0160): shown on the home page, in the system-error
   * dialog (spec §8 "contact customer service") and on receipts; served by `GET /api/support-contact`.
   * Each is optional: an unset channel is left out. Phone and WhatsApp as dialled (e.g. +60312345678).
   */
  SUPPORT_PHONE: z.string().trim().max(32).optional(),
  SUPPORT_EMAIL: z.string().trim().email().optional(),
  SUPPORT_WHATSAPP: z
    .string()
    .trim()
    .regex(/^\+?[0-9 -]{8,20}$/, 'SUPPORT_WHATSAPP must be a phone number')
    .optional(),
  /** The provider (the company that issues receipts): its name, registration number and address, printed on receipts. */
  PROVIDER_NAME: z.string().trim().max(200).optional(),
  PROVIDER_REGISTRATION_NO: z.string().trim().max(64).optional(),
  PROVIDER_ADDRESS: z.string().trim().max(500).optional(),
  /**
   * HTTPS with HTTP/2 (ADR 0207): PEM files of the certificate (with its chain) and of its key. Both set: the
   * server speaks TLS, HTTP/2 to browsers and HTTP/1.1 to older clients (ALPN). Unset (default): plain HTTP/1.1,
   * for a TLS-terminating proxy in front. A phone's slow network pays a round trip per request on HTTP/1.1's six
   * connections; HTTP/2 sends a page's ~40 first-load files on one.
   */
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  /** Object storage: milliseconds a call may take, waiting for a place included; calls in flight (ADR 0219). */
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  S3_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(16),
  /** SMTP: milliseconds a message may take to hand over, waiting included; messages in flight (ADR 0219). */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  SMTP_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  /** PostgreSQL: connections per process, and how long a request waits for one before a 503 (ADR 0219). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /**
   * Bearer token of `GET /metrics` (Prometheus; platform/ops/metrics.ts; ADR 0237), at least 16 characters.
   * Unset (default): no metrics are kept and `/metrics` answers 404.
   */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Seconds a stopping process waits for requests in flight after SIGTERM (ADR 0111; default 10). */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  /**
   * Seconds a stopping process keeps serving while `/readyz` answers 503, before it stops accepting, so the load
   * balancer sees it not ready and sends new requests elsewhere first (issue 35 item 3; ADR 0238; default 5).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
});

export type Env = Omit<z.infer<typeof schema>, 'PAYMENT_SANDBOX'> & {
  /** Whether the sandbox gateway's pages are served: resolved by {@link loadEnv}, never unset. */
  PAYMENT_SANDBOX: '0' | '1';
};

/**
 * Parse an environment (defaults to `process.env`); throws on invalid values, and on the payment sandbox
 * switched on beside a real gateway or in production (issue 16 item 5; ADR 0107).
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.parse(source);
  const embeddedDemo = !parsed.DATABASE_URL && parsed.NODE_ENV !== 'production' && parsed.PAYMENT_GATEWAY === 'sandbox';
  const env: Env = { ...parsed, PAYMENT_SANDBOX: parsed.PAYMENT_SANDBOX ?? (embeddedDemo ? '1' : '0') };
  if (env.PAYMENT_SANDBOX === '1' && env.PAYMENT_GATEWAY !== 'sandbox') {
    throw new Error(
      `PAYMENT_SANDBOX=1 cannot run beside a real payment gateway (PAYMENT_GATEWAY=${env.PAYMENT_GATEWAY}): anyone could mark payments paid on the sandbox page. Unset PAYMENT_SANDBOX or set it to 0.`,
    );
  }
  if (env.PAYMENT_SANDBOX === '1' && env.NODE_ENV === 'production') {
    throw new Error(
      'PAYMENT_SANDBOX=1 is refused with NODE_ENV=production: the sandbox marks payments paid without money. Unset PAYMENT_SANDBOX or set it to 0.',
    );
  }
  if (!env.TLS_CERT_FILE !== !env.TLS_KEY_FILE) {
    throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: set both (HTTPS with HTTP/2) or neither (ADR 0207).');
  }
  if (env.PAYMENT_GATEWAY === 'billplz') {
    for (const k of ['BILLPLZ_API_KEY', 'BILLPLZ_COLLECTION_ID', 'BILLPLZ_X_SIGNATURE_KEY'] as const) {
      if (!env[k]) throw new Error(`${k} is required when PAYMENT_GATEWAY=billplz`);
    }
  }
  return env;
}

/** Bytes an `APP_KEY` must carry in production: 32, as `openssl rand -base64 32` gives (issue 35 item 5; ADR 0218). */
export const APP_KEY_MIN_BYTES = 32;

/**
 * The bytes an `APP_KEY` stands for: base64/base64url or hex text is decoded, anything else counts as its UTF-8
 * bytes. Exported for the production check and its test.
 */
export function appKeyBytes(key: string): number {
  if (/^[0-9a-f]+$/i.test(key) && key.length % 2 === 0) return key.length / 2;
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(key)) return Buffer.from(key, 'base64url').length;
  return Buffer.byteLength(key, 'utf8');
}

/**
 * What makes this configuration unsafe to serve the public with (issue 35 item 5; ADR 0218): one sentence per
 * variable, empty when it is safe. Checked by {@link assertSafeForProduction} when `NODE_ENV=production`:
 * - `APP_KEY`: set, and at least {@link APP_KEY_MIN_BYTES} bytes of which no one byte value makes up half (a
 *   generated key per process would make every process refuse the others' signed links and second factors);
 * - `APP_URL`: set and `https://` (links in mail and QR codes must not point at `localhost` or plain HTTP);
 * - `SEAL_P12_PATH`: the operator's seal key (otherwise each process seals with a development key of its own);
 * - `SEAL_LICENSED_CA_PATH`, when set: the seal key's certificate verifies against it (ADR 0297; seal-ca.ts), so a
 *   deployment meant to seal under a licensed CA never seals with an uncertified key;
 * - `SMTP_URL`: a real mail path (otherwise mail goes to files in `DATA_DIR/outbox` and nobody receives it);
 * - `SEED_DEMO` not `1`: demo users with a published password and TOTP secret are never created in production.
 * The payment sandbox is refused by {@link loadEnv} itself.
 */
export function productionProblems(env: Env): string[] {
  const problems: string[] = [];
  const key = env.APP_KEY ?? '';
  if (!key) {
    problems.push(
      `APP_KEY is not set: give every process the same key of at least ${APP_KEY_MIN_BYTES} random bytes (e.g. \`openssl rand -base64 32\`).`,
    );
  } else {
    const counts = new Map<string, number>();
    for (const ch of key) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    const commonest = Math.max(...counts.values());
    if (appKeyBytes(key) < APP_KEY_MIN_BYTES || commonest * 2 > key.length || counts.size < 16) {
      problems.push(
        `APP_KEY is too weak: it must be at least ${APP_KEY_MIN_BYTES} random bytes (base64, base64url or hex; e.g. \`openssl rand -base64 32\`).`,
      );
    }
  }
  if (!env.APP_URL)
    problems.push('APP_URL is not set: the public https:// address that links in mail and QR codes point to.');
  else if (!/^https:\/\/[^/]/i.test(env.APP_URL))
    problems.push(`APP_URL must start with https:// (got ${env.APP_URL}).`);
  if (!env.SEAL_P12_PATH) problems.push('SEAL_P12_PATH is not set: the PKCS#12 key that seals every issued PDF.');
  const sealProblem = licensedSealProblem(env);
  if (sealProblem) problems.push(sealProblem);
  if (!env.SMTP_URL) problems.push('SMTP_URL is not set: without it mail is written to files and nobody receives it.');
  if (env.SEED_DEMO === '1') {
    problems.push('SEED_DEMO=1 is refused: demo users have a published password and TOTP secret. Unset it or set 0.');
  }
  return problems;
}

/**
 * Refuse to start with `NODE_ENV=production` and an unsafe configuration (issue 35 item 5; ADR 0218).
 * @throws Error naming every unsafe variable, one per line.
 */
export function assertSafeForProduction(env: Env): void {
  if (env.NODE_ENV !== 'production') return;
  const problems = productionProblems(env);
  if (problems.length > 0) {
    throw new Error(
      `Refusing to start with NODE_ENV=production (docs/operations.md "Production configuration"):\n- ${problems.join('\n- ')}`,
    );
  }
}
