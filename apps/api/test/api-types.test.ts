/**
 * The SPA's generated reply types are those of the API as it is (ADR 0301): apps/web/src/lib/api-schema.d.ts is
 * regenerated in memory from the OpenAPI document and must equal the checked-in file.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_SCHEMA_FILE, apiSchemaText, openApiDocument } from '../../../scripts/api-types.ts';

describe('generated SPA reply types', () => {
  it('apps/web/src/lib/api-schema.d.ts is generated from the current OpenAPI document', async () => {
    const doc = await openApiDocument();
    const fresh = await apiSchemaText(doc);
    const checkedIn = readFileSync(API_SCHEMA_FILE, 'utf8');
    expect(
      checkedIn === fresh,
      'apps/web/src/lib/api-schema.d.ts is stale: run `npm run api:types` and commit the file',
    ).toBe(true);
  });

  it('the document carries the reply schemas of the first slice', async () => {
    const doc = (await openApiDocument()) as { paths: Record<string, Record<string, any>> };
    const reply = (path: string) => doc.paths[path].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(reply('/api/wasiat/{id}').properties)).toEqual(['wasiat']);
    expect(Object.keys(reply('/api/wasiat').properties)).toEqual(['wasiats']);
    expect(Object.keys(reply('/api/hibah/{id}').properties)).toEqual(['hibah']);
    expect(Object.keys(reply('/api/amendment/{id}').properties)).toEqual(['amendment']);
    expect(Object.keys(reply('/api/wasiat/{id}/amendment').properties)).toEqual(['amendments']);
    // loose: keys no schema lists are allowed in the reply (nothing is stripped; ADR 0301)
    expect(reply('/api/wasiat/{id}').properties.wasiat.additionalProperties).toEqual({});
  });
});
