import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signUpSchema } from './auth.ts';
import {
  email,
  genderFromMykad,
  isMykadDate,
  maskMykad,
  maskName,
  mobile,
  mykad,
  postcode,
  STATES,
  stateFromText,
  V,
} from './common.ts';

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('MyKad', () => {
  it('accepts 12 digits whose first six are a real date', () => {
    expect(mykad().safeParse('900101145012').success).toBe(true);
    expect(mykad().safeParse('000229145012').success).toBe(true); // 2000-02-29
  });
  it('refuses dashes, wrong length and impossible dates with the right key', () => {
    expect(firstError(mykad().safeParse('900101-14-5012'))).toBe(V.numeric);
    expect(firstError(mykad().safeParse('90010114501'))).toBe(V.mykadLength);
    expect(firstError(mykad().safeParse('901301145012'))).toBe(V.mykadDate);
    expect(firstError(mykad().safeParse('010229145012'))).toBe(V.mykadDate); // 1901 and 2001 not leap
    expect(firstError(mykad().safeParse(''))).toBe(V.required);
  });
  it('a date check agrees with the calendar for every day of two years', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (y, m, d) => {
          const ic = `${String(y).padStart(2, '0')}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`;
          const real = [1900 + y, 2000 + y].some((yy) => new Date(Date.UTC(yy, m - 1, d)).getUTCDate() === d);
          expect(isMykadDate(ic)).toBe(real);
        },
      ),
    );
  });
  it('gender from the last digit: odd male, even female', () => {
    expect(genderFromMykad('900101145011')).toBe(1);
    expect(genderFromMykad('900101145012')).toBe(2);
  });
  it('masks for public display', () => {
    expect(maskMykad('900101145012')).toBe('900101****12');
    expect(maskName('Ahmad bin Ali')).toBe('A**** b** A**');
  });
});

describe('contact fields', () => {
  it('uses the spec message key for an invalid e-mail', () => {
    expect(firstError(email().safeParse('not-an-email'))).toBe(V.emailInvalid);
    expect(email().safeParse('a.b@example.com.my').success).toBe(true);
  });
  it('normalises Malaysian mobiles to E.164 and refuses letters', () => {
    expect(mobile().parse('012-345 6789')).toBe('+60123456789');
    expect(mobile().parse('+60111234567')).toBe('+60111234567');
    expect(firstError(mobile().safeParse('01a2345678'))).toBe(V.numeric);
    expect(firstError(mobile().safeParse('0312345678'))).toBe(V.mobileInvalid);
  });
  it('postcode is 5 digits', () => {
    expect(postcode().safeParse('50450').success).toBe(true);
    expect(firstError(postcode().safeParse('5045'))).toBe(V.postcodeInvalid);
  });
});

describe('sign-up', () => {
  const base = {
    name: 'Aminah binti Ahmad',
    username: 'aminah',
    email: 'aminah@example.com',
    ic_number: '920815145678',
    mobile_number: '0123456789',
    password: 'Rahsia123',
    password_confirmation: 'Rahsia123',
    pdpa: true,
  };
  it('accepts a complete form', () => expect(signUpSchema.safeParse(base).success).toBe(true));
  it('requires PDPA agreement', () => {
    const r = signUpSchema.safeParse({ ...base, pdpa: false });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['pdpa', V.pdpaRequired]]);
  });
  it('password needs upper, lower and a digit; the repeat must match', () => {
    const r = signUpSchema.safeParse({ ...base, password: 'rahsia12', password_confirmation: 'rahsia13' });
    const fields = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(fields).toEqual({ password: V.passwordRules, password_confirmation: V.passwordMismatch });
  });
});

describe('stateFromText (the 2021 client sends the state upper-cased; ADR 0255)', () => {
  it('reads every state in capitals, in lower case and as it is', () => {
    for (const s of STATES) {
      expect(stateFromText(s)).toBe(s);
      expect(stateFromText(s.toUpperCase())).toBe(s);
      expect(stateFromText(`  ${s.toLowerCase()} `)).toBe(s);
    }
  });
  it('reads the federal territories spelt other ways and common other names', () => {
    expect(stateFromText('W.P. KUALA LUMPUR')).toBe('W.P. Kuala Lumpur');
    expect(stateFromText('WP Kuala Lumpur')).toBe('W.P. Kuala Lumpur');
    expect(stateFromText('W.P KUALA  LUMPUR')).toBe('W.P. Kuala Lumpur');
    expect(stateFromText('Wilayah Persekutuan Putrajaya')).toBe('W.P. Putrajaya');
    expect(stateFromText('LABUAN')).toBe('W.P. Labuan');
    expect(stateFromText('Penang')).toBe('Pulau Pinang');
    expect(stateFromText('Malacca')).toBe('Melaka');
  });
  it('names no state for anything else', () => {
    for (const v of ['', 'Singapore', 'Kuala', 'Selangor Darul Ehsan Utara', 'W.P.'])
      expect(stateFromText(v)).toBeNull();
  });
});
