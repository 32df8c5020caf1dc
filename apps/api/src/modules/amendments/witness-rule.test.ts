/**
 * Who may witness an amended will (issue 41 item 2; ADR 0259): the draft's witnesses are checked by the same rule
 * as the will's when a save carries them (422 on `witnesses.<i>.ic_number`), and all of them again at submission
 * (an heir added to the draft after them stops it, 422 on `witnesses`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { heir as heirBody, newMykad, ok } from '../wills/test-fixtures.ts';
import { draftWitness, registeredWill } from './test-fixtures.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
});
afterAll(async () => {
  await t?.close();
});

/** A draft heir with MyKad `ic` (the will fixture's heir has none). */
const draftHeir = (ic: string) => {
  const { heirable_type: _t, heirable_id: _i, ...fields } = heirBody('x', { ic_number: ic });
  return fields;
};

describe('an amendment draft and who may witness (ADR 0259)', () => {
  it('refuses an heir or a minor as a draft witness, at its index; checks again at submission', async () => {
    const { c, id } = await registeredWill(t, staff);
    const a = (
      await ok(
        t.call('POST', '/api/amendment', {
          token: c.token,
          body: { amendmentable_type: 'Wasiat', amendmentable_id: id },
        }),
        201,
      )
    ).amendment;
    const heirIc = newMykad(false);
    await ok(t.call('PATCH', `/api/amendment/${a.id}/draft`, { token: c.token, body: { heirs: [draftHeir(heirIc)] } }));
    const saveWitnesses = (list: object[]) =>
      t.call('PATCH', `/api/amendment/${a.id}/draft`, { token: c.token, body: { witnesses: list } });

    const asHeir = await saveWitnesses([
      draftWitness('Saksi Satu', 's1@example.com'),
      { ...draftWitness('Saksi Dua', 's2@example.com'), ic_number: heirIc },
    ]);
    expect(asHeir.status).toBe(422);
    expect(asHeir.body.errors['witnesses.1.ic_number']).toEqual(['An heir cannot be a witness.']);
    const yy = String((new Date().getUTCFullYear() - 10) % 100).padStart(2, '0');
    const minor = await saveWitnesses([
      { ...draftWitness('Saksi Muda', 's3@example.com'), ic_number: `${yy}0101${newMykad().slice(6)}` },
    ]);
    expect(minor.body.errors['witnesses.0.ic_number']).toEqual(['A witness must be 18 or older by their MyKad.']);

    // Two good witnesses, then an heir named with one of their MyKads: the submission says so on `witnesses`.
    const good = [draftWitness('Saksi Satu', 's1@example.com'), draftWitness('Saksi Dua', 's2@example.com')];
    await ok(saveWitnesses(good));
    await ok(
      t.call('PATCH', `/api/amendment/${a.id}/draft`, {
        token: c.token,
        body: { heirs: [draftHeir(heirIc), draftHeir(good[1].ic_number)] },
      }),
    );
    const submit = await t.call('PATCH', `/api/amendment/${a.id}`, {
      token: c.token,
      body: { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
    });
    expect(submit.status).toBe(422);
    expect(submit.body.errors.witnesses).toEqual(['An heir cannot be a witness.']);
  });
});
