/**
 * Trust and safety tables (issue 11): the second factor of staff logins (TOTP secret, one-time recovery
 * codes, login challenges; ADR 0081) and personal-data requests under the PDPA (ADR 0083).
 */
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { users } from './users.ts';

/**
 * A user's TOTP secret (RFC 6238, 30 s steps, 6 digits), sealed with AES-256-GCM under a key derived from
 * APP_KEY. `confirmed_at` null while enrolling; `last_time_step` is the step of the last accepted code
 * (a code of that step or earlier is refused: no replay).
 */
export const two_factors = pgTable('two_factors', {
  user_id: text('user_id')
    .primaryKey()
    .references(() => users.id),
  secret: text('secret').notNull(),
  confirmed_at: tz('confirmed_at'),
  last_time_step: integer('last_time_step'),
  ...timestamps(),
});

/** One-time recovery codes (10 per enrolment), stored as HMAC-SHA-256 under a key derived from APP_KEY. */
export const recovery_codes = pgTable(
  'recovery_codes',
  {
    id: idColumn(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id),
    code_hash: text('code_hash').notNull(),
    used_at: tz('used_at'),
    ...timestamps(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.user_id)],
);

/**
 * A password-verified login waiting for its second factor: a random token (stored as SHA-256), 5 minutes,
 * at most 5 code attempts, used once.
 */
export const login_challenges = pgTable(
  'login_challenges',
  {
    id: idColumn(),
    token_hash: text('token_hash').notNull(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id),
    expires_at: tz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    used_at: tz('used_at'),
    ip: text('ip'),
    user_agent: text('user_agent'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('login_challenges_hash_uq').on(t.token_hash)],
);

/**
 * A client's request under the PDPA (ADR 0083): `kind` 'erasure'; `status` 0 pending, 1 done (erased what
 * may be erased), 2 refused. `outcome` records what was erased and what was kept, and why.
 */
export const data_requests = pgTable(
  'data_requests',
  {
    id: idColumn(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull().default('erasure'),
    status: integer('status').notNull().default(0),
    reason: text('reason'),
    handled_by: text('handled_by').references(() => users.id),
    handled_at: tz('handled_at'),
    remarks: text('remarks'),
    outcome: jsonb('outcome'),
    ...timestamps(),
  },
  (t) => [index('data_requests_user_idx').on(t.user_id), index('data_requests_status_idx').on(t.status)],
);

/**
 * Abuse-limit counters (issue 11; ADR 0024), shared by every API process on the database: one row per
 * (route, key) with the hits of the current fixed window and when the window ends. Written only by
 * http/rate-limit-store.ts with one atomic upsert; expired rows are swept by the job `rate-limits.sweep`.
 */
export const rate_limit_counters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    window_ends_at: tz('window_ends_at').notNull(),
  },
  (t) => [index('rate_limit_counters_window_ends_at_idx').on(t.window_ends_at)],
);
