/**
 * The view of an ATB mandate (ADR 0264): its schedule (domain `atbSchedule` from the payment's debit amount,
 * frequency and first debit date, until its `amount_sen`) joined to its instalment rows. Pure; money in sen.
 */
import { atbSchedule } from '@wasiat/domain';
import type { payments } from '../../db/schema/index.ts';

type Payment = typeof payments.$inferSelect;

/** One debit of a mandate's schedule and whether it was received (its instalment row, receipt and time). */
interface InstalmentLine {
  no: number;
  /** 'YYYY-MM-DD'; null when the frequency is "other" (after the first debit). */
  due_date: string | null;
  amount_sen: number;
  received: boolean;
  payment_id: string | null;
  receipt_no: string | null;
  paid_at: Date | null;
}

/** A mandate's progress: `received` of `total` instalments, sums in sen, the next debit, every line. */
export interface MandateInstalments {
  total: number;
  received: number;
  received_sen: number;
  remaining_sen: number;
  next: { no: number; due_date: string | null; amount_sen: number } | null;
  schedule: InstalmentLine[];
}

/** The schedule of a mandate (its payment's ATB fields; the amount due is its `amount_sen`). */
const scheduleOf = (p: Payment) =>
  atbSchedule({
    totalSen: p.amount_sen,
    amountSen: p.atb_amount_sen,
    frequency: p.atb_frequency,
    startDate: p.atb_start_date,
  });

/** A mandate's schedule joined to its instalment rows (`children`, any order). */
export function mandateInstalments(p: Payment, children: readonly Payment[]): MandateInstalments {
  const byNo = new Map(children.map((c) => [c.instalment_no, c]));
  const schedule = scheduleOf(p).map((s) => {
    const c = byNo.get(s.no);
    return {
      ...s,
      received: !!c,
      payment_id: c?.id ?? null,
      receipt_no: c?.receipt_no ?? null,
      paid_at: c?.paid_at ?? null,
    };
  });
  const got = schedule.filter((s) => s.received);
  const received_sen = got.reduce((a, s) => a + s.amount_sen, 0);
  const next = schedule.find((s) => !s.received);
  return {
    total: schedule.length,
    received: got.length,
    received_sen,
    remaining_sen: p.amount_sen - received_sen,
    next: next ? { no: next.no, due_date: next.due_date, amount_sen: next.amount_sen } : null,
    schedule,
  };
}
