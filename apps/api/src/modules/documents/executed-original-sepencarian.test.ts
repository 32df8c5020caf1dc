/**
 * The spouse's acknowledgement of a harta sepencarian declaration (issue 41 item 5; ADR 0290): the will PDF prints
 * the declaration with a box for each spouse's signature (ADR 0286); when staff verify the executed original of a
 * will that declares harta sepencarian they record whether the scan carries it signed — required then (422 naming
 * the field, ms and en), stored, answered and audited; not asked of a will that declares none. Runs on PGlite and,
 * with DATABASE_URL, on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, heirs, issued_documents, moveable_properties } from '../../db/schema/index.ts';
import { PNG_A } from '../wills/test-fixtures.ts';
import { insertWill } from './fixtures.ts';

let t: TestApp;
let client: string;
let staff: string;

const scanBody = {
  scan: PNG_A,
  scan_filename: 'wasiat-ditandatangani.png',
  custody: 'provider',
  custody_place: 'Peti besi pejabat Kuala Lumpur, kotak 12',
};

/** A registered will (declared or not), its will PDF issued, a scan uploaded by the client: [scan id, sealed hash]. */
async function pendingScan(no: string, declare: boolean) {
  const { willId } = await insertWill(t.ctx, { wasiatNo: no });
  if (declare) {
    const [husband] = await t.ctx.db.select().from(heirs).where(eq(heirs.heirable_id, willId));
    await t.ctx.db
      .update(moveable_properties)
      .set({
        sepencarian_spouse_heir_id: husband.id,
        sepencarian_spouse_name: husband.name,
        sepencarian_bp: 4000,
        sepencarian_basis: 'agreed',
        sepencarian_basis_note: 'Simpanan bersama sejak 2015',
      })
      .where(eq(moveable_properties.moveable_id, willId));
  }
  expect((await t.call('GET', `/api/wasiat/${willId}/certificate/final`, { token: client })).status).toBe(200);
  const [doc] = await t.ctx.db
    .select()
    .from(issued_documents)
    .where(and(eq(issued_documents.subject_id, willId), eq(issued_documents.kind, 'will')));
  const up = await t.call('POST', `/api/wasiat/${willId}/executed-original`, { token: client, body: scanBody });
  expect(up.status).toBe(201);
  return { willId, scanId: up.body.executed_original.scans[0].id as string, sha: doc.content_sha256 };
}

beforeAll(async () => {
  t = await makeTestApp();
  client = await t.login('client');
  staff = await t.login('staff');
});
afterAll(() => t?.close());

describe("the spouse's acknowledgement on the executed original", () => {
  it('is asked when the will declares harta sepencarian, then recorded, answered and audited', async () => {
    const { willId, scanId, sha } = await pendingScan('W2026-900290', true);
    const view = await t.call('GET', `/api/wasiat/${willId}/executed-original`, { token: staff });
    expect(view.body.executed_original).toMatchObject({ sepencarian_declared: true, sepencarian_acknowledged: null });
    const url = `/api/executed-original/${scanId}/verify`;
    const en = await t.call('POST', url, { token: staff, body: { printed_sha256: sha } });
    expect(en.status).toBe(422);
    expect(en.body.errors).toEqual({
      sepencarian_acknowledged: [
        "This will declares harta sepencarian: say whether the spouse's acknowledgement on the declaration page of the scan is signed.",
      ],
    });
    const ms = await t.call('POST', url, { token: staff, lang: 'ms', body: { printed_sha256: sha } });
    expect(ms.body.errors.sepencarian_acknowledged[0]).toContain('pengakuan pasangan pada halaman akuan');
    const notBool = await t.call('POST', url, {
      token: staff,
      body: { printed_sha256: sha, sepencarian_acknowledged: 'ya' },
    });
    expect(notBool.status).toBe(422);
    expect(Object.keys(notBool.body.errors)).toEqual(['sepencarian_acknowledged']);
    const r = await t.call('POST', url, {
      token: staff,
      body: { printed_sha256: sha, sepencarian_acknowledged: true },
    });
    expect(r.status).toBe(200);
    expect(r.body.executed_original).toMatchObject({
      held: true,
      sepencarian_declared: true,
      sepencarian_acknowledged: true,
    });
    expect(r.body.executed_original.scans[0]).toMatchObject({ status: 'verified', sepencarian_acknowledged: true });
    const [event] = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, willId), eq(audit_events.action, 'will.executed_original_verify')));
    expect(event.after).toMatchObject({ sepencarian_acknowledged: true });
  });

  it('records a declaration whose spouse has not signed as such', async () => {
    const { scanId, sha } = await pendingScan('W2026-900291', true);
    const r = await t.call('POST', `/api/executed-original/${scanId}/verify`, {
      token: staff,
      body: { printed_sha256: sha, sepencarian_acknowledged: false },
    });
    expect(r.status).toBe(200);
    expect(r.body.executed_original).toMatchObject({ held: true, sepencarian_acknowledged: false });
  });

  it('is not asked (nor stored) when the will declares no harta sepencarian', async () => {
    const { willId, scanId, sha } = await pendingScan('W2026-900292', false);
    const r = await t.call('POST', `/api/executed-original/${scanId}/verify`, {
      token: staff,
      body: { printed_sha256: sha, sepencarian_acknowledged: true },
    });
    expect(r.status).toBe(200);
    expect(r.body.executed_original).toMatchObject({
      held: true,
      sepencarian_declared: false,
      sepencarian_acknowledged: null,
    });
    const view = await t.call('GET', `/api/wasiat/${willId}/executed-original`, { token: client });
    expect(view.body.executed_original.scans[0].sepencarian_acknowledged).toBeNull();
  });
});
