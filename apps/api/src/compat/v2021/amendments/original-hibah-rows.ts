/**
 * The draft rows behind the 2021 client's flat calls of a hibah amendment's parts E–G (issue 20; ADR 0180 "Parts
 * E–G"; original-hibah-parts.ts): which open amendment a hibah or a row id leads to (scoped by policy.ts, 404
 * outside it), the locked change of a draft ({@link changeHibahDraft}), a draft section's rows, and the shares of a
 * draft property as that client reads them (`<property id>.<receiver id>` ids). What it shares with a will's
 * counterpart (draft-rows.ts) is written once in original-draft-common.ts; this module binds it to a hibah's
 * amendments (`amendmentable_type: "Hibah"`).
 */
import { AM, H, HIBAH_STATUS, type HibahAmendmentDraftInput, OPEN_AMENDMENT_STATUSES } from '@wasiat/domain';
import type { Db } from '../../../db/client.ts';
import {
  type Amendment,
  assertCanEditDraft,
  findVisibleAmendment,
  saveDraft,
} from '../../../modules/amendments/index.ts';
import type { AuthUser } from '../../../modules/auth/index.ts';
import type { HibahContent } from '../../../modules/hibah/index.ts';
import { findVisibleHibah } from '../../../modules/hibah/index.ts';
import type { Actor } from '../../../modules/wills/index.ts';
import { fieldError } from '../../../platform/http/errors.ts';
import {
  amendmentHoldingRow,
  type Body,
  draftShareRows,
  editedAmendmentHoldingRow,
  newestAmendmentOf,
  newShareCheck,
  type Section,
  typeOf,
} from './original-draft-common.ts';

export {
  type Body,
  blank,
  carried,
  type Hook,
  idOf,
  isObject,
  mayEdit,
  publicPath,
  rowIn,
  rowsOf,
  type Section,
  shareId,
  splitShareId,
  typeOf,
} from './original-draft-common.ts';

/**
 * The newest amendment at one of `statuses` (default: open, 0) of the visible, REGISTERED hibah `hibahId` that
 * `user` sees, or null (a hibah not registered, or without one). @throws 404 when the hibah is not visible.
 */
export async function draftOfHibah(db: Db, user: AuthUser, hibahId: string, statuses: readonly number[] = [0]) {
  const h = await findVisibleHibah(db, user, hibahId);
  if (h.status !== HIBAH_STATUS.registered) return null;
  return newestAmendmentOf(db, user, 'Hibah', h.id, statuses);
}

/**
 * The hibah amendment in one of `statuses` (default: the open ones, 0 1 3 4) whose draft `sections` hold a row
 * `rowId`, seen by `user` (null: by anyone), or null. (`sections` are the four fixed names, never input.)
 */
export async function hibahDraftOfRow(
  db: Db,
  user: AuthUser | null,
  sections: Section[],
  rowId: string,
  statuses: readonly number[] = OPEN_AMENDMENT_STATUSES,
) {
  return amendmentHoldingRow(db, 'Hibah', user, sections, rowId, statuses);
}

/**
 * As {@link hibahDraftOfRow} for a change: a row of a draft the caller does not see is 404 here, before its body is
 * read (ADR 0101, 0107); null when no open draft holds the row (the hibah route answers).
 */
export async function editedHibahDraftOfRow(db: Db, user: AuthUser, sections: Section[], rowId: string) {
  return editedAmendmentHoldingRow(db, 'Hibah', user, sections, rowId);
}

/**
 * `PATCH amendment/{id}/draft` with sections computed from the LOCKED draft: `change` runs inside the transaction
 * after who-may-edit (403 `amendments.grantor_only`) and status 0 (422 `amendments.not_editable` on `_`), so a
 * change of one row never overwrites a concurrent save; the sections then go through {@link saveDraft} in the same
 * transaction (its checks — `nextHibahDraft` — and its `amendment.draft` audit). `change` may throw a 422/404.
 * @returns the amendment after the change.
 */
export async function changeHibahDraft(
  db: Db,
  actor: Actor,
  id: string,
  change: (a: Amendment) => HibahAmendmentDraftInput,
) {
  return db.transaction(async (tx) => {
    const a = await findVisibleAmendment(tx, actor.user, id, true);
    assertCanEditDraft(actor.user, a);
    if (a.status !== 0) throw fieldError('_', AM.notEditable);
    return saveDraft(tx as unknown as Db, actor, id, change(a) as never);
  });
}

/** A hibah amendment's draft. */
export const draftOf = (a: Amendment) => a.draft as HibahContent;

/**
 * A property of section `s` with its shares as the 2021 client reads them: `{ id, portion, receiver_id,
 * property_id, propertyable_type, propertyable_id, receiver { id, name, ic_number, relationship } | null }`
 * (original-draft-common.ts `draftShareRows`; the hibah's contract answers `property_id` too, ADR 0180).
 */
export function shareRows(a: Amendment, property: Body, s: Section) {
  return draftShareRows(a, property, typeOf(s), true);
}

/**
 * A share of `receiverId` at `portion` added to draft property `property` of section `s` (`except`: the receiver
 * whose share it replaces), checked as the hibah's own shares (hibah/property.ts, spec §5): the receiver is one of
 * the draft's (422 `hibah.receiver_invalid` on `receiver_id`), once per property (`wills.receiver_duplicate`), a
 * vehicle has one receiver (`amendments.vehicle_one_receiver`), the portions within the whole (`portion`).
 */
export const checkNewShare = newShareCheck(H.receiverInvalid);
