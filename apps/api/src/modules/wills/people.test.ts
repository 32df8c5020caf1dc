import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { preferences } from '../../db/schema/index.ts';
import {
  type Client,
  heir,
  JPEG_A,
  newClient,
  newMykad,
  ok,
  orgAndBranch,
  PNG_A,
  PNG_B,
  passEkyc,
  pay,
  userDetail,
  witness,
} from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A will with parts a–f done (basic or comprehensive): heirs, property etc. may be added. */
async function willUpToF(c: Client, plan: 'basic' | 'comprehensive' = 'basic') {
  const token = c.token;
  const w = (await ok(t.call('POST', '/api/wasiat', { token, body: { user_id: c.id } }), 201)).wasiat;
  await ok(
    t.call('PATCH', `/api/wasiat/${w.id}`, { token, body: { ...(await orgAndBranch(t)), wasiat_type: 1, plan } }),
  );
  await pay(t, w.id, 'paid');
  await ok(t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token, body: userDetail(c.ic) }));
  await ok(
    t.call('POST', `/api/wasiat/${w.id}/document`, { token, body: { type: 'mykad-front', document: PNG_A } }),
    201,
  );
  await ok(
    t.call('POST', `/api/wasiat/${w.id}/document`, { token, body: { type: 'mykad-back', document: PNG_B } }),
    201,
  );
  await passEkyc(t, w.id);
  return w.id as string;
}

describe('heirs (part d)', () => {
  it('creates, lists, updates via _method PATCH in JSON and in multipart, and deletes via _method DELETE', async () => {
    const c = await newClient(t);
    const id = await willUpToF(c);
    const token = c.token;
    const created = await ok(
      t.call('POST', '/api/heir', { token, body: heir(id, { ic_number: newMykad(false) }) }),
      201,
    );
    expect(created.heir).toMatchObject({ name: 'Siti binti Ahmad', mobile_number: '+60198765432', heirable_id: id });
    const w = await ok(t.call('GET', `/api/wasiat/${id}?load_with=heir`, { token }));
    expect(w.wasiat.parts_done).toContain('d');
    expect(w.wasiat.heirs).toHaveLength(1);

    const json = await ok(
      t.call('POST', `/api/heir/${created.heir.id}`, {
        token,
        body: { _method: 'PATCH', ...heir(id), name: 'Siti Aminah' },
      }),
    );
    expect(json.heir.name).toBe('Siti Aminah');

    const form = new FormData();
    for (const [k, v] of Object.entries({
      ...heir(id),
      _method: 'PATCH',
      name: 'Siti Multipart',
      city: 'Shah Alam',
      state: 'Selangor',
      postcode: '40000',
    })) {
      form.append(k, String(v));
    }
    const multi = await ok(t.call('POST', `/api/heir/${created.heir.id}`, { token, form }));
    expect(multi.heir).toMatchObject({ name: 'Siti Multipart', city: 'Shah Alam' });

    const bad = await t.call('POST', `/api/heir/${created.heir.id}`, {
      token,
      body: { _method: 'PATCH', ...heir(id), relationship: 'cousin', postcode: 'abc' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['postcode', 'relationship']);
    expect((await ok(t.call('GET', `/api/heir/${created.heir.id}`, { token }))).heir.name).toBe('Siti Multipart');

    await ok(t.call('POST', `/api/heir/${created.heir.id}`, { token, body: { _method: 'DELETE' } }));
    expect((await ok(t.call('GET', `/api/wasiat/${id}/heir`, { token }))).heirs.total).toBe(0);
    expect((await t.call('GET', `/api/heir/${created.heir.id}`, { token })).status).toBe(404);
  });

  it('refuses an heir before the earlier parts are done, and another owner type', async () => {
    const c = await newClient(t);
    const w = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
    const r = await t.call('POST', '/api/heir', { token: c.token, body: heir(w.id) });
    expect(r.status).toBe(422);
    expect(r.body.errors._).toEqual(['Please complete the earlier parts first.']);
    const hibah = await t.call('POST', '/api/heir', { token: c.token, body: heir(w.id, { heirable_type: 'Hibah' }) });
    // A Hibah owner goes to the hibah module's rules (ADR 0162): a will's id names no hibah of the caller's.
    expect(hibah.status, JSON.stringify(hibah.body)).toBe(404);
  });
});

describe('witnesses (part g; spec §5)', () => {
  it('requires name, MyKad, e-mail, address and postcode; the signature may follow (ADR 0131)', async () => {
    const c = await newClient(t);
    const id = await willUpToF(c);
    const r = await t.call('POST', '/api/witness', {
      token: c.token,
      body: { witnessable_type: 'Wasiat', witnessable_id: id },
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual(['address', 'email', 'ic_number', 'name', 'postcode']);
  });

  it('accepts only a PNG signature, and refuses the testator, an heir, or the same person twice', async () => {
    const c = await newClient(t);
    const id = await willUpToF(c);
    const token = c.token;
    const heirIc = newMykad();
    await ok(t.call('POST', '/api/heir', { token, body: heir(id, { ic_number: heirIc }) }), 201);
    await ok(t.call('POST', `/api/wasiat/${id}/signature`, { token, body: { is_base64: true, document: PNG_A } }));
    await ok(
      t.call('PATCH', `/api/wasiat/${id}`, { token, body: { acknowledged_pdpa: 1, acknowledged_confirmation: 1 } }),
    );

    const jpeg = await t.call('POST', '/api/witness', { token, body: witness(id, { signature: JPEG_A }) });
    expect(jpeg.status).toBe(422);
    expect(jpeg.body.errors.signature).toEqual(['This file type is not allowed.']);
    const self = await t.call('POST', '/api/witness', { token, body: witness(id, { ic_number: c.ic }) });
    expect(self.body.errors.ic_number).toEqual(['The testator cannot be a witness.']);
    const asHeir = await t.call('POST', '/api/witness', { token, body: witness(id, { ic_number: heirIc }) });
    expect(asHeir.body.errors.ic_number).toEqual(['An heir cannot be a witness.']);
    expect((await ok(t.call('GET', `/api/wasiat/${id}/witness`, { token }))).witnesses.total).toBe(0);

    const first = await ok(t.call('POST', '/api/witness', { token, body: witness(id) }), 201);
    expect(first.witness.signature.id).toBeTruthy();
    const twice = await t.call('POST', '/api/witness', {
      token,
      body: witness(id, { ic_number: first.witness.ic_number }),
    });
    expect(twice.body.errors.ic_number).toEqual(['This person is already a witness.']);
    let w = await ok(t.call('GET', `/api/wasiat/${id}`, { token }));
    expect(w.wasiat.parts_done).not.toContain('g');
    await ok(t.call('POST', '/api/witness', { token, body: witness(id, { name: 'Saksi Dua' }) }), 201);
    w = await ok(t.call('GET', `/api/wasiat/${id}?load_with=witness`, { token }));
    expect(w.wasiat.parts_done).toContain('g');
    expect(w.wasiat.witnesses).toHaveLength(2);

    // the signature file is readable by the owner and is the PNG sent
    const file = await t.call('GET', `/api/attachment/${first.witness.signature.id}/file`, { token });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.raw.subarray(0, 4).toString('hex')).toBe('89504e47');

    // update without a new signature keeps the old one
    const upd = await ok(
      t.call('POST', `/api/witness/${first.witness.id}`, {
        token,
        body: {
          _method: 'PATCH',
          ...witness(id, { ic_number: first.witness.ic_number, name: 'Saksi Baru' }),
          signature: '',
        },
      }),
    );
    expect(upd.witness).toMatchObject({ name: 'Saksi Baru', signature_id: first.witness.signature_id });
  });
});

describe('guardians, receivers and bequests (part e)', () => {
  it('are refused for a basic will (part locked) and saved for a comprehensive one', async () => {
    const basic = await newClient(t);
    const bId = await willUpToF(basic);
    await ok(t.call('POST', '/api/heir', { token: basic.token, body: heir(bId) }), 201);
    const locked = await t.call('POST', '/api/bequest', {
      token: basic.token,
      body: { wasiat_id: bId, beneficiary_name: 'Masjid Al-Falah', portion: '10%' },
    });
    expect(locked.status).toBe(422);
    expect(locked.body.errors._).toEqual(['Please complete the earlier parts first.']);

    const c = await newClient(t);
    const id = await willUpToF(c, 'comprehensive');
    const token = c.token;
    await ok(t.call('POST', '/api/heir', { token, body: heir(id) }), 201);
    const guardian = {
      caretakerable_type: 'Wasiat',
      caretakerable_id: id,
      name: 'Abu bin Bakar',
      ic_number: newMykad(),
      relationship: 'sibling',
      mobile_number: '0133334444',
      wards: 'Ali, Aminah',
      address: 'No. 3, Jalan Kenanga',
      postcode: '10000',
      city: 'George Town',
      state: 'Pulau Pinang',
    };
    const ct = await ok(t.call('POST', '/api/caretaker', { token, body: guardian }), 201);
    expect(ct.caretaker.wards).toBe('Ali, Aminah');
    const w = await ok(t.call('GET', `/api/wasiat/${id}?load_with=caretaker`, { token }));
    expect(w.wasiat.parts_done).toContain('e');
    expect(w.wasiat.caretakers).toHaveLength(1);

    // organisation preference: guardians not allowed → 422, and the saved guardian stays
    const org = (await orgAndBranch(t)).organization_id;
    await t.ctx.db.update(preferences).set({ allow_guardians: false }).where(eq(preferences.organization_id, org));
    const refused = await t.call('POST', '/api/caretaker', { token, body: guardian });
    await t.ctx.db.update(preferences).set({ allow_guardians: true }).where(eq(preferences.organization_id, org));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('The organisation does not allow adding guardians.');
    expect((await ok(t.call('GET', `/api/wasiat/${id}/caretaker`, { token }))).caretakers.total).toBe(1);

    const b1 = await ok(
      t.call('POST', '/api/bequest', {
        token,
        body: { wasiat_id: id, beneficiary_name: 'Masjid Al-Falah', portion: '1/4' },
      }),
      201,
    );
    const rumah = { wasiat_id: id, beneficiary_name: 'Rumah Anak Yatim', portion: '50%' };
    // over one third to non-heirs: refused, and no consent of the heirs can be recorded to lift it (ADR 0257)
    const third = await t.call('POST', '/api/bequest', { token, body: rumah });
    expect(third.status).toBe(422);
    expect(third.body.errors.portion).toEqual([
      'General bequests to non-heirs come to 75% of the net estate, more than one third (Muslim Wills Enactment (Selangor) 1999, section 26(1)).',
    ]);
    const consent = await ok(
      t.call('POST', `/api/wasiat/${id}`, { token, body: { _method: 'PATCH', heirs_consent: 1 } }),
    );
    expect(consent.wasiat).not.toHaveProperty('heirs_consent');
    expect((await t.call('POST', '/api/bequest', { token, body: rumah })).status).toBe(422);
    // a bequest to an heir is allowed (it takes effect only with the other heirs' consent after the death)
    await ok(
      t.call('POST', '/api/bequest', {
        token,
        body: { wasiat_id: id, beneficiary_name: 'Ahmad bin Ali', relationship: 'son', portion: '50%' },
      }),
      201,
    );
    const over = await t.call('POST', '/api/bequest', {
      token,
      body: { wasiat_id: id, beneficiary_name: 'Sekolah Tahfiz', portion: '1/3' },
    });
    expect(over.status).toBe(422);
    expect(over.body.errors.portion).toEqual(['The shares add up to more than the whole property.']);
    const badPortion = await t.call('POST', '/api/bequest', {
      token,
      body: { wasiat_id: id, beneficiary_name: 'Sekolah Tahfiz', portion: '150%' },
    });
    expect(badPortion.body.errors.portion).toEqual(['Percentages must be between 1 and 100.']);
    // updating a bequest counts the others, not itself
    const upd = await ok(
      t.call('POST', `/api/bequest/${b1.bequest.id}`, {
        token,
        body: { _method: 'PATCH', beneficiary_name: 'Masjid Al-Falah', portion: '1/3' },
      }),
    );
    expect(upd.bequest.portion).toBe('1/3');
    expect((await ok(t.call('GET', `/api/wasiat/${id}/bequest`, { token }))).bequests.total).toBe(2);

    const rec = await ok(
      t.call('POST', '/api/receiver', {
        token,
        body: { receivable_type: 'Wasiat', receivable_id: id, name: 'Ali bin Ahmad', relationship: 'son' },
      }),
      201,
    );
    expect(rec.receiver.name).toBe('Ali bin Ahmad');
    expect((await ok(t.call('GET', `/api/wasiat/${id}/receiver`, { token }))).receivers.total).toBe(1);
  });
});
