/**
 * The certificate of a registered hibah (status 5) as a PDF with a QR code to its public verification
 * page, like a will (issue 5; built from documents/pdf building blocks: fonts, bilingual headings,
 * tables, QR, footer — not a copy). Public verification: `GET /api/public/hibah/{id}` → masked facts.
 */
import { HIBAH_STATUS, HIBAH_TYPES, labelOf, maskMykad, maskName, translate } from '@wasiat/domain';
import { asc, eq } from 'drizzle-orm';
import type { Content } from 'pdfmake/interfaces';
import type { Ctx } from '../context.ts';
import {
  hibah_properties,
  hibah_receivers,
  hibah_user_details,
  hibah_witnesses,
  hibahs,
  organizations,
} from '../db/schema/index.ts';
import { renderPdf } from '../documents/pdf/fonts.ts';
import { ACCENT, footer, formatKlDateTime, qrBlock, qrDataUrl } from '../documents/pdf/layout.ts';
import { notFound } from '../http/errors.ts';

const t = (k: string) => `${translate(`hibah.certificate.${k}`, 'ms')} / ${translate(`hibah.certificate.${k}`, 'en')}`;
/** The public verification page of a hibah (the QR code's target). */
export const hibahVerifyUrl = (appUrl: string, id: string) => `${appUrl.replace(/\/$/, '')}/public/hibah/${id}`;

async function registered(ctx: Ctx, id: string) {
  const [h] = await ctx.db.select().from(hibahs).where(eq(hibahs.id, id));
  if (!h || h.status !== HIBAH_STATUS.registered || h.deleted_at) throw notFound();
  return h;
}

/** Render the certificate of registered hibah `id` (404 unless status 5). */
export async function hibahCertificatePdf(ctx: Ctx, id: string): Promise<{ bytes: Buffer; number: string }> {
  const h = await registered(ctx, id);
  const [d] = await ctx.db.select().from(hibah_user_details).where(eq(hibah_user_details.hibah_id, id));
  const rs = await ctx.db
    .select()
    .from(hibah_receivers)
    .where(eq(hibah_receivers.hibah_id, id))
    .orderBy(asc(hibah_receivers.created_at));
  const ws = await ctx.db
    .select()
    .from(hibah_witnesses)
    .where(eq(hibah_witnesses.hibah_id, id))
    .orderBy(asc(hibah_witnesses.created_at));
  const ps = await ctx.db
    .select()
    .from(hibah_properties)
    .where(eq(hibah_properties.hibah_id, id))
    .orderBy(asc(hibah_properties.created_at));
  const [org] = h.organization_id
    ? await ctx.db.select().from(organizations).where(eq(organizations.id, h.organization_id))
    : [];
  const url = hibahVerifyUrl(ctx.appUrl, id);
  const qr = await qrDataUrl(url);
  const rows = (items: string[][]): Content => ({
    table: { widths: ['*', 120], body: items.length ? items : [['-', '-']] },
    layout: 'lightHorizontalLines',
    margin: [0, 2, 0, 8],
  });
  const section = (k: string): Content => ({ text: t(k), bold: true, color: ACCENT, margin: [0, 10, 0, 2] });
  const content: Content[] = [
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: t('title'), bold: true, fontSize: 16, color: ACCENT, alignment: 'center' },
            {
              text: `${labelOf(HIBAH_TYPES, h.hibah_type, 'ms')} / ${labelOf(HIBAH_TYPES, h.hibah_type, 'en')}`,
              alignment: 'center',
            },
            { text: `${t('number')}: ${h.hibah_number ?? '-'}`, bold: true, alignment: 'center', margin: [0, 6, 0, 0] },
            { text: `${t('registered_at')}: ${formatKlDateTime(h.registered_at)}`, alignment: 'center' },
            { text: org?.name ?? '', alignment: 'center', color: '#444444' },
          ],
        },
        { width: 95, ...qrBlock(qr, url, 80) },
      ],
    },
    section('grantor'),
    rows([[d?.name ?? '-', d?.ic_number ?? '-']]),
    section('receivers'),
    rows(rs.map((r) => [r.name, r.ic_number ?? '-'])),
    section('property'),
    rows(
      ps.map((p) => [
        [p.property_type, p.institution_name, p.property_no, p.lot_number].filter(Boolean).join(' · '),
        p.kind,
      ]),
    ),
    section('witnesses'),
    rows(ws.map((w) => [w.name, formatKlDateTime(w.confirmed_at)])),
  ];
  const bytes = await renderPdf({ content, footer: footer(h.hibah_number ?? h.id), pageMargins: [40, 40, 40, 40] });
  return { bytes, number: h.hibah_number ?? h.id };
}

/** `GET /public/hibah/{id}` → masked public facts of a registered hibah (404 otherwise). */
export async function publicHibah(ctx: Ctx, id: string) {
  const h = await registered(ctx, id);
  const [d] = await ctx.db.select().from(hibah_user_details).where(eq(hibah_user_details.hibah_id, id));
  const [org] = h.organization_id
    ? await ctx.db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, h.organization_id))
    : [];
  return {
    id: h.id,
    hibah_number: h.hibah_number,
    hibah_type: h.hibah_type,
    status: h.status,
    registered_at: h.registered_at,
    grantor: { name: d?.name ? maskName(d.name) : null, ic_number: d?.ic_number ? maskMykad(d.ic_number) : null },
    organization: org ? { name: org.name } : null,
  };
}
