/** Rules of the partner programmes (issue 10): certificate rows, verification, qurban purchases and transfers. */
import { describe, expect, it } from 'vitest';
import {
  certificateRowSchema,
  certificateVerifySchema,
  fundTransferSchema,
  isIsoDate,
  isLocalDateTime,
  PG,
  QURBAN_ANIMALS,
  qurbanPurchaseSchema,
} from './programmes.ts';

const row = {
  member_name: 'Aminah binti Ahmad',
  ic_number: '920815145678',
  certificate_no: 'tk-0001',
  issue_date: '2026-01-15',
};
/** The FIRST message per field (what the API and the forms show). */
const errs = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[String(i.path[0])] ??= i.message;
  return out;
};

describe('certificate rows', () => {
  const schema = certificateRowSchema('2026-06-01');
  it('accepts a good row and upper-cases the certificate number', () => {
    expect(schema.parse(row)).toEqual({ ...row, certificate_no: 'TK-0001' });
  });
  it('refuses a MyKad that is not 12 digits or not a date (spec §5)', () => {
    expect(errs(schema.safeParse({ ...row, ic_number: '12345' })).ic_number).toBe('validation.mykad_length');
    expect(errs(schema.safeParse({ ...row, ic_number: '921315145678' })).ic_number).toBe('validation.mykad_date');
    expect(errs(schema.safeParse({ ...row, ic_number: '92081514567X' })).ic_number).toBe('validation.numeric');
  });
  it('refuses bad certificate numbers and dates', () => {
    expect(errs(schema.safeParse({ ...row, certificate_no: 'TK 01' })).certificate_no).toBe(PG.certificateNoInvalid);
    expect(errs(schema.safeParse({ ...row, issue_date: '2026-02-30' })).issue_date).toBe(PG.issueDateInvalid);
    expect(errs(schema.safeParse({ ...row, issue_date: '2026-06-02' })).issue_date).toBe(PG.issueDateFuture);
    expect(schema.safeParse({ ...row, issue_date: '2026-06-01' }).success).toBe(true);
  });
});

describe('dates', () => {
  it('checks real calendar dates and local date-times', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isLocalDateTime('2026-05-20 10:30')).toBe(true);
    expect(isLocalDateTime('2026-05-20T23:59')).toBe(true);
    expect(isLocalDateTime('2026-05-20 24:00')).toBe(false);
    expect(isLocalDateTime('2026-05-20')).toBe(false);
  });
});

describe('verification, purchases and transfers', () => {
  it('a rejection needs a reason', () => {
    expect(errs(certificateVerifySchema.safeParse({ status: 'rejected' })).rejected_reason).toBe(PG.reasonRequired);
    expect(certificateVerifySchema.safeParse({ status: 'verified' }).success).toBe(true);
  });
  it('a cow or camel has 7 shares, a goat or sheep 1', () => {
    expect(QURBAN_ANIMALS).toEqual({ cow: 7, camel: 7, goat: 1, sheep: 1 });
  });
  it('shares are whole numbers from 1 to 50', () => {
    const base = { season_id: 's', on_behalf_of: 'Ahmad bin Ali' };
    for (const shares of [0, 51, 1.5, 'x']) {
      expect(errs(qurbanPurchaseSchema.safeParse({ ...base, shares })).shares).toBe(PG.sharesRange);
    }
    expect(qurbanPurchaseSchema.parse({ ...base, shares: '3' }).shares).toBe(3);
  });
  it('a transfer is a positive whole number of sen with a reference and a local date-time', () => {
    const ok = { season_id: 's', amount_sen: '100050', reference: 'IBG-1', fund_transferred_at: '2026-05-20 10:30' };
    expect(fundTransferSchema.parse(ok).amount_sen).toBe(100050);
    expect(errs(fundTransferSchema.safeParse({ ...ok, amount_sen: '10.5' })).amount_sen).toBe(PG.amountInvalid);
    expect(errs(fundTransferSchema.safeParse({ ...ok, amount_sen: '0' })).amount_sen).toBe(PG.amountInvalid);
    expect(errs(fundTransferSchema.safeParse({ ...ok, fund_transferred_at: '20/05/2026' })).fund_transferred_at).toBe(
      PG.dateTimeInvalid,
    );
  });
});
