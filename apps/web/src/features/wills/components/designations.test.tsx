/**
 * The titles list (designations; spec §3 Sir, Mr., Mrs., Madam, Ms., …) shows each title once in both languages:
 * "Puan" appeared twice in Malay, for Mrs. and Madam (issue 37 item 6.5).
 */
import { DESIGNATIONS } from '@wasiat/domain';
import { describe, expect, it } from 'vitest';
import { catalogueOptions } from '../../../components/instrument/fields.tsx';

describe('designation options (issue 37 item 6.5)', () => {
  for (const lang of ['ms', 'en'] as const) {
    it(`has no duplicate label in ${lang}`, () => {
      const labels = catalogueOptions(DESIGNATIONS, lang).map((o) => o.label);
      expect(labels.filter((l) => l === 'Puan').length).toBeLessThanOrEqual(1);
      expect(new Set(labels).size).toBe(labels.length);
      // every spec value is still offered (stored codes stay valid)
      expect(catalogueOptions(DESIGNATIONS, lang).map((o) => o.value)).toEqual(DESIGNATIONS.map((d) => String(d.code)));
      expect(labels).toHaveLength(11);
    });
  }
});
