import { describe, expect, it } from 'vitest';
import { defaultGoverningState, enactmentFor, governingLawOf, WASIAT_ENACTMENTS } from './governing-law.ts';
import { translate } from './i18n.ts';
import { STATES } from './validation/common.ts';

describe('the state enactments recorded (ADR 0260)', () => {
  it('Selangor 1999, Negeri Sembilan 2004, Melaka 2005 and Kelantan 2009 — and no other state', () => {
    expect(WASIAT_ENACTMENTS.map((e) => [e.state, e.year])).toEqual([
      ['Selangor', 1999],
      ['Negeri Sembilan', 2004],
      ['Melaka', 2005],
      ['Kelantan', 2009],
    ]);
    expect(enactmentFor('Selangor')?.title_ms).toBe('Enakmen Wasiat Orang Islam (Selangor) 1999');
    expect(enactmentFor('Johor')).toBeNull();
    for (const e of WASIAT_ENACTMENTS) expect(STATES).toContain(e.state);
  });
  it('only the Selangor enactment has its witness section recorded (s. 3, the one we read)', () => {
    expect(WASIAT_ENACTMENTS.filter((e) => e.witnessSection).map((e) => [e.state, e.witnessSection])).toEqual([
      ['Selangor', '3'],
    ]);
  });
});

describe('the default: the testator address', () => {
  it('permanent address state first, then the correspondence address; anything else is no default', () => {
    expect(defaultGoverningState({ permanent_state: 'Melaka', correspondence_state: 'Johor' })).toBe('Melaka');
    expect(defaultGoverningState({ permanent_state: null, correspondence_state: 'Johor' })).toBe('Johor');
    expect(defaultGoverningState({ permanent_state: 'Narnia' })).toBeNull();
    expect(defaultGoverningState(null)).toBeNull();
  });
});

describe('a will governing law', () => {
  const detail = { permanent_state: 'Johor', correspondence_state: 'Selangor' };
  it('the recorded and confirmed state wins over the address, with its enactment and witness rule', () => {
    const g = governingLawOf(
      { governing_state: 'Selangor', governing_state_confirmed_at: new Date('2026-12-01T00:00:00Z') },
      detail,
    );
    expect(g).toMatchObject({
      state: 'Selangor',
      confirmed_at: '2026-12-01T00:00:00.000Z',
      suggested_state: 'Johor',
      witness_rule: 'witness.rule.selangor',
    });
    expect(g.enactment?.year).toBe(1999);
    expect(translate(g.witness_rule, 'en', { title: g.enactment?.title_en ?? '' })).toContain(
      'Muslim Wills (Selangor) Enactment 1999, section 3',
    );
  });
  it('unrecorded: the address default, not confirmed; Johor has no wasiat enactment recorded', () => {
    const g = governingLawOf({}, detail);
    expect(g).toMatchObject({ state: 'Johor', confirmed_at: null, enactment: null });
    expect(g.witness_rule).toBe('witness.rule.no_enactment');
    expect(translate(g.witness_rule, 'ms', { state: 'Johor' })).toContain(
      'Tiada enakmen wasiat khusus direkodkan bagi Johor',
    );
  });
  it('a recorded enactment whose witness provision we did not read says so; no state at all says that', () => {
    expect(governingLawOf({ governing_state: 'Kelantan' }, null).witness_rule).toBe('witness.rule.not_read');
    expect(governingLawOf({}, null)).toMatchObject({ state: null, witness_rule: 'witness.rule.no_state' });
  });
});
