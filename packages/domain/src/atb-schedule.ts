/**
 * The schedule of an ATB (Arahan Tetap Bank, bank standing instruction) mandate (spec §3 "Frequency: monthly,
 * semi-annual, annual, other", §9 payment modes; issue 38 item 3; ADR 0264): the debits the bank makes from the
 * first debit date, each of the mandate's debit amount, until the amount due is covered — the last debit is the
 * remainder. Pure: the API computes it from the payment row (`atb_amount_sen`, `atb_frequency`, `atb_start_date`,
 * `amount_sen`) and the screens show it. Money in integer sen; dates are calendar dates 'YYYY-MM-DD'.
 *
 * Worked figures: RM 300 at RM 100 monthly from 5 Jan 2027 → 5 Jan, 5 Feb, 5 Mar 2027, RM 100 each; RM 250 at
 * RM 100 → RM 100, RM 100, RM 50. A debit day beyond the end of a shorter month falls on its last day (31 Jan →
 * 28 Feb → 31 Mar): each date is counted from the first debit date, never from the one before.
 */

/** The most debits a mandate may have (10 years of monthly debits): a smaller debit amount is refused. */
export const ATB_MAX_INSTALMENTS = 120;

/** Months between two debits of each frequency; `other` (described in words) has no computable date. */
const MONTHS: Record<string, number> = { monthly: 1, semi_annual: 6, annual: 12 };

/** One debit of the schedule: its number (1-based), its due date (null when the frequency is `other`), sen. */
export interface AtbInstalment {
  no: number;
  due_date: string | null;
  amount_sen: number;
}

/** What a mandate's schedule is computed from (the ATB fields of its payment). */
export interface AtbTerms {
  /** The amount due by the mandate (the payment's `amount_sen`, after any promo discount), sen. */
  totalSen: number;
  /** The amount of each debit (`atb_amount_sen`); null or not positive → one debit of the whole amount. */
  amountSen: number | null;
  /** `monthly` | `semi_annual` | `annual` | `other` (`atb_frequency`); null → like `other`. */
  frequency: string | null;
  /** The first debit date 'YYYY-MM-DD' (`atb_start_date`); null → no dates. */
  startDate: string | null;
}

/**
 * 'YYYY-MM-DD' plus `months` calendar months, the day kept or, past the end of the target month, its last day.
 * @throws RangeError for a string that is not 'YYYY-MM-DD'.
 */
export function addMonthsToDate(date: string, months: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  const index = Number(m[2]) - 1 + months;
  const year = Number(m[1]) + Math.floor(index / 12);
  const month = ((index % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(Number(m[3]), last);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The number of debits that cover `totalSen` at `amountSen` each (0 when nothing is due). */
export function atbInstalmentCount(totalSen: number, amountSen: number | null): number {
  if (totalSen <= 0) return 0;
  const each = amountSen && amountSen > 0 ? Math.min(amountSen, totalSen) : totalSen;
  return Math.ceil(totalSen / each);
}

/**
 * The debits of a mandate, in order: each `amountSen` (capped at what is due), the last the remainder; due dates
 * from `startDate` every 1, 6 or 12 months by `frequency` (for `other` only the first debit has a date).
 * Empty when nothing is due.
 */
export function atbSchedule(terms: AtbTerms): AtbInstalment[] {
  const n = atbInstalmentCount(terms.totalSen, terms.amountSen);
  if (n === 0) return [];
  const each = terms.amountSen && terms.amountSen > 0 ? Math.min(terms.amountSen, terms.totalSen) : terms.totalSen;
  const step = terms.frequency ? MONTHS[terms.frequency] : undefined;
  const out: AtbInstalment[] = [];
  for (let i = 0; i < n; i++) {
    let due: string | null = null;
    if (terms.startDate !== null && i === 0) due = terms.startDate;
    else if (terms.startDate !== null && step) due = addMonthsToDate(terms.startDate, i * step);
    out.push({ no: i + 1, due_date: due, amount_sen: i < n - 1 ? each : terms.totalSen - each * (n - 1) });
  }
  return out;
}

/**
 * The smallest debit amount (sen) that covers `totalSen` within {@link ATB_MAX_INSTALMENTS} debits
 * (the floor of a mandate's `atb_amount_sen`).
 */
export const atbMinimumAmount = (totalSen: number) => Math.ceil(totalSen / ATB_MAX_INSTALMENTS);
