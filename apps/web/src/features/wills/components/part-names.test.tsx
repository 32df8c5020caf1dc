/**
 * The will's steps are numbered in the step list (instrument StepFrame), not lettered: messages that send the user
 * to another step name it as the step list does ("Waris", "Pengesahan"…), in Malay and English — never "Bahagian D"
 * or "Part F" (issue 37 item 6.3).
 */
import { describe, expect, it } from 'vitest';
import '@/components/test-utils.tsx';
import i18n, { loadLanguage } from '@/lib/i18n.ts';

const keys = [
  ['wills.e.estate.intro', 'd'],
  ['wills.e.estate.no_heirs', 'd'],
  ['wills.e.estate.skip.testator_unknown', 'c'],
  ['wills.resign.testator', 'f'],
] as const;

describe('messages name the will step, not a letter (issue 37 item 6.3)', () => {
  for (const lng of ['ms', 'en'] as const) {
    for (const [key, part] of keys) {
      it(`${lng} ${key} names the "${part}" step`, async () => {
        await loadLanguage(lng);
        const text = i18n.t(key, { lng, name: 'Ali' });
        const name = i18n.t(`wills.parts.${part}`, { lng });
        expect(text).toContain(`"${name}"`);
        expect(text).not.toMatch(/\b(Bahagian|Part) [A-I]\b/i);
        expect(text).not.toContain('$t(');
      });
    }
  }
});
