/**
 * The 2021 client's property receivers of a will amendment's draft (issue 20; reference §2.6 `property-receiver`,
 * §3.5 part D; ADR 0179): `POST property-receiver { receiver_id, portion, propertyable_type, propertyable_id }`,
 * `GET|PATCH|DELETE property-receiver/{id}` where the property is a row of an open amendment's draft the caller
 * sees. A share is `{ receiver_id, portion }` of the draft property (content.ts); its id is `<property id>.<receiver
 * id>`. Checked as the will's own shares (the receiver is one of the draft's, once per property, a vehicle has one
 * receiver, the portions within the whole: 422 on `receiver_id` / `portion`), then by the draft's own rules and
 * audit ({@link changeDraft}). Anything else goes on to the wills route. The create, change and removal are
 * written once with the hibah's (original-draft-hooks.ts `draftShareHooks`); the read is the will's own (below).
 */

import type { Ctx } from '../../../context.ts';
import { changeDraft } from '../../../modules/amendments/index.ts';
import { requireUser } from '../../../modules/auth/index.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { checkNewShare, type Hook, idOf, rowIn, shareRows, typeOf } from './draft-rows.ts';
import { draftShareHooks } from './original-draft-hooks.ts';

/**
 * The route-level hooks of `property-receiver` on a draft, keyed `METHOD url`: `POST`, `PATCH|PUT|DELETE
 * property-receiver/{id}` (original-draft-hooks.ts `draftShareHooks`, with {@link changeDraft} and the will's share
 * check and answer), and `GET property-receiver/{id}` → `{ property_receiver }` of an open draft (0 1 3 4) the caller
 * sees (404 when only an unseen one holds it, or the share is not there).
 */
export function shareHooks(ctx: Ctx): Record<string, Hook> {
  const { hooks, shareOf } = draftShareHooks(ctx, {
    type: 'Wasiat',
    change: (db, actor, id, change) => changeDraft(db, actor, id, (a) => change(a) as never),
    check: checkNewShare,
    rows: (a, p, s) => shareRows(a, p, typeOf(s)),
    deleted: 'wills.deleted',
  });
  hooks['GET /property-receiver/:id'] = async (req, reply) => {
    const user = requireUser(req);
    const s = await shareOf(user, idOf(req));
    if (!s) return;
    const p = rowIn(s.open, s.section, s.propertyId);
    const row = shareRows(s.open, p, typeOf(s.section)).find((x) => x.receiver_id === s.receiverId);
    if (!row) throw notFound();
    return reply.send({ property_receiver: row });
  };
  return hooks;
}
