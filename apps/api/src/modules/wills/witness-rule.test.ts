/**
 * Who may witness a will, how a witness was identified, and the will's governing law (issue 41 items 2 and 8;
 * ADRs 0259, 0260), over HTTP on the real database. The rule is the domain's `witnessRefusal`; these tests show
 * the will applies it: 422 naming the field, in the request's language, and again at submission.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { bequests, caretakers, organizations, receivers, wills } from '../../db/schema/index.ts';
import { mailTo } from '../amendments/hibah-test-fixtures.ts';
import { type Client, heir, newClient, newMykad, ok, readyWill, verifiedSubmitOtp, witness } from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A MyKad of someone born on `yymmdd` (unique serial). */
const mykadBorn = (yymmdd: string) => `${yymmdd}${newMykad().slice(6)}`;

/** A will ready to submit (two witnesses), its client and its witnesses. */
async function ready() {
  const c = await newClient(t);
  const id = await readyWill(t, c);
  const list = (await ok(t.call('GET', `/api/wasiat/${id}/witness`, { token: c.token }))).witnesses.data;
  return { c, id, witnesses: list as { id: string; ic_number: string; email: string }[] };
}

/** Add a witness to will `id` as client `c`: the raw answer. */
const addWitness = (c: Client, id: string, over: Record<string, unknown>, lang: 'ms' | 'en' = 'en') =>
  t.call('POST', '/api/witness', { token: c.token, lang, body: witness(id, over) });

describe('who may witness a will (ADR 0259)', () => {
  it('refuses a witness under 18 by the MyKad, in the language of the request; an adult is taken', async () => {
    const { c, id } = await ready();
    // Today is read from the clock: someone born 10 years ago is a minor whatever the date.
    const yy = String((new Date().getUTCFullYear() - 10) % 100).padStart(2, '0');
    const minor = mykadBorn(`${yy}0101`);
    const en = await addWitness(c, id, { ic_number: minor });
    expect(en.status).toBe(422);
    expect(en.body.errors.ic_number).toEqual(['A witness must be 18 or older by their MyKad.']);
    const ms = await addWitness(c, id, { ic_number: minor }, 'ms');
    expect(ms.body.errors.ic_number).toEqual(['Saksi mestilah berumur 18 tahun ke atas mengikut MyKad.']);
    await ok(addWitness(c, id, { ic_number: mykadBorn('700101') }), 201);
  });

  it('refuses an heir, a receiver of property and a bequest beneficiary', async () => {
    const { c, id } = await ready();
    const heirIc = newMykad();
    await ok(t.call('POST', '/api/heir', { token: c.token, body: heir(id, { ic_number: heirIc }) }), 201);
    // receivers and bequests as part e stores them (the rule reads the rows)
    const receiverIc = newMykad();
    const beneficiaryIc = newMykad();
    await t.ctx.db.insert(receivers).values({
      receivable_type: 'Wasiat',
      receivable_id: id,
      name: 'Penerima',
      relationship: 'relative',
      ic_number: receiverIc,
    });
    await t.ctx.db
      .insert(bequests)
      .values({ wasiat_id: id, beneficiary_name: 'Sahabat', ic_number: beneficiaryIc, portion: '10%' });
    expect((await addWitness(c, id, { ic_number: heirIc })).body.errors.ic_number).toEqual([
      'An heir cannot be a witness.',
    ]);
    for (const ic of [receiverIc, beneficiaryIc]) {
      const r = await addWitness(c, id, { ic_number: ic });
      expect(r.status).toBe(422);
      expect(r.body.errors.ic_number).toEqual(['A receiver (beneficiary) cannot be a witness.']);
    }
  });

  it('refuses the spouse of an heir or receiver: by the spouse MyKad given, or recorded as husband/wife', async () => {
    const { c, id } = await ready();
    const heirIc = newMykad();
    await ok(t.call('POST', '/api/heir', { token: c.token, body: heir(id, { ic_number: heirIc }) }), 201);
    const declared = await addWitness(c, id, { spouse_ic_number: heirIc });
    expect(declared.status).toBe(422);
    expect(declared.body.errors).toEqual({
      spouse_ic_number: ['The husband or wife of an heir or a receiver cannot be a witness.'],
    });
    // The testator's wife named only as a guardian: recorded as a spouse (an heir by faraid).
    const wifeIc = newMykad(false);
    await t.ctx.db.insert(caretakers).values({
      caretakerable_type: 'Wasiat',
      caretakerable_id: id,
      name: 'Isteri',
      ic_number: wifeIc,
      relationship: 'wife',
    });
    const recorded = await addWitness(c, id, { ic_number: wifeIc }, 'ms');
    expect(recorded.body.errors.ic_number).toEqual([
      'Suami atau isteri kepada waris atau penerima tidak boleh menjadi saksi.',
    ]);
    // someone else's spouse may witness
    const w = await ok(addWitness(c, id, { spouse_ic_number: newMykad() }), 201);
    expect(w.witness.spouse_ic_number).toMatch(/^\d{12}$/);
  });

  it('refuses the executor: an individual partner named as executor, by their MyKad', async () => {
    const { c, id } = await ready();
    const executorIc = newMykad();
    const [org] = await t.ctx.db
      .insert(organizations)
      .values({ type: 'individual', name: 'Wasi Individu', code: `IND${executorIc}`, mykad_number: executorIc })
      .returning();
    await t.ctx.db.update(wills).set({ organization_id: org.id }).where(eq(wills.id, id));
    const r = await addWitness(c, id, { ic_number: executorIc });
    expect(r.status).toBe(422);
    expect(r.body.errors.ic_number).toEqual(['The executor (wasi) cannot be a witness.']);
  });

  it('checks the witnesses again at submission: an heir added after them stops it (422 on witnesses)', async () => {
    const { c, id, witnesses } = await ready();
    await ok(
      t.call('POST', '/api/heir', { token: c.token, body: heir(id, { ic_number: witnesses[0].ic_number }) }),
      201,
    );
    const r = await t.call('PATCH', `/api/wasiat/${id}`, { token: c.token, body: { status: 1 } });
    expect(r.status).toBe(422);
    expect(r.body.errors.witnesses).toEqual(['An heir cannot be a witness.']);
    const heirs = (await ok(t.call('GET', `/api/wasiat/${id}/heir`, { token: c.token }))).heirs.data;
    const wrong = heirs.find((h: { ic_number: string }) => h.ic_number === witnesses[0].ic_number);
    await ok(t.call('DELETE', `/api/heir/${wrong.id}`, { token: c.token }));
    await verifiedSubmitOtp(t, c.id, id);
    await ok(t.call('PATCH', `/api/wasiat/${id}`, { token: c.token, body: { status: 1 } }));
  });
});

describe('how a witness was identified (ADR 0259)', () => {
  it('a code to the witness own e-mail: wrong code refused, right code recorded; a new e-mail clears it', async () => {
    const { c, id, witnesses } = await ready();
    const w = witnesses[0];
    expect(w).toMatchObject({ identified_by: null });
    const before = t.mails.length;
    const sent = await ok(t.call('POST', `/api/witness/${w.id}/identification/code`, { token: c.token }));
    expect(sent.otp).toMatchObject({ channel: 'email', destination: 's***@example.com' });
    const mail = await mailTo(t, w.email, before);
    expect(mail).toContain('Ahmad bin Abdullah');
    const code = /code is (\d{6})/.exec(mail)?.[1] as string;
    const wrong = await t.call('POST', `/api/witness/${w.id}/identification`, {
      token: c.token,
      body: { code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toBeTruthy();
    const done = await ok(t.call('POST', `/api/witness/${w.id}/identification`, { token: c.token, body: { code } }));
    expect(done.witness).toMatchObject({ id: w.id, identified_by: 'email_code' });
    expect(done.witness.identified_at).toBeTruthy();
    // spent: the same code does not identify twice
    const again = await t.call('POST', `/api/witness/${w.id}/identification`, { token: c.token, body: { code } });
    expect(again.status).toBe(422);

    const full = (await ok(t.call('GET', `/api/witness/${w.id}`, { token: c.token }))).witness;
    const moved = await ok(
      t.call('PATCH', `/api/witness/${w.id}`, {
        token: c.token,
        body: { ...witness(id, { ...full, email: 'baharu@example.com' }), signature: '' },
      }),
    );
    expect(moved.witness).toMatchObject({ email: 'baharu@example.com', identified_by: null, identified_at: null });
  });

  it('before staff: provider staff record it (not a client), until the will is registered', async () => {
    const { c, witnesses } = await ready();
    const byClient = await t.call('POST', `/api/witness/${witnesses[0].id}/identification/staff`, {
      token: c.token,
    });
    expect(byClient.status).toBe(403);
    const staff = await t.login('staff');
    const r = await ok(t.call('POST', `/api/witness/${witnesses[0].id}/identification/staff`, { token: staff }));
    expect(r.witness).toMatchObject({ identified_by: 'staff' });
    expect(r.witness.identified_by_user_id).toBeTruthy();
  });
});

describe('the governing law of a will (ADR 0260)', () => {
  it('defaults to the address state, is confirmed by the testator, and names the enactment', async () => {
    const { c, id } = await ready();
    const first = (await ok(t.call('GET', `/api/wasiat/${id}/governing-law`, { token: c.token }))).governing_law;
    expect(first).toMatchObject({
      state: 'W.P. Kuala Lumpur',
      suggested_state: 'W.P. Kuala Lumpur',
      confirmed_at: null,
      enactment: null,
      witness_rule: 'witness.rule.no_enactment',
    });
    const bad = await t.call('PUT', `/api/wasiat/${id}/governing-law`, { token: c.token, body: { state: 'Narnia' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['state']);
    const set = (
      await ok(t.call('PUT', `/api/wasiat/${id}/governing-law`, { token: c.token, body: { state: 'Selangor' } }))
    ).governing_law;
    expect(set).toMatchObject({ state: 'Selangor', witness_rule: 'witness.rule.selangor' });
    expect(set.confirmed_at).toBeTruthy();
    expect(set.enactment).toMatchObject({ title_ms: 'Enakmen Wasiat Orang Islam (Selangor) 1999', year: 1999 });
    // another client cannot read it
    const other = await newClient(t);
    expect((await t.call('GET', `/api/wasiat/${id}/governing-law`, { token: other.token })).status).toBe(404);
  });

  it('a will submitted without a confirmed state records the address state, unconfirmed', async () => {
    const { c, id } = await ready();
    await ok(t.call('PATCH', `/api/wasiat/${id}`, { token: c.token, body: { status: 1 } }));
    const [row] = await t.ctx.db.select().from(wills).where(eq(wills.id, id));
    expect(row.governing_state).toBe('W.P. Kuala Lumpur');
    expect(row.governing_state_confirmed_at).toBeNull();
    // once submitted the testator can no longer change it
    const late = await t.call('PUT', `/api/wasiat/${id}/governing-law`, { token: c.token, body: { state: 'Johor' } });
    expect(late.status).toBe(422);
  });
});
