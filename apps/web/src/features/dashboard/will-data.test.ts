import { describe, expect, it } from 'vitest';
import { latestWill, paymentsOf, transactionRows } from './will-data.ts';

describe('dashboard will data', () => {
  it('latestWill picks the newest created_at, null for none', () => {
    expect(latestWill([])).toBeNull();
    expect(
      latestWill([
        { id: 'a', user_id: 'u', status: 2, created_at: '2024-05-01T00:00:00Z' },
        { id: 'b', user_id: 'u', status: 0, created_at: '2025-01-01T00:00:00Z' },
        { id: 'c', user_id: 'u', status: 1, created_at: '2024-12-31T00:00:00Z' },
      ])?.id,
    ).toBe('b');
  });

  it('paymentsOf reads arrays and {data} envelopes; null when not loaded', () => {
    expect(paymentsOf({ id: 'w', user_id: 'u', status: 0 })).toBeNull();
    expect(paymentsOf({ id: 'w', user_id: 'u', status: 0, payments: [{ id: 'p' }] })).toHaveLength(1);
    expect(
      paymentsOf({ id: 'w', user_id: 'u', status: 0, payments: { data: [{ id: 'p' }, { id: 'q' }] } }),
    ).toHaveLength(2);
  });

  it('transactionRows lists every payable kind of the ledger, newest first (paid, else created; ADR 0248)', () => {
    const rows = transactionRows([
      {
        id: 'pw',
        paymentable_type: 'Wasiat',
        paymentable_id: 'w1',
        status: 'paid',
        amount_sen: 30000,
        paid_at: '2025-01-01T00:00:00Z',
      },
      {
        id: 'pa',
        paymentable_type: 'Amendment',
        paymentable_id: 'a1',
        status: 'paid',
        amount_sen: 8000,
        paid_at: '2025-03-01T00:00:00Z',
      },
      {
        id: 'pq',
        paymentable_type: 'QurbanTransaction',
        paymentable_id: 'q1',
        status: 'pending',
        amount_sen: 90000,
        created_at: '2025-02-01T00:00:00Z',
      },
    ]);
    expect(rows.map((r) => [r.key, r.status, r.amount_sen])).toEqual([
      ['pa', 'paid', 8000],
      ['pq', 'pending', 90000],
      ['pw', 'paid', 30000],
    ]);
  });
});
