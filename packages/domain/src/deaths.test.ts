import { describe, expect, it } from 'vitest';
import {
  DEATH_MSG,
  deathDateProblem,
  deathReportSchema,
  normaliseCertificateNo,
  normaliseIdNumber,
  RELEASE_MSG,
  RELEASE_ROLES,
  releaseIdentitySchema,
  verificationsNeeded,
  willInquirySchema,
} from './deaths.ts';
import { translate } from './i18n.ts';
import { can, ROLES } from './permissions.ts';

// 12:00 on 10 Dec 2026 in Kuala Lumpur.
const NOW = new Date('2026-12-10T04:00:00Z');

describe('date of death (issue 40 item 1)', () => {
  it('is a real date, not after today in Kuala Lumpur, not before the birth date in the MyKad', () => {
    expect(deathDateProblem('800101145011', '2026-12-10', NOW)).toBeNull();
    expect(deathDateProblem('800101145011', '1980-01-01', NOW)).toBeNull(); // the day of birth itself
    expect(deathDateProblem('800101145011', '2026-12-11', NOW)).toBe(DEATH_MSG.dateFuture);
    // 23:30 on 10 Dec UTC is already 11 Dec in Kuala Lumpur: the 11th is today there.
    expect(deathDateProblem('800101145011', '2026-12-11', new Date('2026-12-10T16:30:00Z'))).toBeNull();
    expect(deathDateProblem('800101145011', '1979-12-31', NOW)).toBe(DEATH_MSG.dateBeforeBirth);
    expect(deathDateProblem('150505140123', '2014-01-01', NOW)).toBe(DEATH_MSG.dateBeforeBirth);
    expect(deathDateProblem('800101145011', '2026-02-30', NOW)).toBe(DEATH_MSG.dateInvalid);
    expect(deathDateProblem('800101145011', '10/12/2026', NOW)).toBe(DEATH_MSG.dateInvalid);
  });

  it('the schema reports the date on date_of_death and the other fields on theirs', () => {
    const ok = {
      deceased_ic_number: '800101145011',
      date_of_death: '2026-12-01',
      certificate_no: 'BD 123456',
      certificate: 'data:image/png;base64,AAAA',
      relationship: 'heir',
    };
    expect(deathReportSchema.safeParse(ok).success).toBe(true);
    const issues = (v: object) =>
      deathReportSchema.safeParse({ ...ok, ...v }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ relationship: 'cousin' })).toEqual([['relationship', 'validation.choose']]);
    expect(issues({ date_of_death: '1979-06-01' })).toEqual([['date_of_death', DEATH_MSG.dateBeforeBirth]]);
    const cert = deathReportSchema.safeParse({ ...ok, certificate_no: 'ABC' });
    expect(cert.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['certificate_no', DEATH_MSG.certificateInvalid],
    ]);
  });
});

describe('certificate numbers and the inquiry', () => {
  it('compares numbers without case, spaces, dashes, dots or slashes', () => {
    expect(normaliseCertificateNo('bd 123-456')).toBe('BD123456');
    expect(normaliseCertificateNo('BD/123.456')).toBe(normaliseCertificateNo('BD123456'));
  });
  it('an inquiry needs a MyKad, a number and an e-mail address', () => {
    const r = willInquirySchema.safeParse({ deceased_ic_number: '8001011450', certificate_no: 'BD1', email: 'x' });
    expect(r.error?.issues.map((i) => i.path[0]).sort()).toEqual(['certificate_no', 'deceased_ic_number', 'email']);
  });
});

describe('who verifies', () => {
  it('two staff members for a deceased with a registered instrument, else one', () => {
    expect(verificationsNeeded(true)).toBe(2);
    expect(verificationsNeeded(false)).toBe(1);
  });
  it("only the provider's verifying roles verify deaths; every role but the accountant reports one", () => {
    expect(ROLES.filter((r) => can(r, 'death:verify')).sort()).toEqual(['Admin', 'Officer', 'Staff']);
    expect(ROLES.filter((r) => !can(r, 'death:report'))).toEqual(['Accountant']);
    expect(ROLES.filter((r) => can(r, 'death:read:organisation'))).toEqual(['Partner']);
  });
  it('every message has Malay and English', () => {
    for (const key of Object.values(DEATH_MSG)) {
      expect(translate(key, 'ms')).not.toBe(key);
      expect(translate(key, 'en')).not.toBe(key);
      expect(translate(key, 'ms')).not.toBe(translate(key, 'en'));
    }
  });
});

describe('the release identity check (issue 40 item 3; ADR 0267)', () => {
  it('compares identity numbers in upper case, letters and digits only', () => {
    expect(normaliseIdNumber('880101-14-5511')).toBe('880101145511');
    expect(normaliseIdNumber(' 202001012345 (1234567-x) ')).toBe('2020010123451234567X');
  });

  it('needs a 6-digit code and an identity number', () => {
    expect(releaseIdentitySchema.safeParse({ code: '123456', ic_number: '880101-14-5511' }).success).toBe(true);
    const bad = releaseIdentitySchema.safeParse({ code: '12345', ic_number: '--' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => `${String(i.path[0])}:${i.message}`)).toEqual([
      'code:otp.incorrect',
      `ic_number:${RELEASE_MSG.idRequired}`,
    ]);
  });

  it('orders the roles strongest first', () => {
    expect(RELEASE_ROLES[0]).toBe('executor');
    expect(RELEASE_ROLES).toEqual(['executor', 'heir', 'beneficiary', 'guardian', 'receiver', 'caretaker']);
  });
});
