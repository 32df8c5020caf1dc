/** The API's query-string parser (ADR 0132): blank values mean "no filter". */
import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query.ts';

describe('parseQueryString', () => {
  it("drops '', 'null' and 'undefined' values and trims keys", () => {
    const q = parseQueryString('status=null&organization_id=undefined&branch_id=&name=Ali&organization_id%20=7');
    expect({ ...q }).toEqual({ name: 'Ali', organization_id: '7' });
  });

  it('keeps repeated keys as arrays without their blank members', () => {
    expect({ ...parseQueryString('a=1&a=&a=2&b=null&b=3') }).toEqual({ a: ['1', '2'], b: '3' });
  });
});
