/**
 * The validated configuration (DESIGN.md §9.8): nothing else reads `process.env`.
 */
import { z } from 'zod';

const schema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** postgres://… selects PostgreSQL; unset selects PGlite in DATA_DIR/pglite. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Seed the demo organisation and users (default on for the embedded database). */
  SEED_DEMO: z.enum(['0', '1']).optional(),
  /** Base URL of the app as users reach it (links in mail, QR codes). */
  APP_URL: z.string().optional(),
  /** HMAC key for signed URLs; generated and kept in DATA_DIR when unset. */
  APP_KEY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Wasiat <no-reply@wasiat.local>'),
  CORS_ORIGINS: z.string().default(''),
  /** The built-in sandbox payment gateway (ADR 0008): on by default; set 0 where a real gateway is configured. */
  PAYMENT_SANDBOX: z.enum(['0', '1']).default('1'),
  LOG_LEVEL: z.string().default('info'),
  /** Face-verification attempts allowed per will before manual review (issue 3; default 3). */
  EKYC_MAX_ATTEMPTS: z.coerce.number().int().positive().default(3),
  /** Multiplies every abuse limit's maximum (issue 11; http/rate-limits.ts): default 1; tests raise it. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
});

export type Env = z.infer<typeof schema>;

/** Parse an environment (defaults to `process.env`); throws on invalid values. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  return schema.parse(source);
}
