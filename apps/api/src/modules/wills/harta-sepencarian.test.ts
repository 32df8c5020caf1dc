/**
 * Harta sepencarian declared on a will's property (issue 41 item 5; ADR 0286), over HTTP on a real database: the
 * spouse picked among the heirs is copied, the portion and basis are refused naming the field (ms and en), the
 * spouse's portion comes out of the estate before the one-third rule (Enakmen Wasiat Orang Islam (Selangor) 1999
 * s. 26(1), (3)) and replaces the will's single amount, and the will PDF prints the declaration of its own.
 */
import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { heirs, moveable_properties } from '../../db/schema/index.ts';
import { insertWill } from '../documents/fixtures.ts';
import { comprehensiveWill, landOf, RM } from './sepencarian-fixtures.ts';
import { heir, ok } from './test-fixtures.ts';

let t: TestApp;
let token: string;
let id: string;
let wifeId: string;
let sonId: string;

const land = (over: Record<string, unknown> = {}) => landOf(id, over);

beforeAll(async () => {
  t = await makeTestApp();
  ({ token, id, wifeId, sonId } = await comprehensiveWill(t));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('harta sepencarian on a property of the will', () => {
  it('refuses a bad portion, a missing basis and a spouse who is not a spouse heir, naming the field in ms and en', async () => {
    const declared = {
      harta_sepencarian: true,
      sepencarian_spouse_heir_id: wifeId,
      sepencarian_bp: 0,
      sepencarian_basis_note: 'Dibeli bersama',
    };
    const en = await t.call('POST', '/api/immoveable-property', { token, body: land(declared) });
    expect(en.status).toBe(422);
    expect(en.body.errors).toEqual({
      sepencarian_bp: [expect.stringContaining('above 0 and not over 100')],
      sepencarian_basis: ['Choose the basis of the portion: agreed or estimated.'],
    });
    const ms = await t.call('POST', '/api/immoveable-property', {
      token,
      lang: 'ms',
      body: land({ ...declared, sepencarian_bp: 10_001 }),
    });
    expect(ms.status).toBe(422);
    expect(ms.body.errors.sepencarian_bp[0]).toContain('lebih daripada 0 dan tidak melebihi 100');
    expect(ms.body.errors.sepencarian_basis[0]).toContain('dipersetujui atau anggaran');
    const son = await t.call('POST', '/api/immoveable-property', {
      token,
      body: land({ ...declared, sepencarian_spouse_heir_id: sonId, sepencarian_bp: 5000, sepencarian_basis: 'agreed' }),
    });
    expect(son.status).toBe(422);
    expect(Object.keys(son.body.errors)).toEqual(['sepencarian_spouse_heir_id']);
  });

  it("takes the wife's half of the land out before the one-third rule and replaces the single amount", async () => {
    // The single amount of a will made before (kept; replaced once a property is declared).
    await ok(t.call('PATCH', `/api/wasiat/${id}`, { token, body: { harta_sepencarian_sen: RM(10_000) } }));
    const { immoveable_property: p } = await ok(
      t.call('POST', '/api/immoveable-property', {
        token,
        body: land({
          harta_sepencarian: true,
          sepencarian_spouse_heir_id: wifeId,
          sepencarian_bp: 5000,
          sepencarian_basis: 'agreed',
          sepencarian_basis_note: 'Dibeli bersama pada 2010; ansuran dibayar berdua',
        }),
      }),
      201,
    );
    // The spouse's name and MyKad come from the heir.
    expect(p).toMatchObject({
      sepencarian_spouse_name: 'Siti binti Ahmad',
      sepencarian_spouse_ic: '800101145552',
      sepencarian_bp: 5000,
      sepencarian_basis: 'agreed',
    });
    const w = (await ok(t.call('GET', `/api/wasiat/${id}`, { token }))).wasiat;
    expect(w.estate).toMatchObject({
      gross_sen: RM(600_000),
      harta_sepencarian_sen: RM(300_000),
      harta_sepencarian_source: 'properties',
      net_sen: RM(300_000),
    });
    // Half of the testator's part (RM 150,000) to a friend is over one third of RM 300,000.
    const friend = await ok(
      t.call('POST', '/api/receiver', {
        token,
        body: { receivable_type: 'Wasiat', receivable_id: id, name: 'Kassim bin Ali', relationship: 'other' },
      }),
      201,
    );
    const over = await t.call('POST', '/api/property-receiver', {
      token,
      body: {
        receiver_id: friend.receiver.id,
        portion: '1/2',
        propertyable_type: 'ImmoveableProperty',
        propertyable_id: p.id,
      },
    });
    expect(over.status).toBe(422);
    expect(over.body.errors.portion[0]).toMatch(
      /RM 150,000.00, more than one third of the net estate \(RM 100,000.00 of RM 300,000.00/,
    );
    // A third of the testator's part is exactly one third of the net estate: allowed.
    await ok(
      t.call('POST', '/api/property-receiver', {
        token,
        body: {
          receiver_id: friend.receiver.id,
          portion: '1/3',
          propertyable_type: 'ImmoveableProperty',
          propertyable_id: p.id,
        },
      }),
      201,
    );
    const after = (await ok(t.call('GET', `/api/wasiat/${id}`, { token }))).wasiat;
    expect(after.estate.one_third).toMatchObject({ net_sen: RM(300_000), property_sen: RM(100_000), over: false });
    // Withdrawing the declaration would put the single amount back (RM 10,000) and the land's third at RM 200,000,
    // over one third of RM 590,000 (RM 196,666.66): refused, nothing changed.
    const clear = await t.call('PATCH', `/api/immoveable-property/${p.id}`, {
      token,
      body: { ...land({ harta_sepencarian: false }), immoveable_type: undefined, immoveable_id: undefined },
    });
    expect(clear.status).toBe(422);
    // Reported on the switch the user turned off, saying the portion would no longer be deducted first (ADR 0290).
    expect(Object.keys(clear.body.errors)).toEqual(['harta_sepencarian']);
    expect(clear.body.errors.harta_sepencarian[0]).toMatch(
      /^Without this declaration .*harta sepencarian would be RM 10,000.00.*RM 200,000.00, more than one third of the net estate \(RM 196,666.66 of RM 590,000.00/,
    );
    const still = (await ok(t.call('GET', `/api/immoveable-property/${p.id}`, { token }))).immoveable_property;
    expect(still.sepencarian_bp).toBe(5000);
  });
});

describe('the will PDF', () => {
  it('prints the declaration of jointly acquired property on its own page, with the signing blocks', async () => {
    const { willId } = await insertWill(t.ctx, { wasiatNo: 'W2026-900286' });
    const [husband] = await t.ctx.db.select().from(heirs).where(eq(heirs.heirable_id, willId));
    await t.ctx.db
      .update(moveable_properties)
      .set({
        sepencarian_spouse_heir_id: husband.id,
        sepencarian_spouse_name: husband.name,
        sepencarian_spouse_ic: husband.ic_number,
        sepencarian_bp: 4000,
        sepencarian_basis: 'estimated',
        sepencarian_basis_note: 'Simpanan bersama sejak 2015',
      })
      .where(eq(moveable_properties.moveable_id, willId));
    const client = await t.login('client');
    const r = await t.call('GET', `/api/wasiat/${willId}/certificate/final`, { token: client });
    expect(r.status).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: r.raw })
      .toString('utf8')
      .replace(/\s+/g, ' ')
      .replace(/- /g, '-'); // words hyphenated across lines ("Undang- Undang")
    const declaration = text.slice(text.indexOf('Akuan Harta Sepencarian / Declaration of jointly acquired property'));
    expect(declaration.length).toBeGreaterThan(100);
    for (const s of [
      'Hassan bin Omar',
      '880101145511',
      '40%',
      'RM 20,000.00', // 40% of the RM 50,000 account
      'Anggaran / Estimated',
      'Simpanan bersama sejak 2015',
      'Akta Undang-Undang Keluarga Islam (Wilayah-Wilayah Persekutuan) 1984, seksyen 122',
      'Islamic Family Law (Federal Territories) Act 1984, section 122',
      'it is not an order of division',
      // The will's own signing blocks, reused: the testator and both witnesses, and the spouse's box.
      'Aminah binti Ahmad',
      'Zainab binti Karim',
      'Rahman bin Daud',
      'Pasangan (pengakuan) / Spouse (acknowledgement)',
    ]) {
      expect(declaration, s).toContain(s);
    }
    // The estate block deducts the spouse's portion: the net estate is RM 30,000 (the RM 50,000 account less RM
    // 20,000), so one third is RM 10,000 and the 10% bequest RM 3,000.
    expect(text).toContain('pertiga harta bersih: RM 10,000.00');
    expect(text).toContain('RM 3,000.00 (wasiat am RM 3,000.00');
    // The executor fee is on the estate less the spouse's portion (ADR 0290): 2% of RM 30,000, not of RM 50,000.
    expect(text).toContain('RM 600.00 (2% of RM 30,000.00)');
  });
});

describe('the spouse of a declaration stays who the heir list says (found by an outside test)', () => {
  it('a typed spouse clears the link to an heir and the MyKad copied with it', async () => {
    const { immoveable_property: p } = await ok(
      t.call('POST', '/api/immoveable-property', {
        token,
        body: land({
          property_no: 'GRN 7777',
          value_sen: RM(10_000),
          harta_sepencarian: true,
          sepencarian_spouse_heir_id: wifeId,
          sepencarian_bp: 1000,
          sepencarian_basis: 'agreed',
          sepencarian_basis_note: 'Dibeli bersama',
        }),
      }),
      201,
    );
    expect(p).toMatchObject({ sepencarian_spouse_heir_id: wifeId, sepencarian_spouse_ic: '800101145552' });
    const typed = await ok(
      t.call('PATCH', `/api/immoveable-property/${p.id}`, {
        token,
        body: land({
          property_no: 'GRN 7777',
          value_sen: RM(10_000),
          harta_sepencarian: true,
          sepencarian_spouse_name: 'Aisyah binti Omar',
          sepencarian_bp: 1000,
          sepencarian_basis: 'agreed',
          sepencarian_basis_note: 'Dibeli bersama',
        }),
      }),
    );
    expect(typed.immoveable_property).toMatchObject({
      sepencarian_spouse_heir_id: null,
      sepencarian_spouse_name: 'Aisyah binti Omar',
      sepencarian_spouse_ic: null,
    });
    await ok(t.call('DELETE', `/api/immoveable-property/${p.id}`, { token }));
  });

  it("refuses a husband as the spouse of a male testator (a man's spouse is his wife)", async () => {
    const husband = await ok(
      t.call('POST', '/api/heir', {
        token,
        body: heir(id, { name: 'Hamid bin Musa', relationship: 'husband', ic_number: '790101145553' }),
      }),
      201,
    );
    const r = await t.call('POST', '/api/immoveable-property', {
      token,
      body: land({
        property_no: 'GRN 8888',
        harta_sepencarian: true,
        sepencarian_spouse_heir_id: husband.heir.id,
        sepencarian_bp: 1000,
        sepencarian_basis: 'agreed',
        sepencarian_basis_note: 'Dibeli bersama',
      }),
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.sepencarian_spouse_heir_id).toEqual([
      'The spouse of a male testator is his wife, and of a female testator her husband.',
    ]);
    await ok(t.call('DELETE', `/api/heir/${husband.heir.id}`, { token }));
  });

  it('an heir named as the spouse can neither stop being a husband or wife nor be removed', async () => {
    const [declared] = await t.ctx.db.select().from(heirs).where(eq(heirs.id, wifeId));
    expect(declared.relationship).toBe('wife');
    const asChild = await t.call('PATCH', `/api/heir/${wifeId}`, {
      token,
      body: heir(id, { ic_number: '800101145552', relationship: 'son' }),
    });
    expect(asChild.status).toBe(422);
    expect(Object.keys(asChild.body.errors)).toEqual(['relationship']);
    expect(asChild.body.errors.relationship[0]).toContain('harta sepencarian');
    const removed = await t.call('DELETE', `/api/heir/${wifeId}`, { token, lang: 'ms' });
    expect(removed.status).toBe(422);
    expect(removed.body.errors.id[0]).toContain('akuan harta sepencarian');
    const [after] = await t.ctx.db.select().from(heirs).where(eq(heirs.id, wifeId));
    expect(after.relationship).toBe('wife');
  });
});
