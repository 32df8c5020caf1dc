import { describe, expect, it } from 'vitest';
import { translate } from './i18n.ts';
import {
  type WitnessParties,
  witnessIdentificationKey,
  witnessRefusal,
  witnessRefusalKey,
} from './witness-eligibility.ts';

// 7 Dec 2026, 10:00 in Kuala Lumpur.
const now = new Date('2026-12-07T02:00:00Z');

const TESTATOR = '800101145551';
const HEIR = '850505145552';
const RECEIVER = '880808145553';
const CARETAKER_WIFE = '860606145554';
const EXECUTOR = '700707145555';
const OTHER_WITNESS = '750505145557';
const STRANGER = '900909145559';

const parties: WitnessParties = {
  principals: [TESTATOR, null],
  heirs: [
    { ic_number: HEIR, relationship: 'son' },
    { ic_number: null, relationship: 'daughter' },
  ],
  receivers: [{ ic_number: RECEIVER, relationship: 'relative' }],
  others: [{ ic_number: CARETAKER_WIFE, relationship: 'wife' }],
  executors: [EXECUTOR],
  witnesses: [OTHER_WITNESS],
};

describe('the age rule: 18 or older by the MyKad (YYMMDD, century rule, Kuala Lumpur date)', () => {
  it('refuses a witness born 8 Dec 2008 on 7 Dec 2026, and takes them from 8 Dec 2026 (KL midnight)', () => {
    expect(witnessRefusal({ ic_number: '081208145551' }, parties, now)).toEqual({
      reason: 'minor',
      field: 'ic_number',
    });
    // 8 Dec 2026 00:00 in Kuala Lumpur is 7 Dec 16:00 UTC.
    expect(witnessRefusal({ ic_number: '081208145551' }, parties, new Date('2026-12-07T15:59:00Z'))?.reason).toBe(
      'minor',
    );
    expect(witnessRefusal({ ic_number: '081208145551' }, parties, new Date('2026-12-07T16:00:00Z'))).toBeNull();
  });
  it('"26" is 2026 (a baby) while "27" is 1927: the century that does not put the birth in the future', () => {
    expect(witnessRefusal({ ic_number: '260101145551' }, parties, now)?.reason).toBe('minor');
    expect(witnessRefusal({ ic_number: '270101145551' }, parties, now)).toBeNull();
  });
});

describe('who may not witness', () => {
  it('the testator or grantor themself', () => {
    expect(witnessRefusal({ ic_number: TESTATOR }, parties, now)?.reason).toBe('principal');
  });
  it('an heir and a receiver, by MyKad', () => {
    expect(witnessRefusal({ ic_number: HEIR }, parties, now)?.reason).toBe('heir');
    expect(witnessRefusal({ ic_number: RECEIVER }, parties, now)?.reason).toBe('receiver');
  });
  it('the spouse of an heir or a receiver: by the spouse MyKad the witness gives (field spouse_ic_number)', () => {
    expect(witnessRefusal({ ic_number: STRANGER, spouse_ic_number: HEIR }, parties, now)).toEqual({
      reason: 'spouse',
      field: 'spouse_ic_number',
    });
    expect(witnessRefusal({ ic_number: STRANGER, spouse_ic_number: RECEIVER }, parties, now)?.reason).toBe('spouse');
    expect(witnessRefusal({ ic_number: STRANGER, spouse_ic_number: '910101145551' }, parties, now)).toBeNull();
  });
  it('a person the records name as husband or wife (the principal spouse, an heir by faraid)', () => {
    expect(witnessRefusal({ ic_number: CARETAKER_WIFE }, parties, now)).toEqual({
      reason: 'spouse',
      field: 'ic_number',
    });
  });
  it('the executor (wasi) and a second entry of the same witness', () => {
    expect(witnessRefusal({ ic_number: EXECUTOR }, parties, now)?.reason).toBe('executor');
    expect(witnessRefusal({ ic_number: OTHER_WITNESS }, parties, now)?.reason).toBe('duplicate');
  });
  it('an adult stranger may witness; missing MyKad numbers of parties match nobody', () => {
    expect(witnessRefusal({ ic_number: STRANGER }, parties, now)).toBeNull();
    expect(witnessRefusal({ ic_number: STRANGER }, { principals: [], heirs: [], receivers: [] }, now)).toBeNull();
  });
});

describe('messages', () => {
  it('each refusal has a Malay and an English message, worded for the kind of instrument', () => {
    for (const reason of ['principal', 'minor', 'heir', 'receiver', 'spouse', 'executor', 'duplicate'] as const) {
      for (const kind of ['will', 'hibah'] as const) {
        const key = witnessRefusalKey(reason, kind);
        expect(translate(key, 'ms')).not.toBe(key);
        expect(translate(key, 'en')).not.toBe(key);
      }
    }
    expect(translate(witnessRefusalKey('principal', 'will'), 'en')).toBe('The testator cannot be a witness.');
    expect(translate(witnessRefusalKey('principal', 'hibah'), 'en')).toBe('The grantor cannot be a witness.');
    expect(translate(witnessRefusalKey('minor', 'will'), 'ms')).toBe(
      'Saksi mestilah berumur 18 tahun ke atas mengikut MyKad.',
    );
  });
  it('how a witness was identified, and "not identified" for anything else', () => {
    expect(translate(witnessIdentificationKey('email_code'), 'en')).toBe(
      "MyKad and a code sent to the witness's own e-mail",
    );
    expect(translate(witnessIdentificationKey('staff'), 'ms')).toBe('MyKad disemak di hadapan kakitangan penyedia');
    expect(witnessIdentificationKey(null)).toBe('witness.identified.none');
    expect(witnessIdentificationKey('guess')).toBe('witness.identified.none');
  });
});
