/**
 * Refusals of the 2021 client's amendment parts C–E on the flat paths (issue 20; ADR 0179): another client and a
 * partner of another organisation get 404 on the calls that would reach the amendment's draft (before any body
 * rule); a will without an open amendment is still 422 (`wills.not_editable`); the draft's rules answer 422 on the
 * share's fields; the 2021 caretaker body without `wards` is 422 on `wards`.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amendments } from '../../src/db/schema/index.ts';
import { newClient, newMykad, PNG_A } from '../../src/modules/wills/test-fixtures.ts';
import { makeTestApp, type TestApp } from '../harness.ts';
import { receiverBody, testatorOfRegisteredWill } from './amendment-steps.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('will amendment parts C–E on the flat paths: who may not, and when not', () => {
  it('refuses another client and another organisation’s partner (404), and a will without an open amendment (422)', async () => {
    const staff = await t.login('staff');
    const { id, me } = await testatorOfRegisteredWill(t, staff);
    const plain = await testatorOfRegisteredWill(t, staff);
    const call = (token: string, method: string, path: string, body: Record<string, unknown> = {}) =>
      t.call('POST', `/api/${path}`, { token, body: method === 'POST' ? body : { ...body, _method: method } });

    // a will without an open amendment: the flat calls are refused as before
    const none = await call(plain.me, 'POST', 'receiver', receiverBody(plain.id, 'Tiada Pindaan', newMykad()));
    expect(none.status, JSON.stringify(none.body)).toBe(422);
    expect(Object.keys(none.body.errors)).toEqual(['_']);

    const applied = await call(me, 'POST', 'amendment', { amendmentable_type: 'Wasiat', amendmentable_id: id });
    expect(applied.status).toBe(201);
    const r = await call(me, 'POST', 'receiver', receiverBody(id, 'Penerima Pindaan', newMykad()));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const rid = r.body.receiver.id as string;
    const p = await call(me, 'POST', 'moveable-property', {
      moveable_type: 'Wasiat',
      moveable_id: id,
      property_type: 'Saham',
      institution_name: 'ASNB',
      account_number: '000111222',
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    const pid = p.body.moveable_property.id as string;

    // the draft's rules: a share must name a receiver of the draft, and stay within the whole
    const unknown = await call(me, 'POST', 'property-receiver', {
      receiver_id: 'bukan-penerima',
      portion: '1/2',
      propertyable_type: 'MoveableProperty',
      propertyable_id: pid,
    });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['receiver_id']);
    const over = await call(me, 'POST', 'property-receiver', {
      receiver_id: rid,
      portion: '120%',
      propertyable_type: 'MoveableProperty',
      propertyable_id: pid,
    });
    expect(over.status).toBe(422);

    // the 2021 caretaker body alone has no `wards` (ours names the children in their care; ADR 0179, 2)
    const noWards = await call(me, 'POST', 'caretaker', {
      name: 'Penjaga Tanpa Jagaan',
      ic_number: newMykad(),
      relationship: 'Saudara',
      mobile_number: '0123456780',
      address_1: 'No. 8, Jalan Cempaka',
      postcode: '43000',
      city: 'Kajang',
      state: 'Selangor',
      caretakerable_type: 'Wasiat',
      caretakerable_id: id,
    });
    expect(noWards.status).toBe(422);
    expect(Object.keys(noWards.body.errors)).toEqual(['wards']);

    const other = await newClient(t);
    const partner = await t.login('partner');
    for (const token of [other.token, partner]) {
      const refused = [
        await call(token, 'POST', 'receiver', receiverBody(id, 'Orang Luar', newMykad())),
        await call(token, 'PATCH', `receiver/${rid}`, { name: 'Orang Luar' }),
        await call(token, 'DELETE', `receiver/${rid}`),
        await t.call('POST', `/api/receiver/${rid}/document`, {
          token,
          body: { is_base64: true, type: 'mykad-front', document: PNG_A },
        }),
        await call(token, 'POST', 'moveable-property', {
          moveable_type: 'Wasiat',
          moveable_id: id,
          property_type: 'Saham',
          institution_name: 'ASNB',
          account_number: '1',
        }),
        await call(token, 'DELETE', `moveable-property/${pid}`),
        await call(token, 'POST', 'property-receiver', {
          receiver_id: rid,
          portion: '1/2',
          propertyable_type: 'MoveableProperty',
          propertyable_id: pid,
        }),
        await call(token, 'POST', 'caretaker', {
          name: 'Orang Luar',
          caretakerable_type: 'Wasiat',
          caretakerable_id: id,
        }),
        await t.call('GET', `/api/receiver/${rid}/document`, { token }),
      ];
      expect(refused.map((x) => x.status)).toEqual(refused.map(() => 404));
    }
    // nothing of theirs reached the draft
    const [a] = await t.ctx.db.select().from(amendments).where(eq(amendments.id, applied.body.amendment.id));
    expect((a.draft as any).receivers.map((x: any) => x.name)).toEqual(['Penerima Pindaan']);
  }, 120_000);
});
