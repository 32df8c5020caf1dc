/**
 * `GET /api/hibah/{id}/offer` (issue 38 item 9): what the hibah's organisation lets it hold, read by the wizard so it
 * offers only what the server accepts, with the limits named.
 *
 * → `{ offer: { property, receiver, caretaker } }`, each `{ allowed, limit, count, full }` (domain
 * `instrumentOffer('hibah', …)`: the same table and reader as the server's refusals, children.ts). `limit` is a
 * count of rows (null: none). A hibah the caller may not see: 404.
 */
import { instrumentOffer } from '@wasiat/domain';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../auth/index.ts';
import { childCount } from './children.ts';
import { CARETAKER, RECEIVER } from './parties.ts';
import { PROPERTY } from './property.ts';
import { findVisibleHibah, preferenceOf } from './service.ts';

/** The offer of a hibah the caller may see. @throws 404 otherwise. */
export async function hibahOffer(db: Db, user: AuthUser, id: string) {
  const h = await findVisibleHibah(db, user, id);
  const [pref, property, receiver, caretaker] = await Promise.all([
    preferenceOf(db, h.organization_id),
    childCount(db, PROPERTY, h.id),
    childCount(db, RECEIVER, h.id),
    childCount(db, CARETAKER, h.id),
  ]);
  return { offer: instrumentOffer('hibah', pref, { property, receiver, caretaker }) };
}
