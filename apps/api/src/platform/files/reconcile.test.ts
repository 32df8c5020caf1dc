/**
 * Storage reconciliation (issue 35 item 6; ADR 0220): replaced uploads are deleted after the commit that replaced
 * them, failed ones are not left behind, and the daily job removes old orphans, keeps young ones and counts rows
 * whose file is gone. Prints the counts.
 */
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { attachments } from '../../db/schema/index.ts';
import {
  JPEG_A,
  newClient,
  ok,
  orgAndBranch,
  PNG_A,
  PNG_B,
  pay,
  userDetail,
} from '../../modules/wills/test-fixtures.ts';
import { runJob } from '../jobs/scheduler.ts';
import { ORPHAN_GRACE_MS, reconcileStorage } from './reconcile.ts';
import type { LocalFileStore } from './storage.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const keys = async () => {
  const out: string[] = [];
  for await (const o of t.ctx.store.list()) out.push(o.key);
  return out.sort();
};

describe('storage against rows', () => {
  it('a replaced MyKad image is deleted from the store; a refused upload leaves nothing; the job removes old orphans', async () => {
    const c = await newClient(t);
    const w = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
    await ok(
      t.call('PATCH', `/api/wasiat/${w.id}`, {
        token: c.token,
        body: { ...(await orgAndBranch(t)), wasiat_type: 1, plan: 'basic' },
      }),
    );
    await pay(t, w.id, 'paid');
    await ok(t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token: c.token, body: userDetail(c.ic) }));
    const before = await keys();
    const upload = (type: string, document: string) =>
      t.call('POST', `/api/wasiat/${w.id}/document`, { token: c.token, body: { is_base64: true, type, document } });

    await ok(upload('mykad-back', JPEG_A), 201);
    const first = (await t.ctx.db.select().from(attachments).where(eq(attachments.attachable_id, w.id)))[0];
    await ok(upload('mykad-back', PNG_B), 201);
    const rows = await t.ctx.db.select().from(attachments).where(eq(attachments.attachable_id, w.id));
    expect(rows).toHaveLength(1);
    const now = await keys();
    expect(now).not.toContain(first.storage_key);
    expect(now).toContain(rows[0].storage_key);
    expect(now.filter((k) => !before.includes(k))).toEqual([rows[0].storage_key]);

    // Refused inside the transaction (the front may not be the back's bytes): the staged file is deleted.
    const same = await upload('mykad-front', PNG_B);
    expect(same.status).toBe(422);
    expect(await keys()).toEqual(now);
    // Refused for a will that is not the caller's (404): nothing stays either.
    const other = await newClient(t);
    const stranger = await t.call('POST', `/api/wasiat/${w.id}/document`, {
      token: other.token,
      body: { is_base64: true, type: 'mykad-front', document: PNG_A },
    });
    expect(stranger.status).toBe(404);
    expect(await keys()).toEqual(now);

    // Orphans: one old (left by a crash long ago), one young (a transaction still running); and a row whose file went.
    const store = t.ctx.store as LocalFileStore;
    await store.put('wasiat/old-orphan/aaaa.png', Buffer.from('x'));
    const old = new Date(Date.now() - ORPHAN_GRACE_MS - 3600_000);
    await utimes(join(store.root, 'wasiat/old-orphan/aaaa.png'), old, old);
    await store.put('wasiat/young-orphan/bbbb.png', Buffer.from('y'));
    const objects = (await keys()).length;
    const referencedBefore = (await t.ctx.db.select({ k: attachments.storage_key }).from(attachments)).length;

    const dry = await reconcileStorage(t.ctx, new Date(), { dryRun: true });
    expect(dry.orphans_deleted).toBe(1);
    expect(await keys()).toContain('wasiat/old-orphan/aaaa.png');

    await store.delete(rows[0].storage_key);
    const result = await runJob(t.ctx, 'files.reconcile', new Date());
    console.log(`storage reconciliation: ${JSON.stringify(result)}`);
    expect(result).toMatchObject({ objects: objects - 1, orphans_deleted: 1, orphans_young: 1, missing: 1 });
    expect(result.referenced).toBeGreaterThanOrEqual(referencedBefore);
    const after = await keys();
    expect(after).not.toContain('wasiat/old-orphan/aaaa.png');
    expect(after).toContain('wasiat/young-orphan/bbbb.png');
  });
});
