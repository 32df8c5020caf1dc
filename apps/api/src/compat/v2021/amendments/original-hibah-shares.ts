/**
 * The 2021 client's property receivers of a HIBAH amendment's draft (issue 20; reference §2.6 `property-receiver`,
 * §3.2 part F, §3.7; ADR 0180 "Parts E–G"): `POST property-receiver { receiver_id, portion, propertyable_type,
 * propertyable_id }`, `GET|PATCH|DELETE property-receiver/{id}` where the property is a row of an open hibah
 * amendment's draft the caller sees. A share is `{ receiver_id, portion }` of the draft property (hibah/content.ts);
 * its id is `<property id>.<receiver id>`. Checked as the hibah's own shares ({@link checkNewShare}: 422 on
 * `receiver_id` / `portion`), then by the draft's rules and audit ({@link changeHibahDraft}). Anything else goes on
 * to the hibah's own flat hooks and the wills route. The create, change and removal are written once with the
 * will's (original-draft-hooks.ts `draftShareHooks`); the read is the hibah's own (below).
 */
import type { HibahAmendmentDraftInput } from '@wasiat/domain';
import type { Ctx } from '../../../context.ts';
import { requireUser } from '../../../modules/auth/index.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { draftShareHooks } from './original-draft-hooks.ts';
import {
  changeHibahDraft,
  checkNewShare,
  type Hook,
  hibahDraftOfRow,
  idOf,
  mayEdit,
  rowIn,
  rowsOf,
  type Section,
  shareRows,
  splitShareId,
} from './original-hibah-rows.ts';

/**
 * The route-level hooks of `property-receiver` on a hibah amendment's draft, keyed `METHOD url` (no `/api`):
 * `POST`, `PATCH|PUT|DELETE property-receiver/{id}` (original-draft-hooks.ts `draftShareHooks`, with
 * {@link changeHibahDraft} and the hibah's share check and answer), and `GET property-receiver/{id}` →
 * `{ property_receiver }` in the open (0) draft, to whoever may edit it (404 when the share is not there).
 */
export function hibahShareHooks(ctx: Ctx): Record<string, Hook> {
  const db = ctx.db;
  const { hooks } = draftShareHooks(ctx, {
    type: 'Hibah',
    change: (d, actor, id, change) => changeHibahDraft(d, actor, id, (a) => change(a) as HibahAmendmentDraftInput),
    check: checkNewShare,
    rows: shareRows,
    deleted: 'hibah.deleted',
  });
  hooks['GET /property-receiver/:id'] = async (req, reply) => {
    const user = requireUser(req);
    const parts = splitShareId(idOf(req));
    if (!parts) return;
    const open = await hibahDraftOfRow(db, user, ['moveables', 'immoveables'], parts.propertyId, [0]);
    if (!open || !mayEdit(user, open)) return;
    const section: Section = rowsOf(open, 'moveables').some((p) => p.id === parts.propertyId)
      ? 'moveables'
      : 'immoveables';
    const p = rowIn(open, section, parts.propertyId);
    const row = shareRows(open, p, section).find((x) => x.receiver_id === parts.receiverId);
    if (!row) throw notFound();
    return reply.send({ property_receiver: row });
  };
  return hooks;
}
