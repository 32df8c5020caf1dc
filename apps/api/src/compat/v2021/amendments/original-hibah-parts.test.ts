/**
 * The 2021 client's parts E–G of a hibah amendment on the flat paths (original-hibah-parts.ts; ADR 0180 "Parts
 * E–G"): the rules beside the contract suite's flow — a hibah not yet registered is untouched, only the grantor
 * edits the draft, the draft's share and removal rules, the audit, and what our own client reads.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../../test/harness.ts';
import { amendments, audit_events, hibah_receivers } from '../../../db/schema/index.ts';
import { registeredHibah } from '../../../modules/amendments/hibah-test-fixtures.ts';
import { newClient, newMykad, ok } from '../../../modules/wills/test-fixtures.ts';

let t: TestApp;
let staff: string;
let h: Awaited<ReturnType<typeof registeredHibah>>;
let aid: string;
beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
  h = await registeredHibah(t, staff);
  aid = (
    await ok(
      t.call('POST', '/api/amendment', {
        token: h.c.token,
        body: { amendmentable_type: 'Hibah', amendmentable_id: h.id },
      }),
      201,
    )
  ).amendment.id;
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const draft = async () => (await t.ctx.db.select().from(amendments).where(eq(amendments.id, aid)))[0].draft as any;
const receiver = (over: Record<string, unknown> = {}) => ({
  name: 'Nur Iman binti Ahmad',
  relationship: 'Anak',
  ic_number: newMykad(false),
  email: 'nur.iman@example.com',
  mobile_number: '0131234567',
  address: 'No. 3, Jalan Kenanga',
  postcode: '43000',
  city: 'Kajang',
  state: 'Selangor',
  ...over,
});

describe('hibah amendment parts E–G on the flat paths', () => {
  it('leaves a hibah not yet registered to the hibah module: its own row, no draft', async () => {
    const c = await newClient(t);
    const fresh = (
      await ok(t.call('POST', '/api/hibah', { token: c.token, body: { user_id: c.id, hibah_type: 9 } }), 201)
    ).hibah;
    const r = await ok(
      t.call('POST', '/api/receiver', {
        token: c.token,
        body: { ...receiver(), receivable_type: 'Hibah', receivable_id: fresh.id },
      }),
      201,
    );
    const [row] = await t.ctx.db.select().from(hibah_receivers).where(eq(hibah_receivers.id, r.receiver.id));
    expect(row.hibah_id).toBe(fresh.id);
  });

  it('adds a receiver to the draft only, audited as a draft change; our own client still reads the hibah', async () => {
    const r = await ok(
      t.call('POST', '/api/receiver', {
        token: h.c.token,
        body: { ...receiver(), receivable_type: 'Hibah', receivable_id: h.id },
      }),
      201,
    );
    expect(r.receiver).toMatchObject({ receivable_type: 'Hibah', receivable_id: h.id, is_minor: false });
    expect((await draft()).receivers.map((x: any) => x.id)).toContain(r.receiver.id);
    expect(await t.ctx.db.select().from(hibah_receivers).where(eq(hibah_receivers.id, r.receiver.id))).toHaveLength(0);
    const events = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.action, 'amendment.draft'), eq(audit_events.entity_id, aid)));
    expect(events.some((e) => JSON.stringify(e.before).includes('receivers'))).toBe(true);
    const list = await ok(t.call('GET', `/api/hibah/${h.id}/receiver`, { token: h.c.token }));
    expect(list.receivers.data.map((x: any) => x.id)).not.toContain(r.receiver.id);
  });

  it('lets only the grantor change the draft (403 amendments.grantor_only), the draft unchanged', async () => {
    const before = JSON.stringify(await draft());
    const r = await t.call('POST', `/api/receiver/${h.adult.id}`, {
      token: staff,
      body: { _method: 'PATCH', mobile_number: '0130000009' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(403);
    expect(JSON.stringify(r.body)).toMatch(/grantor|penghibah|pemberi/i);
    expect(JSON.stringify(await draft())).toBe(before);
  });

  it('checks shares as the hibah does: a receiver of the draft, within the whole (422 per field)', async () => {
    const stranger = await t.call('POST', '/api/property-receiver', {
      token: h.c.token,
      body: { receiver_id: 'not-a-receiver', portion: '1/4', propertyable_id: h.land.id },
    });
    expect(stranger.status).toBe(422);
    expect(Object.keys(stranger.body.errors)).toEqual(['receiver_id']);
    const over = await t.call('POST', `/api/property-receiver/${h.land.id}.${h.adult.id}`, {
      token: h.c.token,
      body: { _method: 'PATCH', portion: '3/4' },
    });
    expect(over.status).toBe(422);
    expect(Object.keys(over.body.errors)).toEqual(['portion']);
  });

  it('removing the minor from the draft takes their shares and unlinks their caretaker', async () => {
    await ok(t.call('POST', `/api/receiver/${h.minor.id}`, { token: h.c.token, body: { _method: 'DELETE' } }));
    const d = await draft();
    expect(d.receivers.map((x: any) => x.id)).not.toContain(h.minor.id);
    const land = d.immoveables.find((p: any) => p.id === h.land.id);
    expect(land.shares.map((s: any) => s.receiver_id)).not.toContain(h.minor.id);
    expect(d.caretakers.find((c: any) => c.id === h.caretaker.id).receiver_id).toBeNull();
    // the hibah's own rows are as registered
    const [row] = await t.ctx.db.select().from(hibah_receivers).where(eq(hibah_receivers.id, h.minor.id));
    expect(row).toBeDefined();
    // and a share id of the removed receiver is no longer found
    const gone = await t.call('POST', `/api/property-receiver/${h.land.id}.${h.minor.id}`, {
      token: h.c.token,
      body: { _method: 'DELETE' },
    });
    expect(gone.status).toBe(404);
  });
});
