import { STATES } from '@wasiat/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { lookupPostcode, toOurState } from './service.ts';

describe('postcode lookup', () => {
  it('finds the city and state of known postcodes in our state names', () => {
    expect(lookupPostcode('43000')).toEqual({ postcode: '43000', city: 'Kajang', state: 'Selangor' });
    expect(lookupPostcode('50450')).toEqual({ postcode: '50450', city: 'Kuala Lumpur', state: 'W.P. Kuala Lumpur' });
    expect(lookupPostcode('62000')?.state).toBe('W.P. Putrajaya');
    expect(lookupPostcode('87000')?.state).toBe('W.P. Labuan');
  });

  it('answers null for unknown or malformed postcodes', () => {
    expect(lookupPostcode('00000')).toBeNull();
    expect(lookupPostcode('4300')).toBeNull();
    expect(lookupPostcode('43000x')).toBeNull();
  });

  it('maps every state of the package to one of ours', async () => {
    const { getStates } = await import('malaysia-postcodes');
    for (const s of getStates()) expect(STATES).toContain(toOurState(s));
  });
});

describe('GET /api/postcode/{postcode}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => t?.close());

  it('answers the place without a session, and null for an unknown code', async () => {
    const hit = await t.call('GET', '/api/postcode/43000');
    expect(hit.status).toBe(200);
    expect(hit.body).toEqual({ postcode: { postcode: '43000', city: 'Kajang', state: 'Selangor' } });
    const miss = await t.call('GET', '/api/postcode/99999');
    expect(miss.status).toBe(200);
    expect(miss.body).toEqual({ postcode: null });
  });
});
