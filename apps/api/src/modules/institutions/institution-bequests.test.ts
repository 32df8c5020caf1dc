/**
 * A will's bequest to an institution of the staff's list (issue 41 item 7; ADR 0268), over HTTP on a real database
 * (PGlite, or PostgreSQL with DATABASE_URL): it takes the institution's name, kind and registration and is a bequest
 * to a non-heir, counted within one third like every other (Enakmen Wasiat Orang Islam (Selangor) 1999 s.26(1)) and
 * refused beyond it with the figures; a deactivated institution cannot be chosen, while a bequest that already
 * names one keeps it; the will PDF prints the institution with its kind and registration; an amendment's draft
 * keeps a bequest to an institution that passes through it unchanged, and the will gets it back as it was.
 */
import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { amendments, bequests, wills } from '../../db/schema/index.ts';
import { loadWillContent, replaceWillContent } from '../amendments/content.ts';
import { registeredWill } from '../amendments/test-fixtures.ts';
import { insertWill } from '../documents/fixtures.ts';
import { heir, newClient, ok, orgAndBranch, PNG_A, PNG_B, passEkyc, pay, userDetail } from '../wills/test-fixtures.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const MAIS = 'Majlis Agama Islam Selangor (MAIS)';
const MAIS_LAW = 'Enakmen Pentadbiran Agama Islam (Negeri Selangor) 2003 [En. 1/2003], s. 4';

/** A comprehensive will with parts a–d done and part e open, and its net estate RM 900,000. */
async function willAtE() {
  const c = await newClient(t);
  const token = c.token;
  const w = (await ok(t.call('POST', '/api/wasiat', { token, body: { user_id: c.id } }), 201)).wasiat;
  const plan = { ...(await orgAndBranch(t)), wasiat_type: 1, plan: 'comprehensive' };
  await ok(t.call('PATCH', `/api/wasiat/${w.id}`, { token, body: plan }));
  await pay(t, w.id, 'paid');
  await ok(t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token, body: userDetail(c.ic) }));
  for (const [type, document] of [
    ['mykad-front', PNG_A],
    ['mykad-back', PNG_B],
  ]) {
    await ok(t.call('POST', `/api/wasiat/${w.id}/document`, { token, body: { type, document } }), 201);
  }
  await passEkyc(t, w.id);
  await ok(t.call('POST', '/api/heir', { token, body: heir(w.id) }), 201);
  await ok(t.call('PATCH', `/api/wasiat/${w.id}`, { token, body: { estimated_estate_sen: 90_000_000 } }));
  return { token, id: w.id as string };
}

/** A waqf institution added by staff; deactivated when `active` is false. */
async function waqf(name: string, active = true) {
  const body = { kind: 'waqf', name, registration_no: `WQF-${name.length}-2026`, state: 'Selangor' };
  const i = (await ok(t.call('POST', '/api/institution', { token: staff, body }), 201)).institution;
  if (!active) await ok(t.call('PATCH', `/api/institution/${i.id}`, { token: staff, body: { ...body, active } }));
  return i.id as string;
}

const bequest = (token: string, id: string, body: Record<string, unknown>, lang: 'ms' | 'en' = 'en') =>
  t.call('POST', '/api/bequest', { token, lang, body: { wasiat_id: id, beneficiary_name: 'Dari borang', ...body } });

describe('a bequest to an institution', () => {
  it('takes the institution, counts within one third by value, and is refused beyond it', async () => {
    const { token, id } = await willAtE();
    const b = (
      await ok(
        bequest(token, id, {
          institution_id: 'inst-seed-mais',
          // what a form might still carry of a person: not kept for an institution
          ic_number: '800101145011',
          relationship: 'son',
          purpose: 'Wakaf am',
          portion: '20%',
        }),
        201,
      )
    ).bequest;
    expect(b).toMatchObject({
      beneficiary_name: MAIS,
      ic_number: null,
      relationship: null,
      institution_id: 'inst-seed-mais',
      institution_kind: 'council',
      institution_registration: MAIS_LAW,
      purpose: 'Wakaf am',
      portion: '20%',
    });
    // The will's JSON carries it, and the estate counts it as a bequest to a non-heir (20% of RM 900,000).
    expect((await ok(t.call('GET', `/api/wasiat/${id}/bequest`, { token }))).bequests.data[0]).toMatchObject({
      institution_id: 'inst-seed-mais',
      institution_registration: MAIS_LAW,
    });
    const w = (await ok(t.call('GET', `/api/wasiat/${id}?load_with=bequest`, { token }))).wasiat;
    expect(w.bequests[0]).toMatchObject({ institution_id: 'inst-seed-mais', institution_kind: 'council' });
    expect(w.estate).toMatchObject({ bequests_to_non_heirs: '1/5', bequests_to_heirs: '0' });

    // Another 20% to a second council: RM 360,000 to non-heirs, more than one third (RM 300,000).
    const over = await bequest(token, id, { institution_id: 'inst-seed-maiwp', portion: '20%' });
    expect(over.status).toBe(422);
    expect(over.body.errors.portion).toEqual([
      'Bequests to non-heirs come to RM 360,000.00, more than one third of the net estate (RM 300,000.00 of RM 900,000.00; Muslim Wills Enactment (Selangor) 1999, section 26(1)). Reduce the bequests or the shares of property to non-heirs.',
    ]);
    // Within one third it is accepted.
    await ok(bequest(token, id, { institution_id: 'inst-seed-maiwp', portion: '10%' }), 201);
    expect(await t.ctx.db.select().from(bequests).where(eq(bequests.wasiat_id, id))).toHaveLength(2);
  });

  it('cannot choose a deactivated or unknown institution; a bequest that names one keeps it', async () => {
    const { token, id } = await willAtE();
    const gone = await waqf('Wakaf Ujian Tutup', false);
    for (const institution_id of [gone, 'no-such-institution']) {
      const r = await bequest(token, id, { institution_id, portion: '5%' }, 'ms');
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual({
        institution_id: ['Pilih institusi daripada senarai: institusi ini tidak (atau tidak lagi) ditawarkan.'],
      });
    }
    const kept = await waqf('Wakaf Ujian Kekal');
    const b = (await ok(bequest(token, id, { institution_id: kept, portion: '5%' }), 201)).bequest;
    await ok(
      t.call('PATCH', `/api/institution/${kept}`, {
        token: staff,
        body: { kind: 'waqf', name: 'Nama Baharu', registration_no: 'WQF-NEW', active: false },
      }),
    );
    // Changed with the institution named again, or sent back without it under the same name: kept as chosen.
    const again = (
      await ok(
        t.call('PATCH', `/api/bequest/${b.id}`, {
          token,
          body: { beneficiary_name: 'Dari borang', institution_id: kept, portion: '6%' },
        }),
      )
    ).bequest;
    expect(again).toMatchObject({
      beneficiary_name: 'Wakaf Ujian Kekal',
      institution_id: kept,
      institution_kind: 'waqf',
      institution_registration: 'WQF-17-2026',
      portion: '6%',
    });
    const back = (
      await ok(
        t.call('PATCH', `/api/bequest/${b.id}`, {
          token,
          body: { beneficiary_name: 'Wakaf Ujian Kekal', portion: '7%' },
        }),
      )
    ).bequest;
    expect(back).toMatchObject({ institution_id: kept, portion: '7%' });
    // A person named instead: the bequest is to that person from then on.
    const person = (
      await ok(
        t.call('PATCH', `/api/bequest/${b.id}`, {
          token,
          body: { beneficiary_name: 'Aminah binti Ali', relationship: 'other', portion: '7%' },
        }),
      )
    ).bequest;
    expect(person).toMatchObject({ institution_id: null, institution_kind: null, institution_registration: null });
  });

  it('is printed on the will with the institution kind and registration', async () => {
    // A number the will numbering does not give (the fixture writes it directly).
    const { willId } = await insertWill(t.ctx, { wasiatNo: 'W2026-900268' });
    await t.ctx.db
      .update(bequests)
      .set({
        beneficiary_name: MAIS,
        institution_id: 'inst-seed-mais',
        institution_kind: 'council',
        institution_registration: MAIS_LAW,
      })
      .where(eq(bequests.wasiat_id, willId));
    const client = await t.login('client');
    const r = await t.call('GET', `/api/wasiat/${willId}/certificate/final`, { token: client });
    expect(r.status).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: r.raw })
      .toString('utf8')
      .replace(/\s+/g, ' ');
    for (const s of [
      'Majlis Agama Islam Selangor',
      'Majlis Agama Islam Negeri / State Islamic religious',
      'Pendaftaran / undang-undang / Registration / law',
      'Enakmen Pentadbiran Agama Islam (Negeri Selangor) 2003',
    ]) {
      expect(text, s).toContain(s);
    }
  });

  it("is kept by an amendment's draft it passes through unchanged, and by the will the amendment writes back", async () => {
    const { c, id } = await registeredWill(t, staff);
    await t.ctx.db.update(wills).set({ plan: 'comprehensive' }).where(eq(wills.id, id));
    const gone = await waqf('Wakaf Ujian Pindaan', false);
    await t.ctx.db.insert(bequests).values({
      id: 'bq-mais',
      wasiat_id: id,
      beneficiary_name: MAIS,
      purpose: 'Wakaf am',
      portion: '10%',
      institution_id: 'inst-seed-mais',
      institution_kind: 'council',
      institution_registration: MAIS_LAW,
    });
    const a = (
      await ok(
        t.call('POST', '/api/amendment', {
          token: c.token,
          body: { amendmentable_type: 'Wasiat', amendmentable_id: id, notes: null, status: 0 },
        }),
        201,
      )
    ).amendment;
    await t.ctx.db.update(amendments).set({ payment_received_at: new Date() }).where(eq(amendments.id, a.id));
    const save = (body: object) => t.call('PATCH', `/api/amendment/${a.id}/draft`, { token: c.token, body });
    const fromWill = { id: 'bq-mais', beneficiary_name: MAIS, purpose: 'Wakaf am', portion: '10%' };
    const expected = {
      id: 'bq-mais',
      beneficiary_name: MAIS,
      institution_id: 'inst-seed-mais',
      institution_kind: 'council',
      institution_registration: MAIS_LAW,
    };
    // Sent back without the field (as a client that does not know it would): kept.
    const d1 = (await ok(save({ bequests: [fromWill] }))).amendment.draft;
    expect(d1.bequests).toEqual([expect.objectContaining(expected)]);
    // Sent with it and a new portion: kept, with the portion changed.
    const d2 = (await ok(save({ bequests: [{ ...fromWill, institution_id: 'inst-seed-mais', portion: '15%' }] })))
      .amendment.draft;
    expect(d2.bequests).toEqual([expect.objectContaining({ ...expected, portion: '15%' })]);
    // A deactivated institution cannot be added by an amendment either.
    const refused = await save({
      bequests: [fromWill, { beneficiary_name: 'Dari borang', institution_id: gone, portion: '5%' }],
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['bequests.1.institution_id']);

    // The amendment's content written back to the will (as its approval does): the bequest as it was chosen.
    const [row] = await t.ctx.db.select().from(amendments).where(eq(amendments.id, a.id));
    await t.ctx.db.transaction((tx) => replaceWillContent(tx, id, row.draft as never));
    const back = await loadWillContent(t.ctx.db, id);
    expect(back.bequests).toEqual([expect.objectContaining({ ...expected, portion: '15%' })]);
  });
});
