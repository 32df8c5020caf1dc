/**
 * The words of the report exports (XLSX, CSV, PDF) in Malay and English: column headings, report titles,
 * will status and financing outcome labels, payment types from the domain catalogue (never a code or an
 * English word in a Malay file). Amounts are exported in ringgit (sen / 100) with the number format
 * {@link RM}.
 */
import { labelOf, PAYMENT_TYPES } from '@wasiat/domain';
import type { ReportKind } from './kinds.ts';

export type Lang = 'ms' | 'en';

export const H = {
  ms: {
    period: 'Tempoh',
    total: 'Jumlah',
    new: 'Baharu',
    in_process: 'Dalam proses',
    approved: 'Diluluskan',
    cancelled: 'Dibatalkan',
    paid: 'Dibayar',
    amount: 'Amaun (RM)',
    wasiat_no: 'No. wasiat',
    record_no: 'No. wasiat / hibah',
    payer: 'Pewasiat / penghibah',
    created_at: 'Tarikh dicipta',
    // The will's registration (approval) date, `wills.registered_at` (issue 38 item 11.4).
    registered_at: 'Tarikh daftar',
    testator: 'Pewasiat',
    ic: 'No. MyKad',
    organisation: 'Organisasi',
    branch: 'Cawangan',
    agent: 'Ejen',
    plan: 'Pelan',
    status: 'Status',
    payment: 'Mod bayaran',
    price: 'Harga (RM)',
    discount: 'Diskaun (RM)',
    paid_at: 'Tarikh bayaran',
    receipt: 'No. resit',
    reference: 'Rujukan',
    balance: 'Baki (RM)',
    opening: 'Baki awal',
    closing: 'Baki akhir',
    totals: 'JUMLAH',
    hibah: 'Hibah/amanah',
    hibah_paid: 'Hibah dibayar',
    hibah_amount: 'Kutipan hibah (RM)',
    financing_status: 'Status pembiayaan',
    financing_reason: 'Sebab ditolak',
    financing: { pending: 'Dalam semakan', approved: 'Diluluskan', rejected: 'Ditolak' } as Record<string, string>,
  },
  en: {
    period: 'Period',
    total: 'Total',
    new: 'New',
    in_process: 'In process',
    approved: 'Approved',
    cancelled: 'Cancelled',
    paid: 'Paid',
    amount: 'Amount (RM)',
    wasiat_no: 'Will no.',
    record_no: 'Will / hibah no.',
    payer: 'Testator / grantor',
    created_at: 'Created at',
    registered_at: 'Registered at',
    testator: 'Testator',
    ic: 'MyKad no.',
    organisation: 'Organisation',
    branch: 'Branch',
    agent: 'Agent',
    plan: 'Plan',
    status: 'Status',
    payment: 'Payment mode',
    price: 'Price (RM)',
    discount: 'Discount (RM)',
    paid_at: 'Paid at',
    receipt: 'Receipt no.',
    reference: 'Reference',
    balance: 'Balance (RM)',
    opening: 'Opening balance',
    closing: 'Closing balance',
    totals: 'TOTAL',
    hibah: 'Hibah/trusts',
    hibah_paid: 'Hibah paid',
    hibah_amount: 'Hibah collected (RM)',
    financing_status: 'Financing status',
    financing_reason: 'Rejection reason',
    financing: { pending: 'Under review', approved: 'Approved', rejected: 'Rejected' } as Record<string, string>,
  },
};
export const TITLES: Record<ReportKind, { ms: string; en: string }> = {
  daily: { ms: 'Laporan harian', en: 'Daily report' },
  monthly: { ms: 'Laporan bulanan', en: 'Monthly report' },
  yearly: { ms: 'Laporan tahunan', en: 'Yearly report' },
  detailed: { ms: 'Laporan terperinci', en: 'Detailed report' },
  'approved-monthly': { ms: 'Laporan kelulusan bulanan', en: 'Approved monthly report' },
  soa: { ms: 'Penyata akaun', en: 'Statement of account' },
  financing: { ms: 'Laporan pembiayaan', en: 'Financing report' },
  graph: { ms: 'Laporan graf', en: 'Graph report' },
};
export const STATUS_LABEL = {
  ms: ['Baharu', 'Dalam proses', 'Diluluskan', 'Dibatalkan'],
  en: ['New', 'In process', 'Approved', 'Cancelled'],
};
/** A payment type in `lang` (the domain's catalogue; never the code or an English word in a Malay file). */
export const paymentLabel = (id: number | null, lang: Lang) => (id ? labelOf(PAYMENT_TYPES, id, lang) : null);
export const RM = '#,##0.00';
export const rm = (sen: number) => Math.round(sen) / 100;
