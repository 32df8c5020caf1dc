import { describe, expect, it } from 'vitest';
import { latestWill, paymentsOf, transactionRows } from './will-data.ts';

describe('dashboard will data', () => {
  it('latestWill picks the newest created_at, null for none', () => {
    expect(latestWill([])).toBeNull();
    expect(
      latestWill([
        { id: 'a', status: 2, created_at: '2024-05-01T00:00:00Z' },
        { id: 'b', status: 0, created_at: '2025-01-01T00:00:00Z' },
        { id: 'c', status: 1, created_at: '2024-12-31T00:00:00Z' },
      ])?.id,
    ).toBe('b');
  });

  it('paymentsOf reads arrays and {data} envelopes; null when not loaded', () => {
    expect(paymentsOf({ id: 'w', status: 0 })).toBeNull();
    expect(paymentsOf({ id: 'w', status: 0, payments: [{ id: 'p' }] })).toHaveLength(1);
    expect(paymentsOf({ id: 'w', status: 0, payments: { data: [{ id: 'p' }, { id: 'q' }] } })).toHaveLength(2);
  });

  it('transactionRows falls back to payment_status when payments are not loaded', () => {
    const rows = transactionRows([
      { id: 'w1', status: 1, payment_status: 'pending', amount_due_sen: 25000, created_at: '2025-01-01T00:00:00Z' },
      { id: 'w2', status: 0 },
      {
        id: 'w3',
        status: 2,
        payments: [{ id: 'p', status: 'paid', amount_sen: 100, paid_at: '2025-02-01T00:00:00Z' }],
      },
    ]);
    expect(rows.map((r) => [r.key, r.status, r.amount_sen])).toEqual([
      ['p', 'paid', 100],
      ['w1', 'pending', 25000],
    ]);
  });
});
