/**
 * Who may witness a hibah (issue 41 item 2; ADR 0259): the same rule as a will's (domain `witnessRefusal`, through
 * the instruments module), worded for a grantor — under 18 by the MyKad, an heir of the estate trust, a receiver,
 * the spouse of one (the spouse MyKad given, or a caretaker recorded as a spouse), the same person twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { newClient, newMykad, ok } from '../wills/test-fixtures.ts';
import { caretakerBody, minorMykad, receiverBody, witnessBody } from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('who may witness a hibah (ADR 0259)', () => {
  it('refuses a minor, an heir, a receiver, the spouse of one and a second entry; takes an adult stranger', async () => {
    const c = await newClient(t);
    const token = c.token;
    // An estate trust (type 14) has the grantor's heirs.
    const h = (await ok(t.call('POST', '/api/hibah', { token, body: { user_id: c.id, hibah_type: 14 } }), 201)).hibah;
    const heirIc = newMykad(false);
    await ok(
      t.call('POST', `/api/hibah/${h.id}/heir`, {
        token,
        body: {
          ...receiverBody({ name: 'Siti', relationship: 'son', ic_number: heirIc }),
          mobile_number: '0191234567',
        },
      }),
      201,
    );
    const r = (await ok(t.call('POST', `/api/hibah/${h.id}/receiver`, { token, body: receiverBody() }), 201)).receiver;
    const wifeIc = newMykad(false);
    await ok(
      t.call('POST', `/api/hibah/${h.id}/caretaker`, {
        token,
        body: caretakerBody({ ic_number: wifeIc, relationship: 'wife' }),
      }),
      201,
    );
    const add = (over: Record<string, unknown>, lang: 'ms' | 'en' = 'en') =>
      t.call('POST', `/api/hibah/${h.id}/witness`, { token, lang, body: witnessBody(1, over) });

    const minor = await add({ ic_number: minorMykad() });
    expect(minor.status).toBe(422);
    expect(minor.body.errors.ic_number).toEqual(['A witness must be 18 or older by their MyKad.']);
    expect((await add({ ic_number: heirIc })).body.errors.ic_number).toEqual(['An heir cannot be a witness.']);
    expect((await add({ ic_number: r.ic_number }, 'ms')).body.errors.ic_number).toEqual([
      'Penerima tidak boleh menjadi saksi.',
    ]);
    const spouse = await add({ spouse_ic_number: r.ic_number });
    expect(spouse.body.errors).toEqual({
      spouse_ic_number: ['The husband or wife of an heir or a receiver cannot be a witness.'],
    });
    expect((await add({ ic_number: wifeIc })).body.errors.ic_number).toEqual([
      'The husband or wife of an heir or a receiver cannot be a witness.',
    ]);
    expect((await add({ ic_number: c.ic })).body.errors.ic_number).toEqual(['The grantor cannot be a witness.']);

    const ok1 = await ok(add({}), 201);
    const twice = await add({ ic_number: ok1.witness.ic_number });
    expect(twice.body.errors.ic_number).toEqual(['This person is already a witness.']);
    // changing the one witness keeps them (not their own duplicate)
    await ok(
      t.call('POST', `/api/hibah/${h.id}/witness/${ok1.witness.id}`, {
        token,
        body: { _method: 'PATCH', ...witnessBody(1, { ic_number: ok1.witness.ic_number, name: 'Saksi Baharu' }) },
      }),
    );
  });
});
