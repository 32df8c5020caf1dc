/**
 * Bearer tokens (issue 2 "Tokens: at least 128 random bits, stored hashed, idle and absolute expiry").
 * A token is 32 random bytes (256 bits) in base64url; only its SHA-256 is stored.
 * Session lifetime (issue 11 "Sessions"; ADR 0080, superseding ADR 0005): idle expiry 60 minutes for a
 * Client and 30 minutes for every other role (staff roles, and Partner/Agent who hold other people's
 * data); absolute expiry 24 hours after issue. "Now" is the process clock (`Date.now()`), also for the
 * absolute expiry (passed to the query rather than SQL `now()`), so tests can move it with
 * `vi.setSystemTime`. Every request re-reads the token and its user, so a revocation, a disabled user or a
 * changed role takes effect on the next request.
 */
import { createHash, randomBytes } from 'node:crypto';
import DataLoader from 'dataloader';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Db, perDatabase } from '../../db/client.ts';
import { withPlannedRows } from '../../db/row-mapper.ts';
import { auth_tokens, user_accesses, users } from '../../db/schema/index.ts';

/** Idle expiry of a Client's session (issue 11: 60 minutes). */
export const IDLE_CLIENT_MS = 60 * 60 * 1000;
/** Idle expiry of every other role's session (issue 11: 30 minutes for staff roles; ADR 0080). */
export const IDLE_STAFF_MS = 30 * 60 * 1000;
/** Absolute expiry (issue 11: 24 hours after the token was issued). */
export const ABSOLUTE_MS = 24 * 60 * 60 * 1000;

/** The idle expiry (ms) of a session of a user with this role (ADR 0080). */
export const idleMsForRole = (role: string) => (role === 'Client' ? IDLE_CLIENT_MS : IDLE_STAFF_MS);
/** last_used_at is written at most this often, to keep reads cheap. */
const TOUCH_MS = 60 * 1000;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Issue a token for a user; returns the plaintext (shown once). `meta.contract`: the client contract the session
 * speaks when it is not ours (a short label an edge adapter chose, kept as the token's `client_contract`; ADR 0135),
 * else none.
 */
export async function issueToken(
  db: Db,
  userId: string,
  meta: { kind?: 'api-private' | 'api-public'; ip?: string; userAgent?: string; contract?: string } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(auth_tokens).values({
    token_hash: sha256(token),
    user_id: userId,
    kind: meta.kind ?? 'api-private',
    client_contract: meta.contract ?? null,
    last_used_at: new Date(),
    expires_at: new Date(Date.now() + ABSOLUTE_MS),
    ip: meta.ip,
    user_agent: meta.userAgent?.slice(0, 300),
  });
  return token;
}

/**
 * What a session check selects (ADR 0112): the token, its user, and the user's active and pending organisation
 * accesses, which the guard needs for staff-side users ({@link awaitingApprovalOf}). A route whose first read
 * can be answered in the same statement (ADR 0187: `GET /wasiat/{id}`) selects these columns beside its own.
 */
export const sessionColumns = () => ({
  // only what the session check reads of the token: fewer columns for the driver to parse on every request
  token: {
    id: auth_tokens.id,
    kind: auth_tokens.kind,
    client_contract: auth_tokens.client_contract,
    last_used_at: auth_tokens.last_used_at,
  },
  user: users,
  active: sql<number>`(select count(*) from ${user_accesses} ua where ua.user_id = ${users.id} and ua.status = 1)::int`,
  pending: sql<number>`(select count(*) from ${user_accesses} ua where ua.user_id = ${users.id} and ua.status = 0)::int`,
});

/**
 * The WHERE of a session check: the token with hash placeholder `hash`, not revoked, not past its absolute
 * expiry (placeholder `now`, an ISO date). Idle expiry and the user's status are checked in JS ({@link userForToken}).
 */
export const liveTokenWhere = () =>
  and(
    eq(auth_tokens.token_hash, sql.placeholder('hash')),
    isNull(auth_tokens.revoked_at),
    gt(auth_tokens.expires_at, sql.placeholder('now')),
  );

/**
 * The join of a batched session check (ADR 0198) to `auth_tokens`: the live-token rules of {@link liveTokenWhere}
 * on each request's own token hash and time, the columns `q.hash` and `q.at` of the batch's
 * `unnest(…) WITH ORDINALITY AS q(hash, at, …, n)`.
 */
export const liveBatchTokenOn = () =>
  and(eq(auth_tokens.token_hash, sql`q.hash`), isNull(auth_tokens.revoked_at), gt(auth_tokens.expires_at, sql`q.at`));

/**
 * At most this many requests in one batched session check. Smaller batches keep more than one in flight, so the
 * server answers one batch while PostgreSQL works on the next: with 50 connections, 25 answered 6,800 req/s here
 * against 6,000 for 100 and 3,900 for 4 (ADR 0198).
 */
const BATCH_MAX = 25;

/**
 * Session checks that arrive together, as ONE statement (ADR 0198; the `dataloader` library). Requests whose
 * checks start in the same turn of the event loop (`setImmediate`: after every socket ready in that turn has been
 * read) go to `run` together, at most {@link BATCH_MAX} at a time, in the order of their keys. `run` answers rows
 * numbered `n` (1-based, the `WITH ORDINALITY` of the batch); each key gets the row of its number without `n`,
 * or undefined when there is none (its token is not live). Nothing is cached between batches (`cache: false`):
 * every request reads its token, user and data afresh.
 */
export function sessionBatchLoader<K extends { hash: string; now: string }, R>(
  run: (keys: readonly K[]) => Promise<({ n: string } & Record<string, unknown>)[]>,
): DataLoader<K, R | undefined> {
  return new DataLoader<K, R | undefined>(
    async (keys) => {
      const out: (R | undefined)[] = keys.map(() => undefined);
      for (const { n, ...row } of await run(keys)) out[Number(n) - 1] = row as R;
      return out;
    },
    { cache: false, maxBatchSize: BATCH_MAX, batchScheduleFn: (go) => setImmediate(go) },
  );
}

/** A row of a session check: {@link sessionColumns}, and whatever a route's own read added beside them. */
export interface SessionRow {
  token: Pick<typeof auth_tokens.$inferSelect, 'id' | 'kind' | 'client_contract' | 'last_used_at'>;
  user: typeof users.$inferSelect;
  active: number;
  pending: number;
}

/**
 * The token lookup runs on every authenticated request, so it is a prepared statement (one per database
 * handle): building the drizzle query each time cost most of a request's CPU (bench/api.ts). One round trip per
 * session check (ADR 0112).
 */
const tokenQuery = perDatabase((db) =>
  withPlannedRows(
    db
      .select(sessionColumns())
      .from(auth_tokens)
      .innerJoin(users, eq(users.id, auth_tokens.user_id))
      .where(liveTokenWhere())
      .limit(1)
      .prepare('auth_user_for_token'),
  ),
);

/** The plain token lookup: the {@link SessionRow} of the live token `hash` at `now`, or undefined. */
export async function plainSessionRow(db: Db, params: { hash: string; now: string }): Promise<SessionRow | undefined> {
  return (await tokenQuery(db).execute(params))[0];
}

/**
 * A statement that checks a session: given the token's SHA-256 (`hash`, hex) and the current time (`now`, ISO),
 * the {@link SessionRow} of a live token, or undefined. The default is the plain token lookup; a route may run
 * its own, which selects {@link sessionColumns} beside its first read (guard.ts `config.sessionRead`; ADR 0187).
 */
export type SessionStatement = (params: { hash: string; now: string }) => Promise<SessionRow | undefined>;

/**
 * Whether a staff-side user (any role but Client) is still awaiting 'Approve Access': a pending access and no
 * active one (spec §6 "User access is requested and approved by an administrator"; ADR 0014, ADR 0018).
 * @param counts the user's active and pending `user_accesses`.
 */
export const awaitingApprovalOf = (role: string, counts: { active: number; pending: number }) =>
  role !== 'Client' && counts.pending > 0 && counts.active === 0;

/**
 * The user of a live token, or null when unknown, revoked, idle too long or past its absolute expiry. One
 * statement (plus, at most once a minute per token, the `last_used_at` touch); nothing is cached, so a
 * revocation, a disabled user or a changed role takes effect on the next request in every process.
 * @param statement the session check to run ({@link SessionStatement}); the plain token lookup by default.
 * @returns `{ user, tokenId, kind, contract, awaitingApproval, row }` (`contract` the session's client contract
 *   label, or null for ours, ADR 0135; `awaitingApproval` from {@link awaitingApprovalOf}; `row` the statement's whole row).
 */
export async function userForToken(db: Db, token: string, statement?: SessionStatement) {
  const now = new Date();
  const params = { hash: sha256(token), now: now.toISOString() };
  const row = statement ? await statement(params) : await plainSessionRow(db, params);
  if (!row) return null;
  if (now.getTime() - row.token.last_used_at.getTime() > idleMsForRole(row.user.role)) return null;
  if (row.user.status !== 1) return null;
  if (now.getTime() - row.token.last_used_at.getTime() > TOUCH_MS) {
    await db.update(auth_tokens).set({ last_used_at: now }).where(eq(auth_tokens.id, row.token.id));
  }
  return {
    user: row.user,
    tokenId: row.token.id,
    kind: row.token.kind,
    contract: row.token.client_contract,
    awaitingApproval: awaitingApprovalOf(row.user.role, row),
    row,
  };
}

/** Revoke one token (logout). */
export async function revokeToken(db: Db, tokenId: string) {
  await db.update(auth_tokens).set({ revoked_at: new Date() }).where(eq(auth_tokens.id, tokenId));
}

/** Revoke every token of a user (password reset/change). */
export async function revokeAllTokens(db: Db, userId: string) {
  await db
    .update(auth_tokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(auth_tokens.user_id, userId), isNull(auth_tokens.revoked_at)));
}
