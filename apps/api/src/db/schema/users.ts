/** Users, sessions (bearer tokens), password resets and login throttling (spec §3 User; issue 2 Auth). */
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { branches, organizations } from './organisations.ts';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    name: text('name').notNull(),
    username: text('username').notNull(),
    email: text('email'),
    ic_number: text('ic_number'),
    mobile_number: text('mobile_number'),
    /** Profile (spec §3 User; reference §3.8 profile/client edit): designation code (catalogue DESIGNATIONS), gender 1/2. */
    designation: text('designation'),
    gender: integer('gender'),
    office_phone_number: text('office_phone_number'),
    address: text('address'),
    postcode: text('postcode'),
    city: text('city'),
    state: text('state'),
    password_hash: text('password_hash'),
    /** Client | Agent | Staff | Officer | Accountant | Partner | Admin (spec §6; the first of `roles`). */
    role: text('role').notNull(),
    status: integer('status').notNull().default(1),
    pdpa_accepted_at: tz('pdpa_accepted_at'),
    /** Attachment id of the saved signature (PNG), or null. */
    signature_id: text('signature_id'),
    face_verified: boolean('face_verified').notNull().default(false),
    /** Organisation staff (reference §3.8 org user; ADR 0019): bank for commissions, staff number, course. */
    bank_name: text('bank_name'),
    bank_account_number: text('bank_account_number'),
    staff_id: text('staff_id'),
    is_attended_course: boolean('is_attended_course').notNull().default(false),
    /** The language the person last used (`ms` | `en`, set at login): their mails and SMS are in it. */
    language: text('language').notNull().default('ms'),
    /** The person chose to be told of status changes by SMS as well as by e-mail (profile). */
    notify_sms: boolean('notify_sms').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(t.username),
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_ic_uq').on(t.ic_number),
  ],
);

/** Membership of an organisation/branch (reference §1.3 `user_access`); status 1 active, 0 pending, 2 inactive. */
export const user_accesses = pgTable(
  'user_accesses',
  {
    id: idColumn(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    branch_id: text('branch_id').references(() => branches.id),
    role: text('role').notNull(),
    status: integer('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [index('user_accesses_user_idx').on(t.user_id)],
);

/** Bearer tokens, stored as SHA-256 hashes; idle and absolute expiry (issue 2). */
export const auth_tokens = pgTable(
  'auth_tokens',
  {
    id: idColumn(),
    token_hash: text('token_hash').notNull(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id),
    /** api-private | api-public */
    kind: text('kind').notNull().default('api-private'),
    /** '2021' for a session opened by the 2021 client's login body (ADR 0135); null for ours. */
    client_contract: text('client_contract'),
    last_used_at: tz('last_used_at').notNull().defaultNow(),
    expires_at: tz('expires_at').notNull(),
    revoked_at: tz('revoked_at'),
    ip: text('ip'),
    user_agent: text('user_agent'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_uq').on(t.token_hash)],
);

/**
 * Single-use, expiring links to set a password (hashed): a password reset (`kind` 'reset', 60 minutes) or an
 * invitation of a new staff member or client (`kind` 'invitation', 7 days; who invited them, for which
 * organisation; a resend revokes the previous one — ADR 0243).
 */
export const password_resets = pgTable(
  'password_resets',
  {
    id: idColumn(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id),
    token_hash: text('token_hash').notNull(),
    expires_at: tz('expires_at').notNull(),
    used_at: tz('used_at'),
    /** 'reset' | 'invitation' (ADR 0243). */
    kind: text('kind').notNull().default('reset'),
    /** An invitation: the user who invited (or last re-sent it). */
    invited_by: text('invited_by').references(() => users.id),
    /** An invitation: the organisation it names. */
    organization_id: text('organization_id').references(() => organizations.id),
    /** An invitation replaced by a newer one (a resend). */
    revoked_at: tz('revoked_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('password_resets_hash_uq').on(t.token_hash),
    index('password_resets_user_kind_idx').on(t.user_id, t.kind),
  ],
);

/** Failed-login counters per key (`acct:<username>` or `ip:<addr>`), for throttling (issue 2). */
export const login_failures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  first_failed_at: tz('first_failed_at').notNull().defaultNow(),
  locked_until: tz('locked_until'),
});
