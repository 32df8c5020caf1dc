import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('OpenAPI', () => {
  it('documents the wills and users routes from their zod schemas', async () => {
    const r = await t.call('GET', '/api/docs/json');
    expect(r.status).toBe(200);
    const paths = Object.keys(r.body.paths);
    for (const p of [
      '/api/wasiat',
      '/api/wasiat/{id}',
      '/api/heir',
      '/api/witness',
      '/api/property-receiver',
      '/api/user',
    ]) {
      expect(paths, p).toContain(p);
    }
    const witness = r.body.paths['/api/witness'].post.requestBody.content['application/json'].schema;
    expect(witness.required).toEqual(expect.arrayContaining(['name', 'ic_number', 'email', 'address', 'postcode']));
    // The signature may come with the witness or afterwards (POST /witness/{id}/signature); an unsigned witness
    // never counts towards submission (spec §5, ADR 0131).
    expect(Object.keys(witness.properties)).toContain('signature');
  });
});
