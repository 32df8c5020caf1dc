/**
 * The ONE place where the assets module decides who sees and changes which asset map (DESIGN.md §9.3–9.4;
 * ADR 0269). Rights come from the permission table (`packages/domain/src/permissions.ts`); the client scope is the
 * grants module's (ADR 0101), the same one a client's will is seen through (wills/policy.ts `willScope`):
 * - `asset:manage:own` (Client): their own map (`user_id = me`), read and changed;
 * - `asset:read:client` (Agent, Partner, Staff, Officer, Accountant, Admin): the maps of the clients they act for —
 *   the provider's staff every client; an agent or partner a client whose grant their organisation holds;
 * - `asset:manage:client` (Agent, Partner, Staff, Admin): change those maps too (Officers and Accountants look only).
 * An entry outside the caller's scope is a 404, by the WHERE clause.
 */

import { ASSET_MSG } from '@wasiat/domain';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assets } from '../../db/schema/index.ts';
import { fieldError, forbidden } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { userCan } from '../auth/index.ts';
import { actsForClient, assertActsFor } from '../grants/index.ts';

/** WHERE clause of the entries `user` may see (never removed ones; fails closed). */
export function assetScope(user: AuthUser): SQL {
  const parts: SQL[] = [];
  if (userCan(user, 'asset:manage:own')) parts.push(eq(assets.user_id, user.id));
  if (userCan(user, 'asset:read:client')) parts.push(actsForClient(user, assets.user_id));
  if (parts.length === 0) return sql`false`;
  return and(isNull(assets.deleted_at), or(...parts)) as SQL;
}

/**
 * Whether the caller may change the map of `ownerId` (already known to be in their scope): their own with
 * `asset:manage:own`, a client's with `asset:manage:client`.
 * @throws 403 `errors.forbidden` otherwise.
 */
export function assertCanManage(user: AuthUser, ownerId: string) {
  if (ownerId === user.id ? userCan(user, 'asset:manage:own') : userCan(user, 'asset:manage:client')) return;
  throw forbidden();
}

/**
 * The testator whose map a list or a new entry is for: `user_id` from the query or body, else the caller.
 * Another person's id needs `asset:read:client` (reading) or `asset:manage:client` (writing) and the grants
 * module's "acts for" (404 otherwise, never revealing whether the account exists). A caller without a map of their
 * own who names nobody: 422 `assets.client_required` on `user_id`.
 */
export async function mapOwner(db: Db, user: AuthUser, requested: string | undefined, write: boolean) {
  const owner = requested ?? user.id;
  if (owner === user.id) {
    if (!userCan(user, 'asset:manage:own')) throw fieldError('user_id', ASSET_MSG.clientRequired);
    return owner;
  }
  if (!userCan(user, write ? 'asset:manage:client' : 'asset:read:client')) throw forbidden();
  await assertActsFor(db, user, owner);
  return owner;
}
