/**
 * A minor's caretaker form (hibah part G) has one e-mail field: the will's guardian fields carry one since ADR 0276,
 * and a second field of the same name left the caretaker's e-mail empty (the hibah journey's caretaker got no link).
 */
import { describe, expect, it } from 'vitest';
import { caretakerSpecs } from '@/components/instrument/party-fields.ts';
import i18n from '@/lib/i18n.ts';
import { minorCaretakerSpecs } from './party-fields.ts';

const t = i18n.t.bind(i18n) as Parameters<typeof caretakerSpecs>[0];

describe('minorCaretakerSpecs', () => {
  it('keeps one e-mail field whether or not the person fields have one', () => {
    const withEmail = caretakerSpecs(t).filter((s) => s.name !== 'wards');
    const names = minorCaretakerSpecs(t, withEmail, [{ id: 'r1', name: 'Irfan' }], 'Minor').map((s) => s.name);
    expect(names.filter((n) => n === 'email')).toHaveLength(1);
    const withoutEmail = withEmail.filter((s) => s.name !== 'email');
    const again = minorCaretakerSpecs(t, withoutEmail, [], 'Minor').map((s) => s.name);
    expect(again.filter((n) => n === 'email')).toHaveLength(1);
    expect(new Set(names).size).toBe(names.length);
  });
});
