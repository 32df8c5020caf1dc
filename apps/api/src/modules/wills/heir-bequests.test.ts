/**
 * Bequests to heirs through property shares (issue 17 item 5; ADR 0155) and the heirs' mobile rule by age
 * (item 6; ADR 0157), over HTTP against a real database.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, heir_bequest_acknowledgements } from '../../db/schema/index.ts';
import { willWithHeirBequests } from './heir-bequest-fixtures.ts';
import { documentVersion } from './signature-facts.ts';
import { heir, newClient, ok } from './test-fixtures.ts';

let t: TestApp;
// The shared machine can be slow to build the test database: a generous hook timeout.
beforeAll(async () => {
  t = await makeTestApp();
}, 180_000);
afterAll(() => t?.close());

const submit = (id: string, token: string, lang = 'ms') =>
  t.call('POST', `/api/wasiat/${id}`, {
    token,
    body: { _method: 'PATCH', status: 1 },
    headers: { 'X-localization': lang },
  });

describe('bequests to heirs: worked out by the server, acknowledged, required on submit', () => {
  it("lists the wife's 50% and 60% and the daughter's 40% with their faraid shares and excess", async () => {
    const c = await newClient(t);
    const w = await willWithHeirBequests(t, c);
    const r = await ok(t.call('GET', `/api/wasiat/${w.id}/heir-bequests`, { token: c.token }));
    expect(r.acknowledged).toBe(false);
    expect(r.acknowledgement).toBeNull();
    expect(
      r.heir_bequests.map((b: Record<string, string>) => [b.heir_id, b.property_id, b.share, b.faraid, b.excess]),
    ).toEqual([
      [w.heirs.wife, w.properties.bank, '1/2', '1/8', '3/8'],
      [w.heirs.wife, w.properties.tabungHaji, '3/5', '1/8', '19/40'],
      [w.heirs.daughter, w.properties.tabungHaji, '2/5', '7/24', '13/120'],
    ]);

    // Submitting without the acknowledgement: 422 naming the field, in the request's language.
    const ms = await submit(w.id, c.token, 'ms');
    expect(ms.status).toBe(422);
    expect(Object.keys(ms.body.errors)).toEqual(['heir_bequests']);
    expect(ms.body.errors.heir_bequests[0]).toMatch(/^Wasiat ini memberi waris lebih daripada bahagian faraid/);
    const en = await submit(w.id, c.token, 'en');
    expect(en.body.errors.heir_bequests[0]).toMatch(/^This will gives an heir more than their faraid share/);

    // The acknowledgement is not optional: 0 is refused.
    const zero = await t.call('POST', `/api/wasiat/${w.id}/heir-bequests/acknowledge`, {
      token: c.token,
      body: { acknowledged: 0 },
      headers: { 'X-localization': 'en' },
    });
    expect(zero.status).toBe(422);
    expect(zero.body.errors.acknowledged).toBeTruthy();

    const version = await documentVersion(t.ctx.db, w.id);
    const acked = await ok(
      t.call('POST', `/api/wasiat/${w.id}/heir-bequests/acknowledge`, { token: c.token, body: { acknowledged: 1 } }),
    );
    expect(acked.acknowledged).toBe(true);
    expect(acked.acknowledgement).toMatchObject({ acknowledged_by: c.id, document_sha256: version });
    // Who, when, which bequests and version are the record's.
    const [row] = await t.ctx.db
      .select()
      .from(heir_bequest_acknowledgements)
      .where(eq(heir_bequest_acknowledgements.subject_id, w.id));
    expect(row).toMatchObject({ subject_type: 'Wasiat', acknowledged_by: c.id, document_sha256: version });
    expect((row.bequests as { excess: string }[]).map((b) => b.excess)).toEqual(['3/8', '19/40', '13/120']);
    const audits = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, w.id), eq(audit_events.action, 'heir_bequests.acknowledge')));
    expect(audits).toHaveLength(1);

    const sent = await ok(submit(w.id, c.token));
    expect(sent.wasiat.status).toBe(1);
  }, 120_000);

  it('a changed share needs a new acknowledgement; without heirs over their share there is nothing to acknowledge', async () => {
    const c = await newClient(t);
    const w = await willWithHeirBequests(t, c);
    await ok(
      t.call('POST', `/api/wasiat/${w.id}/heir-bequests/acknowledge`, { token: c.token, body: { acknowledged: 1 } }),
    );
    const shares = (await ok(t.call('GET', `/api/moveable-property/${w.properties.bank}/receiver`, { token: c.token })))
      .receivers;
    const list = Array.isArray(shares) ? shares : shares.data;
    const wifeShare = list.find((s: { receiver_id: string }) => s.receiver_id === w.receivers.wife);
    await ok(
      t.call('POST', `/api/property-receiver/${wifeShare.id}`, {
        token: c.token,
        body: { _method: 'PATCH', portion: '40%' },
      }),
    );
    const after = await ok(t.call('GET', `/api/wasiat/${w.id}/heir-bequests`, { token: c.token }));
    expect(after.acknowledged).toBe(false);
    expect(after.heir_bequests[0]).toMatchObject({ share: '2/5', excess: '11/40' });
    const refused = await submit(w.id, c.token, 'en');
    expect(refused.status).toBe(422);
    // (The signatures are of the earlier shares too: ADR 0127.)
    expect(refused.body.errors.heir_bequests).toEqual([
      'This will gives an heir more than their faraid share. Please acknowledge these bequests to heirs before submitting.',
    ]);

    // Every share within faraid: nothing to acknowledge (422 on `acknowledged`).
    for (const s of list) {
      const portion = s.receiver_id === w.receivers.wife ? '1/8' : '7/12';
      await ok(t.call('PATCH', `/api/property-receiver/${s.id}`, { token: c.token, body: { portion } }));
    }
    const th = (
      await ok(t.call('GET', `/api/moveable-property/${w.properties.tabungHaji}/receiver`, { token: c.token }))
    ).receivers;
    for (const s of Array.isArray(th) ? th : th.data) {
      const portion = s.receiver_id === w.receivers.wife ? '12.5%' : '7/24';
      await ok(t.call('PATCH', `/api/property-receiver/${s.id}`, { token: c.token, body: { portion } }));
    }
    const none = await ok(t.call('GET', `/api/wasiat/${w.id}/heir-bequests`, { token: c.token }));
    expect(none).toMatchObject({ heir_bequests: [], acknowledged: true });
    const nothing = await t.call('POST', `/api/wasiat/${w.id}/heir-bequests/acknowledge`, {
      token: c.token,
      body: { acknowledged: 1 },
      headers: { 'X-localization': 'en' },
    });
    expect(nothing.status).toBe(422);
    expect(nothing.body.errors.acknowledged).toEqual(['There are no bequests to heirs to acknowledge.']);
  }, 120_000);

  it("another client's will is a 404 for the list and the acknowledgement", async () => {
    const owner = await newClient(t);
    const w = await willWithHeirBequests(t, owner);
    const stranger = await newClient(t);
    expect((await t.call('GET', `/api/wasiat/${w.id}/heir-bequests`, { token: stranger.token })).status).toBe(404);
    const ack = await t.call('POST', `/api/wasiat/${w.id}/heir-bequests/acknowledge`, {
      token: stranger.token,
      body: { acknowledged: 1 },
    });
    expect(ack.status).toBe(404);
  }, 120_000);
});

describe("an heir's mobile number by age from the MyKad (issue 17 item 6)", () => {
  it('optional for a minor, required for an adult or an heir without a MyKad', async () => {
    const c = await newClient(t);
    const w = await willWithHeirBequests(t, c);
    // The fixture already saved the two minor children without mobile numbers.
    const heirs = (await ok(t.call('GET', `/api/wasiat/${w.id}/heir`, { token: c.token }))).heirs.data;
    expect(heirs.filter((h: { mobile_number: string | null }) => !h.mobile_number)).toHaveLength(2);
    for (const over of [{ ic_number: '750101145551' }, {}]) {
      const r = await t.call('POST', '/api/heir', {
        token: c.token,
        body: heir(w.id, { name: 'Bapa Saudara', relationship: 'relative', mobile_number: '', ...over }),
        headers: { 'X-localization': 'en' },
      });
      expect(r.status).toBe(422);
      expect(Object.keys(r.body.errors)).toEqual(['mobile_number']);
    }
    // Changing a minor's MyKad to an adult's without giving a mobile number is refused too.
    const son = heirs.find((h: { id: string }) => h.id === w.heirs.son);
    const patched = await t.call('PATCH', `/api/heir/${son.id}`, {
      token: c.token,
      body: { ...son, ic_number: '800505145553', mobile_number: null, email: null, home_phone_number: null },
    });
    expect(patched.status).toBe(422);
    expect(Object.keys(patched.body.errors)).toEqual(['mobile_number']);
  }, 120_000);
});
