/**
 * Storage reconciliation (issue 35 item 6; ADR 0220): the file store against the rows that point into it
 * (`attachments.storage_key`, `issued_documents.storage_key`). A stored object no row points to is an orphan —
 * an upload whose transaction failed after its file was stored and whose clean-up did not run (a crash), or a
 * file replaced or erased before replaced files were deleted — and is deleted once it is older than the grace
 * period (a file stored for a transaction still running is young). A row whose file is gone is counted, never
 * changed. Runs daily as the job `files.reconcile`; the counts are the job's result (dead letters and logs).
 */

import type { Ctx } from '../../context.ts';
import { attachments, issued_documents } from '../../db/schema/index.ts';
import { registerJob } from '../jobs/scheduler.ts';

/** How old an unreferenced object must be before it is deleted: 24 hours. */
export const ORPHAN_GRACE_MS = 24 * 3600_000;

/** What one reconciliation saw and did. */
export interface Reconciliation {
  /** Objects in the store. */
  objects: number;
  /** Keys that rows point to. */
  referenced: number;
  /** Orphans older than the grace period: deleted (or, with `dryRun`, to delete). */
  orphans_deleted: number;
  /** Orphans younger than the grace period: left for a later run. */
  orphans_young: number;
  /** Rows whose object is not in the store. */
  missing: number;
}

/**
 * Compare the store with the rows at `now` and delete orphans older than `graceMs`.
 * Keys are read into memory: ~100 bytes a key, a few hundred MB at a million files; past that, page by prefix.
 */
export async function reconcileStorage(
  ctx: Pick<Ctx, 'db' | 'store'>,
  now: Date,
  opts: { graceMs?: number; dryRun?: boolean } = {},
): Promise<Reconciliation> {
  const grace = opts.graceMs ?? ORPHAN_GRACE_MS;
  const referenced = new Set<string>();
  for (const r of await ctx.db.select({ key: attachments.storage_key }).from(attachments)) referenced.add(r.key);
  for (const r of await ctx.db.select({ key: issued_documents.storage_key }).from(issued_documents)) {
    referenced.add(r.key);
  }
  const seen = new Set<string>();
  const result: Reconciliation = {
    objects: 0,
    referenced: referenced.size,
    orphans_deleted: 0,
    orphans_young: 0,
    missing: 0,
  };
  for await (const o of ctx.store.list()) {
    result.objects += 1;
    if (referenced.has(o.key)) {
      seen.add(o.key);
      continue;
    }
    if (now.getTime() - o.modifiedAt.getTime() < grace) {
      result.orphans_young += 1;
      continue;
    }
    if (!opts.dryRun) await ctx.store.delete(o.key);
    result.orphans_deleted += 1;
  }
  result.missing = referenced.size - seen.size;
  return result;
}

/** Register the daily job `files.reconcile` (called once by the composition root). */
export function registerStorageReconciliation() {
  registerJob({
    name: 'files.reconcile',
    everyMs: 24 * 3600_000,
    run: async (ctx, now) => ({ ...(await reconcileStorage(ctx, now)) }),
  });
}
