/**
 * The draft rows behind the 2021 client's flat calls of amendment parts C–E (ADR 0179; original-parts.ts,
 * original-shares.ts): which open amendment a will or a row id leads to (scoped by policy.ts, 404 outside it),
 * a draft section's rows, and the shares of a draft property as that client reads them (`<property id>.<receiver
 * id>` ids, see original-parts.ts). What a hibah's counterpart (original-hibah-rows.ts) shares with it is written
 * once in original-draft-common.ts; this module binds it to a will's amendments (`amendmentable_type: "Wasiat"`).
 */
import { OPEN_AMENDMENT_STATUSES, W, WILL_STATUS } from '@wasiat/domain';
import type { Db } from '../../../db/client.ts';
import type { Amendment, WillContent } from '../../../modules/amendments/index.ts';
import type { AuthUser } from '../../../modules/auth/index.ts';
import { findVisibleWill } from '../../../modules/wills/index.ts';
import {
  amendmentHoldingRow,
  type Body,
  draftShareRows,
  editedAmendmentHoldingRow,
  newestAmendmentOf,
  newShareCheck,
  type Section,
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
 * The newest amendment of will `willId` in one of `statuses` (default: open, 0) that `user` sees, or null.
 * @see ADR 0163 (part B uses the open one, status 0).
 */
export async function amendmentOfWill(db: Db, user: AuthUser, willId: string, statuses: readonly number[] = [0]) {
  return newestAmendmentOf(db, user, 'Wasiat', willId, statuses);
}

/** The open amendment (status 0) of a visible, registered will (404 if not visible), or null. */
export async function draftOfWill(db: Db, user: AuthUser, willId: string, statuses: readonly number[] = [0]) {
  const w = await findVisibleWill(db, user, willId);
  if (w.status !== WILL_STATUS.registered) return null;
  return amendmentOfWill(db, user, w.id, statuses);
}

/**
 * The will amendment `user` sees (null: anyone), in one of `statuses` (default: the open ones, 0 1 3 4), whose
 * draft `sections` hold a row `rowId`, or null. (`sections` are the four fixed names, never input.)
 */
export async function draftOfRow(
  db: Db,
  user: AuthUser | null,
  sections: Section[],
  rowId: string,
  statuses = OPEN_AMENDMENT_STATUSES,
) {
  return amendmentHoldingRow(db, 'Wasiat', user, sections, rowId, statuses);
}

/**
 * As {@link draftOfRow} for a change: a row of a draft the caller does not see is 404 here, before its body is
 * checked (ADR 0101, 0107), rather than a 422 of the wills route's body rule; null when no draft holds the row.
 */
export async function editedDraftOfRow(db: Db, user: AuthUser, sections: Section[], rowId: string) {
  return editedAmendmentHoldingRow(db, 'Wasiat', user, sections, rowId);
}

/** A will amendment's draft. */
export const draftOf = (a: Amendment) => a.draft as WillContent;

/**
 * A property's shares as the 2021 client reads them: `{ id, portion, receiver_id, propertyable_type: type,
 * propertyable_id, receiver { id, name, ic_number, relationship } | null }` (original-draft-common.ts
 * `draftShareRows`; no `property_id` in the will's contract, ADR 0179).
 */
export function shareRows(a: Amendment, property: Body, type: string) {
  return draftShareRows(a, property, type, false);
}

/**
 * The check of a share of `receiverId` at `portion` added to draft property `property` of section `s` (`except`:
 * the receiver whose share it replaces), as the will's own shares: 422 `wills.receiver_invalid` on `receiver_id`
 * when not a receiver of the draft, then the common rules (original-draft-common.ts `newShareCheck`).
 */
export const checkNewShare = newShareCheck(W.receiverInvalid);
