/**
 * `GET /api/wasiat/{id}/offer` (issue 38 item 9): what the will's organisation lets it hold, read by the wizard so
 * it offers only what the server accepts, with the limits named.
 *
 * → `{ offer: { property, receiver, caretaker, bequest } }`, each `{ allowed, limit, count, full }` (domain
 * `instrumentOffer('wasiat', …)`: the same table and reader the server's refusals use, owned.ts). `limit` is a
 * count of rows (null: none); property counts movable and immovable together. A will the caller may not see: 404.
 */
import { instrumentOffer } from '@wasiat/domain';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bequests } from '../../db/schema/index.ts';
import type { AuthUser } from '../auth/index.ts';
import { kindCount } from './owned.ts';
import { CARETAKER, RECEIVER } from './people-service.ts';
import { MOVEABLE } from './property-service.ts';
import { findVisibleWill } from './queries.ts';
import { preferenceOf } from './service.ts';

/** The offer of a will the caller may see. @throws 404 otherwise. */
export async function willOffer(db: Db, user: AuthUser, id: string) {
  const will = await findVisibleWill(db, user, id);
  const [pref, property, receiver, caretaker, [b]] = await Promise.all([
    preferenceOf(db, will.organization_id),
    kindCount(db, MOVEABLE, will.id), // movable and immovable together
    kindCount(db, RECEIVER, will.id),
    kindCount(db, CARETAKER, will.id),
    db.select({ n: count() }).from(bequests).where(eq(bequests.wasiat_id, will.id)),
  ]);
  return { offer: instrumentOffer('wasiat', pref, { property, receiver, caretaker, bequest: Number(b?.n ?? 0) }) };
}
