/**
 * Receipts of settled payments (spec §3 "receipt", §8 "Receipt email failed: contact customer service";
 * issue 7; ADR 0042).
 *
 * - Numbers: `R<year>-<6 digits>`, one sequence per issuer and Malaysian year (ADR 0241, after ADR 0042),
 *   whatever was paid for (will, amendment, hibah, one-cent hibah, qurban purchase). The issuer is the
 *   payable's organisation, except that the provider organisation and a payable without one (a qurban
 *   purchase) are both `provider` ({@link receiptIssuer}). Consecutive with no gaps within a year: one
 *   counter row per (issuer, year) is incremented by an UPSERT inside the transaction that settles the
 *   payment, which locks that row until commit (a concurrent settlement of the same issuer waits; a
 *   rollback gives the number back). The unique index `payments_receipt_issuer_uq` (issuer, number) is
 *   the last guard. A duplicate renumbered by migration 0039 keeps its old number (`previous_receipt_no`).
 * - PDF: bilingual (documents/pdf/receipt.ts, pdfmake with the documents module's fonts), produced in
 *   ONE place, {@link receiptPdf}.
 * - E-mail: settling marks the receipt e-mail `pending`; it is sent at once (after commit) and, when the
 *   mail server fails, retried by the job `payments.receipt-mail` with a growing delay; after
 *   `RECEIPT_MAIL_MAX_ATTEMPTS` attempts it is `failed` and the client sees "Receipt email failed".
 */
import { atbSchedule, formatRinggit, type Language, translate } from '@wasiat/domain';
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { organizations, payments } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { issueSealed } from '../../platform/documents/issued.ts';
import { qrDataUrl, verifyUrl } from '../../platform/documents/pdf/layout.ts';
import { notFound } from '../../platform/http/errors.ts';
import { registerJob } from '../../platform/jobs/scheduler.ts';
import { receiptContact } from '../support/index.ts';
import { payerInfo } from './payers.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';

type Payment = typeof payments.$inferSelect;

/** Name of the retry job (jobs/scheduler.ts). */
export const RECEIPT_MAIL_JOB = 'payments.receipt-mail';
/** How long one delivery attempt holds its claim (a crashed attempt is retried after this). */
const CLAIM_MS = 5 * 60_000;
/** Delay before retry n (1-based): 5 min, 10 min, 20 min, … capped at 6 h. */
export const retryDelayMs = (attempt: number) => Math.min(5 * 60_000 * 2 ** (attempt - 1), 6 * 3600_000);

/** The year in Malaysia (Asia/Kuala_Lumpur), for receipt numbers. */
const malaysiaYear = (d = new Date()) =>
  Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Kuala_Lumpur', year: 'numeric' }).format(d));

/** The issuer key of receipts of the provider organisation and of payables without one (ADR 0241). */
export const PROVIDER_ISSUER = 'provider';

/**
 * Who issues the receipt of a payment of `organizationId`'s payable (ADR 0241): {@link PROVIDER_ISSUER} for
 * the provider organisation (code `PROVIDER`) or none (e.g. a qurban purchase); otherwise the organisation
 * itself (each organisation numbers its own receipts, ADR 0042).
 */
async function receiptIssuer(db: Db, organizationId: string | null): Promise<string> {
  if (!organizationId) return PROVIDER_ISSUER;
  const [org] = await db
    .select({ code: organizations.code })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org?.code === 'PROVIDER' ? PROVIDER_ISSUER : organizationId;
}

/**
 * The next receipt number of the issuer of `organizationId`'s payables in the Malaysian year of `now`:
 * `{ receipt_no: "R<year>-<6 digits>", receipt_issuer }`, the columns to set on the settled payment
 * (ADR 0241). Must run inside the settling transaction `tx`: the (issuer, year) counter row stays locked
 * until it commits or rolls back, so the numbers of a year are consecutive.
 */
export async function nextReceiptNo(
  tx: Db,
  organizationId: string | null,
  now = new Date(),
): Promise<{ receipt_no: string; receipt_issuer: string }> {
  const issuer = await receiptIssuer(tx, organizationId);
  const year = malaysiaYear(now);
  const res = await tx.execute(
    sql`INSERT INTO receipt_counters (issuer, year, last_no) VALUES (${issuer}, ${year}, 1)
        ON CONFLICT (issuer, year) DO UPDATE SET last_no = receipt_counters.last_no + 1, updated_at = now()
        RETURNING last_no`,
  );
  const rows = (Array.isArray(res) ? res : (res as { rows: { last_no: number }[] }).rows) as { last_no: number }[];
  return { receipt_no: `R${year}-${String(Number(rows[0].last_no)).padStart(6, '0')}`, receipt_issuer: issuer };
}

/** Columns that mark a just-settled payment's receipt e-mail as due now. */
export const receiptMailDue = (now: Date) => ({ receipt_mail_status: 'pending', receipt_mail_next_at: now });

/** Who a payment's receipt is for, from its payable kind (name, MyKad, e-mail, item line). */
async function payerOf(db: Db, p: Payment) {
  const info = await payerInfo(db, p.paymentable_type, p.paymentable_id);
  return info ?? { name: '', ic: null, email: null, mobile: null, plan: null, item: `${p.paymentable_type}` };
}

/**
 * The instalment an ATB instalment's receipt names (ADR 0264): its number and how many its mandate's schedule has;
 * undefined for any other payment.
 */
async function instalmentOf(db: Db, p: Payment): Promise<{ no: number; of: number } | undefined> {
  if (!p.parent_id || p.instalment_no === null) return undefined;
  const [m] = await db.select().from(payments).where(eq(payments.id, p.parent_id));
  if (!m) return undefined;
  const of = atbSchedule({
    totalSen: m.amount_sen,
    amountSen: m.atb_amount_sen,
    frequency: m.atb_frequency,
    startDate: m.atb_start_date,
  }).length;
  return { no: p.instalment_no, of };
}

/**
 * The receipt PDF of a settled payment (`paid` or `waived`); an ATB instalment's names its number (ADR 0264).
 * THE single place where a receipt's bytes are produced: the download routes and the e-mail use it.
 * @throws 404 when the payment has no receipt (not settled).
 */
export async function receiptPdf(ctx: Ctx, p: Payment): Promise<{ bytes: Buffer; filename: string }> {
  if ((p.status !== 'paid' && p.status !== 'waived') || !p.receipt_no) throw notFound();
  const payer = await payerOf(ctx.db, p);
  const [org] = p.organization_id
    ? await ctx.db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, p.organization_id))
    : [];
  const url = p.paymentable_type === 'Wasiat' ? verifyUrl(ctx.appUrl, p.paymentable_id) : ctx.appUrl;
  const instalment = await instalmentOf(ctx.db, p);
  const data = {
    receiptNo: p.receipt_no,
    // Only a renumbered receipt (ADR 0241) prints the number it replaces: the content of every other
    // receipt, and so its issued version (documents/issued.ts), stays as it was.
    ...(p.previous_receipt_no ? { previousReceiptNo: p.previous_receipt_no } : {}),
    date: p.paid_at ?? p.confirmed_at ?? p.created_at,
    payerName: payer.name,
    payerIc: payer.ic,
    plan: payer.plan,
    wasiatNo: payer.item,
    ...(instalment ? { instalment } : {}),
    priceSen: p.amount_sen + p.discount_sen,
    discountSen: p.discount_sen,
    amountPaidSen: p.amount_sen,
    paymentOptionId: p.payment_options_id,
    status: p.status as 'paid' | 'waived',
    reference: p.reference ?? p.gateway_reference,
    organizationName: org?.name ?? null,
    qr: await qrDataUrl(url),
    verifyUrl: url,
    contact: await receiptContact(ctx.db, ctx.env),
  };
  // The one sealing call site of receipts (issue 11; documents/issued.ts, ADR 0070–0071): every receipt
  // that leaves the server — download or e-mail — carries the platform's PDF signature and is registered
  // (its SHA-256 per version) like the will; an unchanged receipt is served as the same bytes.
  const { bytes } = await issueSealed(
    ctx,
    { subjectType: p.paymentable_type, subjectId: p.paymentable_id, kind: 'receipt' },
    data,
    () => renderReceiptPdf(data),
    {
      reason: `${translate('sealed.seal.receipt_reason', 'ms')} / ${translate('sealed.seal.receipt_reason', 'en')}`,
      location: ctx.appUrl,
    },
    { userId: null },
  );
  return { bytes, filename: `resit-${p.receipt_no}.pdf` };
}

/**
 * The settled payment whose receipt a payable shows: the latest paid/waived one that has a receipt — an ATB
 * instalment, never its mandate (ADR 0264).
 */
export async function settledPaymentFor(db: Db, type: string, id: string): Promise<Payment | undefined> {
  const [p] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.paymentable_type, type),
        eq(payments.paymentable_id, id),
        sql`${payments.status} IN ('paid', 'waived')`,
        eq(payments.mandate, false),
      ),
    )
    .orderBy(sql`${payments.paid_at} DESC NULLS LAST`)
    .limit(1);
  return p;
}

/**
 * Where the receipt mail sends its payer to download the receipt again (issue 38: every receipt mail linked to
 * `/wasiat/{payable id}/receipt`, a wrong page for a hibah, an amendment or a qurban purchase): a will's own receipt
 * page; for every other kind, the payer's dashboard, whose transaction history offers each settled payment's receipt.
 */
function receiptPageUrl(appUrl: string, p: { paymentable_type: string; paymentable_id: string }): string {
  const base = appUrl.replace(/\/$/, '');
  return p.paymentable_type === 'Wasiat' ? `${base}/wasiat/${p.paymentable_id}/receipt` : `${base}/dashboard`;
}

/**
 * Try to e-mail one payment's receipt now, if it is due (`pending`, next try ≤ `now`). The attempt is
 * claimed with a conditional UPDATE (so the immediate send and the job never both send), then the mail
 * is sent with the PDF attached (a renumbered receipt's mail names the number it replaces, ADR 0241).
 * Success → `sent`; failure → retry later, or `failed` after the last attempt (audited). A payer without an
 * e-mail address is `failed` at once.
 * @returns `sent`, `retry`, `failed` or `skipped` (not due / already handled).
 */
export async function deliverReceipt(ctx: Ctx, paymentId: string, now = new Date()) {
  const [p] = await ctx.db
    .update(payments)
    .set({
      receipt_mail_attempts: sql`${payments.receipt_mail_attempts} + 1`,
      receipt_mail_next_at: new Date(now.getTime() + CLAIM_MS),
    })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.receipt_mail_status, 'pending'),
        lte(payments.receipt_mail_next_at, now),
      ),
    )
    .returning();
  if (!p) return 'skipped' as const;
  const max = ctx.env.RECEIPT_MAIL_MAX_ATTEMPTS;
  let error: string | null = null;
  try {
    const payer = await payerOf(ctx.db, p);
    if (!payer.email) throw new Error('no e-mail address');
    const { bytes, filename } = await receiptPdf(ctx, p);
    const lang: Language = 'ms';
    const instalment = await instalmentOf(ctx.db, p);
    const params = {
      instalment_no: instalment?.no ?? '',
      instalments: instalment?.of ?? '',
      name: payer.name,
      no: p.receipt_no ?? '',
      previous: p.previous_receipt_no ?? '',
      amount: formatRinggit(p.amount_sen),
      url: receiptPageUrl(ctx.appUrl, p),
    };
    // A renumbered receipt (ADR 0241) says which number it replaces; an ATB instalment's, which one it is.
    const keys = [
      'receipt_text',
      ...(instalment ? ['receipt_instalment'] : []),
      ...(p.previous_receipt_no ? ['receipt_replaces'] : []),
    ];
    const text = (l: Language) => keys.map((k) => translate(`payments.mail.${k}`, l, params)).join('\n');
    await ctx.mailer.send({
      to: payer.email,
      subject: `${translate('payments.mail.receipt_subject', 'ms', params)} / ${translate('payments.mail.receipt_subject', 'en', params)}`,
      text: `${text(lang)}\n---\n${text('en')}`,
      attachments: [{ filename, content: bytes, contentType: 'application/pdf' }],
    });
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  if (!error) {
    await ctx.db
      .update(payments)
      .set({
        receipt_mail_status: 'sent',
        receipt_mailed_at: now,
        receipt_mail_error: null,
        receipt_mail_next_at: null,
      })
      .where(eq(payments.id, p.id));
    return 'sent' as const;
  }
  const final = p.receipt_mail_attempts >= max || error === 'no e-mail address';
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set(
        final
          ? { receipt_mail_status: 'failed', receipt_mail_error: error, receipt_mail_next_at: null }
          : {
              receipt_mail_error: error,
              receipt_mail_next_at: new Date(now.getTime() + retryDelayMs(p.receipt_mail_attempts)),
            },
      )
      .where(eq(payments.id, p.id));
    if (final) {
      await recordAudit(tx as unknown as Db, {
        actorId: null,
        action: 'payment.receipt_mail_failed',
        entityType: 'Payment',
        entityId: p.id,
        before: { receipt_mail_status: 'pending' },
        after: { receipt_mail_status: 'failed', attempts: p.receipt_mail_attempts, error },
      });
    }
  });
  return final ? ('failed' as const) : ('retry' as const);
}

/**
 * After a settlement committed: send the receipt now without holding up the reply; a failure is left
 * to the retry job.
 */
export function sendReceiptSoon(ctx: Ctx, p: { id: string; status: string; receipt_mail_status?: string | null }) {
  if (p.status !== 'paid' && p.status !== 'waived') return;
  void deliverReceipt(ctx, p.id).catch(() => {});
}

/** The retry job: every due receipt e-mail (oldest first, 50 a run). */
export function registerReceiptMailJob() {
  registerJob({
    name: RECEIPT_MAIL_JOB,
    everyMs: 60_000,
    async run(ctx, now) {
      const due = await ctx.db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.receipt_mail_status, 'pending'),
            isNotNull(payments.receipt_mail_next_at),
            lte(payments.receipt_mail_next_at, now),
          ),
        )
        .orderBy(asc(payments.receipt_mail_next_at))
        .limit(50);
      const out = { sent: 0, retry: 0, failed: 0, skipped: 0 };
      for (const { id } of due) out[await deliverReceipt(ctx, id, now)]++;
      return out;
    },
  });
}

/**
 * `GET /api/wasiat/{id}/paid-notification` (reference §2.7: where the receipt was sent) →
 * `{ notification: { email, mobile_number, receipt_no, status (pending|sent|failed|null), sent_at,
 * failed } }` for the payable's settled payment; all null before it is settled.
 */
export async function paidNotification(db: Db, type: string, id: string) {
  const p = await settledPaymentFor(db, type, id);
  const payer = p ? await payerOf(db, p) : null;
  return {
    notification: {
      email: payer?.email ?? null,
      mobile_number: payer?.mobile ?? null,
      receipt_no: p?.receipt_no ?? null,
      status: p?.receipt_mail_status ?? null,
      sent_at: p?.receipt_mailed_at ?? null,
      failed: p?.receipt_mail_status === 'failed',
    },
  };
}

/**
 * `POST /api/wasiat/{id}/paid-notification` — send the receipt e-mail again ("send again"): the settled
 * payment's e-mail is due now with a fresh count of attempts (audited), then sent.
 * @throws 404 when nothing is settled yet.
 */
export async function resendReceipt(ctx: Ctx, actorId: string, type: string, id: string, ip?: string) {
  const p = await settledPaymentFor(ctx.db, type, id);
  if (!p) throw notFound();
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ ...receiptMailDue(now), receipt_mail_attempts: 0, receipt_mail_error: null })
      .where(eq(payments.id, p.id));
    await recordAudit(tx as unknown as Db, {
      actorId,
      action: 'payment.receipt_mail_resend',
      entityType: 'Payment',
      entityId: p.id,
      before: { receipt_mail_status: p.receipt_mail_status },
      after: { receipt_mail_status: 'pending' },
      ip,
    });
  });
  await deliverReceipt(ctx, p.id, now);
  return paidNotification(ctx.db, type, id);
}
