/**
 * Partner programmes (spec §1; issue 10; docs/api/programmes.md): TEKUN certificate rows and their
 * verification, ezQurban seasons, purchases and fund transfers. Errors are message KEYS of
 * `locales/{ms,en}/programmes.json` (and validation.json), translated by the API and the web client.
 * Money is integer sen (DESIGN.md §7); MyKad rules are those of spec §5 (`mykad()` of common.ts).
 */
import { z } from 'zod';
import { mykad, personName, requiredString, V } from './common.ts';

/** Message keys of the programmes module (`programmes.*`). */
export const PG = {
  certificateNoInvalid: 'programmes.certificate_no_invalid',
  issueDateInvalid: 'programmes.issue_date_invalid',
  issueDateFuture: 'programmes.issue_date_future',
  duplicateInFile: 'programmes.duplicate_in_file',
  duplicateExisting: 'programmes.duplicate_existing',
  pdfMissing: 'programmes.pdf_missing',
  pdfInvalid: 'programmes.pdf_invalid',
  spreadsheetRequired: 'programmes.spreadsheet_required',
  spreadsheetInvalid: 'programmes.spreadsheet_invalid',
  spreadsheetEmpty: 'programmes.spreadsheet_empty',
  tooManyRows: 'programmes.too_many_rows',
  spreadsheetTooLarge: 'programmes.spreadsheet_too_large',
  spreadsheetFormula: 'programmes.spreadsheet_formula',
  programmeInvalid: 'programmes.programme_invalid',
  reasonRequired: 'programmes.reason_required',
  notPending: 'programmes.not_pending',
  notVerified: 'programmes.not_verified',
  willExists: 'programmes.will_exists',
  memberNoAccount: 'programmes.member_no_account',
  openWillElsewhere: 'programmes.open_will_elsewhere',
  noPricing: 'programmes.no_pricing',
  seasonClosed: 'programmes.season_closed',
  soldOut: 'programmes.sold_out',
  sharesRange: 'programmes.shares_range',
  amountInvalid: 'programmes.amount_invalid',
  overBalance: 'programmes.over_balance',
  proofRequired: 'programmes.proof_required',
  dateTimeInvalid: 'programmes.datetime_invalid',
  animalInvalid: 'programmes.animal_invalid',
  yearInvalid: 'programmes.year_invalid',
  notPayable: 'programmes.not_payable',
  alreadyPaid: 'programmes.already_paid',
  notCancellable: 'programmes.not_cancellable',
} as const;

/** Most rows one spreadsheet may carry (a larger list is split into several uploads). */
export const MAX_UPLOAD_ROWS = 2000;

/** Certificate number: 1–50 letters, digits, `-`, `/` or `_`, stored upper-case. */
export const CERTIFICATE_NO = /^[A-Z0-9][A-Z0-9/_-]{0,49}$/;

const ymd = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `s` is a real calendar date 'YYYY-MM-DD'. */
export function isIsoDate(s: string): boolean {
  const m = ymd.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** A certificate number as typed: trimmed, upper-cased, {@link CERTIFICATE_NO}. */
export const certificateNo = () =>
  requiredString()
    .transform((s) => s.toUpperCase())
    .refine((s) => CERTIFICATE_NO.test(s), { error: PG.certificateNoInvalid });

/**
 * One certificate (a spreadsheet row or a single upload): member name, MyKad (spec §5), certificate
 * number, issue date 'YYYY-MM-DD' not after `today` (Kuala Lumpur date, given by the caller).
 */
export const certificateRowSchema = (today: string) =>
  z.object({
    member_name: personName(),
    ic_number: mykad(),
    certificate_no: certificateNo(),
    issue_date: requiredString()
      .refine(isIsoDate, { error: PG.issueDateInvalid })
      .refine((d) => d <= today, { error: PG.issueDateFuture }),
  });
export type CertificateRowInput = z.output<ReturnType<typeof certificateRowSchema>>;

/** `PATCH /api/tekun/certificate/{id}` — verify, or reject with a reason (spec §2 "certificate verification"). */
export const certificateVerifySchema = z
  .object({
    status: z.enum(['verified', 'rejected'], { error: V.choose }),
    rejected_reason: z.string().trim().max(500).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.status === 'rejected' && !b.rejected_reason) {
      ctx.addIssue({ code: 'custom', path: ['rejected_reason'], message: PG.reasonRequired });
    }
  });

/** Animal types and their shares per animal (a cow or camel has 7 shares; a goat or sheep is 1). */
export const QURBAN_ANIMALS = { cow: 7, camel: 7, goat: 1, sheep: 1 } as const;
export type QurbanAnimal = keyof typeof QURBAN_ANIMALS;

/** Most shares one purchase may take. */
export const MAX_SHARES_PER_PURCHASE = 50;

/** `POST /api/ez-qurban/season` — a season (year, place, animal type, price per share in sen). */
export const qurbanSeasonSchema = z.object({
  year: z.coerce
    .number({ error: PG.yearInvalid })
    .int({ error: PG.yearInvalid })
    .min(2000, { error: PG.yearInvalid })
    .max(2100, { error: PG.yearInvalid }),
  location: requiredString().max(100),
  country: requiredString().max(60),
  animal_type: z.enum(Object.keys(QURBAN_ANIMALS) as [QurbanAnimal, ...QurbanAnimal[]], { error: PG.animalInvalid }),
  price_per_share_sen: z.coerce
    .number({ error: PG.amountInvalid })
    .int({ error: PG.amountInvalid })
    .min(1, { error: PG.amountInvalid })
    // RM 100,000 a share at most, so 50 shares (sen) stay well inside a 32-bit integer
    .max(10_000_000, { error: PG.amountInvalid }),
  max_animals: z.coerce.number().int().min(1).max(100_000).optional(),
  partner_name: z.string().trim().max(150).optional(),
});

/**
 * `POST /api/ez-qurban/transaction` — buy `shares` shares of a season for the person named in
 * `on_behalf_of`. The buyer's name and MyKad default to the caller's; staff may give them.
 */
export const qurbanPurchaseSchema = z.object({
  season_id: requiredString().max(64),
  shares: z.coerce
    .number({ error: PG.sharesRange })
    .int({ error: PG.sharesRange })
    .min(1, { error: PG.sharesRange })
    .max(MAX_SHARES_PER_PURCHASE, { error: PG.sharesRange }),
  on_behalf_of: personName(),
  client_name: personName().optional(),
  client_mykad_number: mykad().optional(),
});

const dateTime = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})$/;
/** Whether `s` is 'YYYY-MM-DD HH:mm' (local Kuala Lumpur time) with a real date and time. */
export function isLocalDateTime(s: string): boolean {
  const m = dateTime.exec(s);
  return !!m && isIsoDate(m[1]) && Number(m[2]) < 24 && Number(m[3]) < 60;
}

/**
 * `POST /api/ez-qurban/fund-transfer` (reference §2.15) — multipart or JSON: `season_id`, `amount_sen`
 * (integer sen; or `amount` in ringgit text, "1234.50"), `reference` (the bank reference), `description`,
 * `fund_transferred_at` 'YYYY-MM-DD HH:mm' local time (or `fund_transferred_at_date` +
 * `fund_transferred_at_time`), `fund_for_transaction_date` optional, and the proof document `document`.
 */
export const fundTransferSchema = z.object({
  season_id: requiredString().max(64),
  amount_sen: z.coerce
    .number({ error: PG.amountInvalid })
    .int({ error: PG.amountInvalid })
    .min(1, { error: PG.amountInvalid })
    .max(1_000_000_000, { error: PG.amountInvalid }),
  reference: requiredString().max(100),
  description: z.string().trim().max(500).optional(),
  fund_transferred_at: requiredString().refine(isLocalDateTime, { error: PG.dateTimeInvalid }),
  fund_for_transaction_date: z
    .string()
    .trim()
    .refine((s) => s === '' || isIsoDate(s), { error: PG.issueDateInvalid })
    .optional(),
});
export type FundTransferInput = z.output<typeof fundTransferSchema>;
