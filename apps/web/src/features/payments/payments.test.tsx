import { MESSAGES, PAYMENT_OPTIONS } from '@wasiat/domain';
import { describe, expect, it } from 'vitest';
import enPayments from '@/locales/en/payments.json';
import msPayments from '@/locales/ms/payments.json';
import { emptyModeValues, modeBody, ringgitToSen } from './ModeFields.tsx';

const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix];

describe('payments locale files', () => {
  it('have the same keys in Malay and English (web and server messages)', () => {
    expect(keys(enPayments).sort()).toEqual(keys(msPayments).sort());
    expect(keys(MESSAGES.en.payments).sort()).toEqual(keys(MESSAGES.ms.payments).sort());
  });
  it('carry the spec §8 messages', () => {
    expect((MESSAGES.en.payments as Record<string, string>).receipt_mail_failed).toBe(
      'Receipt email failed: contact customer service.',
    );
    expect((MESSAGES.en.payments as Record<string, string>).payment_failed).toBe('Payment of will failed.');
  });
});

describe('mode fields → POST /payment body', () => {
  it('converts ringgit to integer sen', () => {
    expect(ringgitToSen('50.10')).toBe(5010);
    expect(ringgitToSen(0.1 + 0.2)).toBe(30);
    expect(ringgitToSen('')).toBeUndefined();
  });
  it('sends the ATB fields, the other frequency only for "other"', () => {
    const v = {
      ...emptyModeValues(),
      atbAmount: 50,
      atbFrequency: 'monthly',
      atbOther: 'ignored',
      bank: 'BANK ISLAM',
      accountNo: ' 1234567 ',
      atbStart: '2030-01-01',
    };
    expect(modeBody(PAYMENT_OPTIONS.atb, v)).toEqual({
      atb_amount_sen: 5000,
      atb_frequency: 'monthly',
      atb_other_frequency: undefined,
      bank_name: 'BANK ISLAM',
      account_no: '1234567',
      atb_start_date: '2030-01-01',
    });
    expect(modeBody(PAYMENT_OPTIONS.financing, v)).toEqual({ bank_name: 'BANK ISLAM' });
    expect(modeBody(PAYMENT_OPTIONS.gateway, v)).toEqual({});
    expect(modeBody(PAYMENT_OPTIONS.direct, { ...v, reference: ' FT123 ' })).toEqual({ reference: 'FT123' });
  });
});
