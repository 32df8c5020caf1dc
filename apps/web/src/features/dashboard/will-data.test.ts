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

  it("transactionRows includes the hibahs' payments, each saying what it is for, newest first (issue 21 item 9)", () => {
    const rows = transactionRows(
      [
        {
          id: 'w1',
          status: 2,
          payments: [{ id: 'pw', status: 'paid', amount_sen: 30000, paid_at: '2025-01-01T00:00:00Z' }],
        },
      ],
      [
        {
          id: 'h1',
          hibah_type: 2,
          hibah_number: 'H2025-000004',
          payments: [{ id: 'ph', status: 'paid', amount_sen: 100000, paid_at: '2025-03-01T00:00:00Z' }],
        },
        { id: 'h2', hibah_type: 9, payments: [] },
      ],
    );
    expect(rows.map((r) => [r.key, r.will?.id ?? null, r.hibah?.id ?? null, r.amount_sen])).toEqual([
      ['ph', null, 'h1', 100000],
      ['pw', 'w1', null, 30000],
    ]);
  });
});
