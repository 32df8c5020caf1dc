/**
 * The payment receipt of a will as a PDF (docs/api/documents.md `GET /wasiat/{id}/receipt`): receipt
 * number, date, payer, item (the plan), price, promo discount, amount paid, payment mode, and a QR code
 * to the public verification page. Amounts are integer sen shown with `formatRinggit` ("RM 300.00").
 * Pure: data in, PDF bytes out (loaded by ../service.ts).
 */
import { formatRinggit, PAYMENT_TYPES, WILL_PLANS } from '@wasiat/domain';
import type { Content } from 'pdfmake/interfaces';
import { renderPdf } from '../../platform/documents/pdf/fonts.ts';
import {
  ACCENT,
  bi,
  biLabel,
  footer,
  formatKlDateTime,
  qrBlock,
  TAG_STYLE,
} from '../../platform/documents/pdf/layout.ts';
import type { SupportContact } from '../support/index.ts';
import { providerBlock } from './receipt-provider-block.ts';

export interface ReceiptPdfData {
  receiptNo: string;
  /** The number this receipt replaces when a duplicate was renumbered (ADR 0241); absent otherwise. */
  previousReceiptNo?: string;
  /** When the payment was made (or confirmed / waived). */
  date: Date;
  payerName: string;
  payerIc: string | null;
  /** Plan code (basic | comprehensive) of the will paid for. */
  plan: string | null;
  wasiatNo: string | null;
  /** An instalment of an ATB mandate (ADR 0264): its number and the number of instalments; absent otherwise. */
  instalment?: { no: number; of: number };
  /** Price, promo discount and amount paid, in sen. */
  priceSen: number;
  discountSen: number;
  amountPaidSen: number;
  /** Payment option id (domain PAYMENT_OPTIONS). */
  paymentOptionId: number;
  status: 'paid' | 'waived';
  reference: string | null;
  organizationName: string | null;
  qr: string;
  verifyUrl: string;
  /**
   * The provider's particulars (name, registration number, address) and customer service contact, from the
   * configuration (ADR 0160), completed from the provider organisation's record (support `receiptContact`;
   * ADR 0252).
   */
  contact: SupportContact;
}

const row = (key: string, value: string, bold = false) => [
  { text: bi(key), color: '#444444', bold },
  { text: value, alignment: 'right' as const, bold },
];

/**
 * Build the receipt PDF.
 * @returns PDF bytes (A5 portrait).
 */
export async function renderReceiptPdf(d: ReceiptPdfData): Promise<Buffer> {
  const planEntry = WILL_PLANS.find((x) => x.code === d.plan);
  const item = [biLabel(planEntry), d.wasiatNo].filter(Boolean).join(' — ');
  const content: Content[] = [
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: d.organizationName ?? '', bold: true, fontSize: 10 },
            {
              text: bi('receipt.title'),
              bold: true,
              fontSize: 14,
              color: ACCENT,
              margin: [0, 6, 0, 0],
              style: TAG_STYLE.h1,
            },
          ],
        },
        { width: 80, ...qrBlock(d.qr, d.verifyUrl, 66) },
      ],
    },
    {
      margin: [0, 12, 0, 0],
      table: {
        widths: [130, '*'],
        body: [
          row('receipt.receipt_no', d.receiptNo, true),
          ...(d.previousReceiptNo ? [row('receipt.replaces', d.previousReceiptNo)] : []),
          row('receipt.date', formatKlDateTime(d.date)),
          row('receipt.payer', [d.payerName, d.payerIc].filter(Boolean).join(' — ')),
          row('receipt.item', item),
          ...(d.instalment ? [row('receipt.instalment', `${d.instalment.no} / ${d.instalment.of}`)] : []),
          row('receipt.mode', biLabel(PAYMENT_TYPES.find((x) => x.code === d.paymentOptionId))),
          row('receipt.reference', d.reference ?? '-'),
          row('receipt.status', bi(`receipt.status_${d.status}`)),
        ],
      },
      layout: 'lightHorizontalLines',
    },
    {
      margin: [0, 14, 0, 0],
      table: {
        widths: ['*', 110],
        body: [
          row('receipt.price', formatRinggit(d.priceSen)),
          row('receipt.discount', d.discountSen ? `-${formatRinggit(d.discountSen)}` : formatRinggit(0)),
          row('receipt.amount_paid', formatRinggit(d.amountPaidSen), true),
        ],
      },
      layout: 'lightHorizontalLines',
    },
    { text: bi('receipt.note'), italics: true, fontSize: 7, margin: [0, 18, 0, 0], color: '#555555' },
    providerBlock(d.contact) ?? [],
  ];
  return renderPdf({
    info: { title: `Resit ${d.receiptNo}`, subject: 'Resit / Receipt', creator: 'Wasiat platform' },
    pageSize: 'A5',
    pageMargins: [36, 36, 36, 44],
    footer: footer(d.receiptNo),
    content,
  });
}
