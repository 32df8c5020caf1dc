/**
 * Writing a status change's notices inside the change's own transaction (issue 34 item 2), so a change that rolls
 * back tells nobody and a committed change is never left untold (the `notices.deliver` job retries).
 */
import type { Db } from '../../db/client.ts';
import { status_notices } from '../../db/schema/index.ts';
import type { NoticeRecordType } from './kinds.ts';

export interface StatusChange {
  recordType: NoticeRecordType;
  recordId: string;
  /** The status the record entered. */
  status: number;
  /** The number or reference the person knows the record by; null or empty while it has none. */
  reference: string | null;
  /** The reason given with the change (a cancellation's, a decline's), if any. */
  reason?: string | null;
  /** The people concerned: the owner, and the agent who registered it for them (nulls and repeats dropped). */
  people: Array<string | null | undefined>;
  changedAt: Date;
}

/**
 * Inserts one notice per person for `change` (a repeat of the same change for the same person is ignored: the
 * unique index makes it once). @returns the ids of the rows written, to deliver after commit
 * ({@link deliverNotices} in deliver.ts).
 */
export async function recordStatusChange(tx: Pick<Db, 'insert'>, change: StatusChange): Promise<string[]> {
  const people = [...new Set(change.people.filter((p): p is string => !!p))];
  if (!people.length) return [];
  const rows = await tx
    .insert(status_notices)
    .values(
      people.map((user_id) => ({
        record_type: change.recordType,
        record_id: change.recordId,
        user_id,
        status: change.status,
        reference: change.reference ?? '',
        reason: change.reason?.trim() || null,
        changed_at: change.changedAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: status_notices.id });
  return rows.map((r) => r.id);
}
