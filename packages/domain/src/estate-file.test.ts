import { describe, expect, it } from 'vitest';
import { estateClaimsSchema, estateHeirChangeSchema, hibahState, sameAsset } from './estate-file.ts';

describe('sameAsset (ADR 0274: each asset once)', () => {
  it('matches an entry to a will property by its account, registration or title number', () => {
    expect(sameAsset({ reference: '1234-5678 90' }, { account_number: '1234567890' })).toBe(true);
    expect(sameAsset({ reference: 'wxy 1234' }, { transport_registration_number: 'WXY1234' })).toBe(true);
    expect(sameAsset({ reference: 'GRN 555' }, { property_no: 'grn555' })).toBe(true);
    expect(sameAsset({ reference: '999' }, { account_number: '1234567890' })).toBe(false);
    expect(sameAsset({ reference: null }, { account_number: null })).toBe(false);
  });
});

describe('hibahState', () => {
  it('is complete when registered, accepted by every receiver and delivered (ledger credited)', () => {
    const ok = { registered: true, receivers: [{ accepted: true }], ledger_balance_sen: 100 };
    expect(hibahState(ok)).toEqual({ complete: true, missing: [] });
    expect(hibahState({ ...ok, receivers: [{ accepted: true }, { accepted: false }] }).missing).toEqual(['acceptance']);
    expect(hibahState({ ...ok, ledger_balance_sen: null }).missing).toEqual(['delivery']);
    expect(hibahState({ registered: false, receivers: [], ledger_balance_sen: 0 }).missing).toEqual([
      'registration',
      'acceptance',
      'delivery',
    ]);
  });
});

describe('the estate file bodies', () => {
  it('names the missing field of a correction', () => {
    const fields = (v: unknown) => {
      const r = estateHeirChangeSchema.safeParse(v);
      return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    };
    expect(fields({ kind: 'died', event_date: '2025-01-01' })).toEqual(['heir_id']);
    expect(
      fields({ kind: 'added', name: 'A', relationship: 'cousin', ic_number: '250301145513', event_date: '2025-03-01' }),
    ).toEqual(['relationship']);
    expect(
      fields({ kind: 'added', name: 'A', relationship: 'son', ic_number: '12', event_date: '2025-03-01' }),
    ).toEqual(['ic_number']);
    expect(fields({ kind: 'died', heir_id: 'h', event_date: '2025-02-30' })).toEqual(['event_date']);
    expect(
      fields({ kind: 'added', name: 'A', relationship: 'son', ic_number: '250301145513', event_date: '2025-03-01' }),
    ).toEqual([]); // An added heir's e-mail (ADR 0282: their release link) is optional, and named when malformed.
    const added = {
      kind: 'added',
      name: 'A',
      relationship: 'son',
      ic_number: '900202145537',
      event_date: '2025-03-01',
    };
    expect(fields({ ...added, email: 'a@' })).toEqual(['email']);
    expect(fields({ ...added, email: '' })).toEqual([]);
    expect(estateHeirChangeSchema.parse({ ...added, email: ' said@example.com ' }).email).toBe('said@example.com');
  });
  it('takes whole sen, not negative', () => {
    expect(estateClaimsSchema.safeParse({ funeral_sen: 100, other_debts_sen: 0 }).success).toBe(true);
    expect(estateClaimsSchema.safeParse({ funeral_sen: 1.5, other_debts_sen: 0 }).success).toBe(false);
  });
});
