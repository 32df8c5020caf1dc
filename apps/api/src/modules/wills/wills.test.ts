import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, pricings, wills } from '../../db/schema/index.ts';
import { computeUnlocked } from './service.ts';
import { grantAccess, heir, newClient, ok, orgAndBranch, PNG_A, pay, readyWill, userDetail } from './test-fixtures.ts';
import { nextWasiatNo } from './transitions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('computeUnlocked', () => {
  it('unlocks each part once every earlier part is done, skipping e for a basic will', () => {
    expect(computeUnlocked({ plan: null, parts_done: [] })).toEqual(['a']);
    expect(computeUnlocked({ plan: 'basic', parts_done: ['a', 'b'] })).toEqual(['a', 'b', 'payment']);
    expect(computeUnlocked({ plan: 'basic', parts_done: ['a', 'b', 'payment', 'c', 'document'] })).toEqual([
      'a',
      'b',
      'payment',
      'c',
      'document',
      'ekyc',
    ]);
    expect(computeUnlocked({ plan: 'basic', parts_done: ['a', 'b', 'payment', 'c', 'document', 'ekyc', 'd'] })).toEqual(
      ['a', 'b', 'payment', 'c', 'document', 'ekyc', 'd', 'f'],
    );
    expect(
      computeUnlocked({ plan: 'comprehensive', parts_done: ['a', 'b', 'payment', 'c', 'document', 'ekyc', 'd'] }),
    ).toContain('e');
    expect(
      computeUnlocked({ plan: 'comprehensive', parts_done: ['a', 'b', 'payment', 'c', 'document', 'ekyc', 'd'] }),
    ).not.toContain('f');
  });
});

describe('POST /wasiat (part a) and resume', () => {
  it('creates a will for the client (201, status 0, parts_done [a]) and returns the open one again (200)', async () => {
    const c = await newClient(t);
    const r = await t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id, status: -1 } });
    expect(r.status).toBe(201);
    expect(r.body.wasiat).toMatchObject({ status: 0, parts_done: ['a'], unlocked: ['a', 'b'], user_id: c.id });
    expect(r.body.wasiat.id).toHaveLength(22);
    const again = await t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } });
    expect(again.status).toBe(200);
    expect(again.body.wasiat.id).toBe(r.body.wasiat.id);
    const list = await ok(t.call('GET', `/api/wasiat?user_id=${c.id}`, { token: c.token }));
    expect(list.wasiats.total).toBe(1);
    expect(list.wasiats.data[0]).toMatchObject({ id: r.body.wasiat.id, unlocked: ['a', 'b'] });
  });

  it('a client cannot start a will for someone else (404)', async () => {
    const a = await newClient(t);
    const b = await newClient(t);
    const r = await t.call('POST', '/api/wasiat', { token: a.token, body: { user_id: b.id } });
    expect(r.status).toBe(404);
  });

  it('an agent registers a will for a client: agent_id = agent, organisation from their access', async () => {
    const c = await newClient(t);
    const agent = await t.login('agent');
    await grantAccess(t, c);
    const r = await ok(t.call('POST', '/api/wasiat', { token: agent, body: { user_id: c.id } }), 201);
    const demo = await orgAndBranch(t, 'DEMO');
    expect(r.wasiat.organization_id).toBe(demo.organization_id);
    expect(r.wasiat.branch_id).toBe(demo.branch_id);
    expect(r.wasiat.agent_id).toBeTruthy();
    const staffToken = await t.login('staff');
    const notClient = await t.call('POST', '/api/wasiat', { token: agent, body: { user_id: r.wasiat.agent_id } });
    expect(notClient.status).toBe(422);
    expect(notClient.body.errors.user_id).toBeTruthy();
    expect((await t.call('POST', '/api/wasiat', { token: staffToken, body: {} })).status).toBe(422);
  });
});

describe('part b, part lock, not editable', () => {
  it('sets price from the organisation pricing, refuses locked parts, and keeps data on a failed step', async () => {
    const c = await newClient(t);
    const token = c.token;
    const w = (await ok(t.call('POST', '/api/wasiat', { token, body: { user_id: c.id } }), 201)).wasiat;
    // part c before b: locked
    const locked = await t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token, body: userDetail(c.ic) });
    expect(locked.status).toBe(422);
    expect(locked.body.errors._).toEqual(['Please complete the earlier parts first.']);

    const ob = await orgAndBranch(t);
    const b = await ok(
      t.call('POST', `/api/wasiat/${w.id}`, {
        token,
        body: { _method: 'PATCH', ...ob, wasiat_type: '1', plan: 'basic' },
      }),
    );
    expect(b.wasiat).toMatchObject({ plan: 'basic', price_sen: 30000, price: 300, amount_due_sen: 30000 });
    expect(b.wasiat.parts_done).toEqual(['a', 'b']);
    expect(b.wasiat.unlocked).toEqual(['a', 'b', 'payment']);

    const comp = await ok(
      t.call('PATCH', `/api/wasiat/${w.id}`, { token, body: { ...ob, wasiat_type: 1, plan: 'comprehensive' } }),
    );
    expect(comp.wasiat.price_sen).toBe(60000);

    // a bad branch is a 422 and the saved part b stays as it was
    const bad = await t.call('PATCH', `/api/wasiat/${w.id}`, {
      token,
      body: { ...ob, branch_id: 'nope', wasiat_type: 1, plan: 'basic' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.branch_id).toBeTruthy();
    const after = await ok(t.call('GET', `/api/wasiat/${w.id}`, { token }));
    expect(after.wasiat.plan).toBe('comprehensive');
    expect(after.wasiat.price_sen).toBe(60000);

    // once a payment exists the plan (and so the price) is fixed
    await pay(t, w.id, 'pending', 2);
    const fixed = await t.call('PATCH', `/api/wasiat/${w.id}`, {
      token,
      body: { ...ob, wasiat_type: 1, plan: 'basic' },
    });
    expect(fixed.status).toBe(422);
    expect(fixed.body.errors.plan).toEqual(['The plan and organisation cannot change after payment.']);
    const same = await ok(
      t.call('PATCH', `/api/wasiat/${w.id}`, { token, body: { ...ob, wasiat_type: 2, plan: 'comprehensive' } }),
    );
    expect(same.wasiat).toMatchObject({ wasiat_type: 2, price_sen: 60000, payment_status: 'pending' });
  });

  it('refuses an organisation the client may not pick, and a plan without pricing', async () => {
    const c = await newClient(t);
    const token = c.token;
    const w = (await ok(t.call('POST', '/api/wasiat', { token, body: { user_id: c.id } }), 201)).wasiat;
    const ob = await orgAndBranch(t);
    const r = await t.call('PATCH', `/api/wasiat/${w.id}`, {
      token,
      body: { ...ob, organization_id: 'missing', wasiat_type: 1, plan: 'basic' },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.organization_id).toBeTruthy();
    await t.ctx.db.update(pricings).set({ status: 0 }).where(eq(pricings.organization_id, ob.organization_id));
    const none = await t.call('PATCH', `/api/wasiat/${w.id}`, {
      token,
      body: { ...ob, wasiat_type: 1, plan: 'basic' },
    });
    await t.ctx.db.update(pricings).set({ status: 1 }).where(eq(pricings.organization_id, ob.organization_id));
    expect(none.status).toBe(422);
    expect(none.body.errors.plan).toEqual(['There is no price for this plan at the organisation.']);
  });

  it('validates part c with translated field errors, and checks the MyKad is the testator’s', async () => {
    const c = await newClient(t);
    const token = c.token;
    const w = (await ok(t.call('POST', '/api/wasiat', { token, body: { user_id: c.id } }), 201)).wasiat;
    await ok(
      t.call('PATCH', `/api/wasiat/${w.id}`, {
        token,
        body: { ...(await orgAndBranch(t)), wasiat_type: 1, plan: 'basic' },
      }),
    );
    await pay(t, w.id, 'paid');
    const bad = await t.call('POST', `/api/wasiat/${w.id}/user-detail`, {
      token,
      lang: 'ms',
      body: userDetail(c.ic, { correspondence_postcode: '123', gender: 2, email: 'x' }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.correspondence_postcode).toBeTruthy();
    expect(bad.body.errors.gender).toEqual(['Jantina tidak sepadan dengan nombor MyKad.']);
    const other = await t.call('POST', `/api/wasiat/${w.id}/user-detail`, {
      token,
      body: userDetail('900101145011'),
    });
    expect(other.status).toBe(422);
    expect(other.body.errors.ic_number).toEqual(["The MyKad number must be the testator's own."]);
    const good = await ok(t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token, body: userDetail(c.ic) }));
    expect(good.user_detail).toMatchObject({ ic_number: c.ic, mobile_number: '+60123456789', race: 1 });
    const read = await ok(t.call('GET', `/api/wasiat/${w.id}/user-detail`, { token }));
    expect(read.user_detail.name).toBe('Ahmad bin Abdullah');
    const full = await ok(
      t.call('GET', `/api/wasiat/${w.id}?load_with=userDetail,organization,branch,payment`, { token }),
    );
    expect(full.wasiat.user_detail.ic_number).toBe(c.ic);
    expect(full.wasiat.organization.code).toBe('PROVIDER');
    expect(full.wasiat.payment.status).toBe('paid');
    expect(full.wasiat.parts_done).toContain('c');
    expect(full.wasiat.unlocked.at(-1)).toBe('document');
  });

  it('a submitted will is not editable (422 wills.not_editable) and audit events are written', async () => {
    const c = await newClient(t);
    const id = await readyWill(t, c);
    await ok(t.call('POST', `/api/wasiat/${id}`, { token: c.token, body: { _method: 'PATCH', status: 1 } }));
    const r = await t.call('POST', '/api/heir', { token: c.token, body: heir(id) });
    expect(r.status).toBe(422);
    expect(r.body.errors._).toEqual(['This will can no longer be changed.']);
    const sig = await t.call('POST', `/api/wasiat/${id}/signature`, {
      token: c.token,
      body: { is_base64: true, document: PNG_A },
    });
    expect(sig.status).toBe(422);
    const events = await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, id));
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['will.create', 'will.part_b', 'will.submit']));
    const [row] = await t.ctx.db.select().from(wills).where(eq(wills.id, id));
    expect(row.status).toBe(1);
  });
});

describe('concurrency', () => {
  it('concurrent part-a requests give the client one will', async () => {
    const c = await newClient(t);
    const rs = await Promise.all(
      Array.from({ length: 5 }, () => t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } })),
    );
    expect(new Set(rs.map((r) => r.body.wasiat.id)).size).toBe(1);
    expect(rs.filter((r) => r.status === 201)).toHaveLength(1);
    // an agent (with a grant) cannot open a second will for a client whose own will they cannot see
    const agent = await t.login('agent');
    await grantAccess(t, c);
    const r = await t.call('POST', '/api/wasiat', { token: agent, body: { user_id: c.id } });
    expect(r.status).toBe(422);
    expect(r.body.errors.user_id).toEqual(['This client already has a will in progress.']);
  });

  it('registration numbers are unique and sequential under concurrent confirmation', async () => {
    const nos = await Promise.all(Array.from({ length: 20 }, () => nextWasiatNo(t.ctx.db, 2031)));
    expect(new Set(nos).size).toBe(20);
    expect([...nos].sort()[0]).toBe('W2031-000001');
    expect([...nos].sort()[19]).toBe('W2031-000020');
  });
});
