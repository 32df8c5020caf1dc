import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { FARAID_RATE_LIMIT } from './routes.ts';

describe('POST /api/faraid (issue 9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('answers shares of the whole as reduced fractions, with Baitulmal by default', async () => {
    const r = await t.call('POST', '/api/faraid', { body: { deceased: 'male', heirs: { wife: 1, daughter: 1 } } });
    expect(r.status).toBe(200);
    expect(r.body.shares).toEqual({ wife: '1/8', daughter: '1/2', baitulmal: '3/8' });
    expect(r.body.amounts).toBeUndefined();
    expect(r.body.steps.some((s: { rule: string }) => s.rule === 'baitulmal_residue')).toBe(true);
  });

  it('applies radd on request, and gives amounts in sen that add up to the estate', async () => {
    const r = await t.call('POST', '/api/faraid', {
      body: { deceased: 'male', heirs: { wife: 1, daughter: 1 }, policy: 'radd', estate: 100_001 },
    });
    expect(r.body.shares).toEqual({ wife: '1/8', daughter: '7/8' });
    expect(r.body.amounts).toEqual({ wife: 12_500, daughter: 87_501 });
  });

  it('gives "0" for a blocked heir and says by whom, in the language asked', async () => {
    const r = await t.call('POST', '/api/faraid', {
      lang: 'en',
      body: { deceased: 'female', heirs: { husband: 1, son: 1, full_brother: 2 } },
    });
    expect(r.body.shares).toEqual({ husband: '1/4', son: '3/4', full_brother: '0' });
    const blocked = r.body.steps.find((s: { heir: string }) => s.heir === 'full_brother');
    expect(blocked).toMatchObject({ rule: 'blocked', by: ['son'], text: 'Excluded (hajb) by a nearer heir.' });
  });

  it('refuses an unknown heir key with a 422 naming the field', async () => {
    const r = await t.call('POST', '/api/faraid', {
      lang: 'en',
      body: { deceased: 'male', heirs: { cousin_twice: 1 } },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ 'heirs.cousin_twice': ['Unknown heir.'] });
  });

  it('refuses impossible sets: two husbands, a husband of a man, five wives', async () => {
    const two = await t.call('POST', '/api/faraid', { body: { deceased: 'female', heirs: { husband: 2 } } });
    expect(two.status).toBe(422);
    expect(Object.keys(two.body.errors)).toEqual(['heirs.husband']);
    const man = await t.call('POST', '/api/faraid', { lang: 'en', body: { deceased: 'male', heirs: { husband: 1 } } });
    expect(man.body.errors['heirs.husband']).toEqual(['This spouse does not fit the sex of the deceased.']);
    const five = await t.call('POST', '/api/faraid', { body: { deceased: 'male', heirs: { wife: 5 } } });
    expect(five.status).toBe(422);
    expect(Object.keys(five.body.errors)).toEqual(['heirs.wife']);
  });

  it('refuses a bad sex, policy or estate', async () => {
    const r = await t.call('POST', '/api/faraid', { body: { deceased: 'x', heirs: {}, policy: 'hanafi', estate: -1 } });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual(['deceased', 'estate', 'policy']);
  });

  it('holds back a reserve for an unborn child', async () => {
    const r = await t.call('POST', '/api/faraid', {
      body: { deceased: 'male', heirs: { wife: 1, father: 1, unborn_child: 1 }, estate: 2_400 },
    });
    expect(r.body.reserved).toBe('17/24');
    expect(r.body.amounts).toEqual({ wife: 300, father: 400, unborn_child: 0, reserved: 1_700 });
  });

  it(`is rate limited (${FARAID_RATE_LIMIT} a minute per address)`, async () => {
    let last = 0;
    for (let i = 0; i <= FARAID_RATE_LIMIT; i++) {
      last = (await t.call('POST', '/api/faraid', { body: { deceased: 'male', heirs: { son: 1 } } })).status;
      if (last === 429) break;
    }
    expect(last).toBe(429);
  });
});
