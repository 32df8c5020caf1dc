/**
 * The certificate of a registered hibah (status 5) as a PDF with a QR code to its public verification
 * page, like a will (issue 5; built from documents/pdf building blocks: fonts, bilingual headings,
 * tables, QR, footer — not a copy). Public verification: `GET /api/public/hibah/{id}` → masked facts.
 *
 * Sealed and registered like every issued document (issue 11; ADRs 0070, 0071, 0074): the certificate
 * carries a certificate-of-completion page (grantor, receivers, witnesses) and is issued through
 * `issueSealed` ({@link issueHibahCertificate}), so the public page's upload check recognises it.
 */
import { HIBAH_STATUS, HIBAH_TYPES, labelOf, maskName, translate } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { Content } from 'pdfmake/interfaces';
import type { Ctx } from '../../context.ts';
import { type HibahSignatory, hibah_user_details, hibahs, organizations } from '../../db/schema/index.ts';
import type { CompletionData } from '../../platform/documents/completion/signer.ts';
import { type IssueActor, issueSealed, sealReason } from '../../platform/documents/issued.ts';
import { completionPage } from '../../platform/documents/pdf/completion.ts';
import { renderPdf } from '../../platform/documents/pdf/fonts.ts';
import { ACCENT, footer, formatKlDateTime, qrBlock, qrDataUrl } from '../../platform/documents/pdf/layout.ts';
import { notFound } from '../../platform/http/errors.ts';
import {
  type CertificateProperty,
  type CertificateReceiver,
  type CertificateTrustTerms,
  certificateFacts,
  hasTrustTerms,
  trustTerms,
} from './certificate-facts.ts';
import { trustTermsSection } from './certificate-terms.ts';
import { companyOf, resolutionOf } from './company.ts';
import { hibahCompletion } from './completion.ts';
import { type HibahContent, loadHibahContent } from './content.ts';

const t = (k: string) => `${translate(`hibah.certificate.${k}`, 'ms')} / ${translate(`hibah.certificate.${k}`, 'en')}`;
/** The public verification page of a hibah (the QR code's target). */
export const hibahVerifyUrl = (appUrl: string, id: string) => `${appUrl.replace(/\/$/, '')}/public/hibah/${id}`;

async function registered(ctx: Ctx, id: string) {
  const [h] = await ctx.db.select().from(hibahs).where(eq(hibahs.id, id));
  if (!h || h.status !== HIBAH_STATUS.registered || h.deleted_at) throw notFound();
  return h;
}

/** Everything the hibah certificate prints (and nothing else: its canonical JSON fingerprints the version; ADR 0071). */
export interface HibahCertificateData {
  id: string;
  number: string;
  hibahType: number;
  registeredAt: Date | null;
  organizationName: string | null;
  grantor: { name: string; ic: string };
  /**
   * The company that made a corporate hibah (issue 21 item 6; ADR 0165), printed in place of a person:
   * name, SSM number, registered address, authorised signatories and the board resolution (file name and
   * the SHA-256 of the stored file). Absent for other products (their fingerprint is unchanged).
   */
  company?: CertificateCompany;
  /**
   * Per receiver: MyKad, relationship, the property and share given, the minor flag, the caretaker(s) with
   * the allowance, and who accepted for a minor (hibah/certificate-facts.ts; issue 21 item 2).
   */
  receivers: CertificateReceiver[];
  /**
   * The trust's terms as entered (purpose, property source, period, distribution instructions; issue 37
   * item 5, ADR 0252). Absent when none was entered, so such a certificate's fingerprint is unchanged.
   */
  trust?: CertificateTrustTerms;
  /** One line per property (catalogue labels, then the identifying numbers) and its kind label. */
  properties: CertificateProperty[];
  witnesses: { name: string; confirmedAt: Date | null }[];
  /** The certificate-of-completion page (issue 11; ADR 0074). */
  completion: CompletionData;
  /** QR code (PNG data URL) of `verifyUrl`, the public verification page. */
  qr: string;
  verifyUrl: string;
  /**
   * The version of the hibah's content printed (ADR 0037), under the number. Absent on the certificate of
   * the live hibah (so the fingerprint of certificates issued before versions were printed is unchanged).
   */
  versionNo?: number;
  /**
   * The amended hibah (ADR 0098, as ADR 0074 for wills): the amendment that made this version and the
   * previous one it replaces — the previous version's content hash (`hibah_versions.sha256`) and the
   * SHA-256 of the last sealed hibah document issued before the amendment succeeded (null: none issued).
   */
  amendment?: HibahAmendmentBlock;
}

/** A corporate grantor as printed (ADR 0165). */
export interface CertificateCompany {
  name: string;
  registrationNumber: string;
  /** "address, postcode city, state". */
  address: string;
  signatories: { name: string; ic: string; designation: string }[];
  resolution: { filename: string; sha256: string } | null;
}

/** The "Pindaan / Amendment" block of an amended hibah (ADR 0098). */
export interface HibahAmendmentBlock {
  referenceNo: string;
  approvedAt: Date | null;
  /** The version this amendment replaced. */
  amendsVersion: number;
  previousVersionSha256: string | null;
  previousDocumentSha256: string | null;
}

/**
 * Load what the certificate of registered hibah `id` prints (404 unless status 5), including its
 * certificate of completion (documents/completion.ts `hibahCompletion`).
 */
export async function hibahCertificateData(ctx: Ctx, id: string): Promise<HibahCertificateData> {
  const h = await registered(ctx, id);
  const content = await loadHibahContent(ctx.db, id);
  const data = await hibahVersionCertificateData(ctx, h, 0, content, await hibahCompletion(ctx, h));
  // The live certificate prints no version line (its fingerprint predates versions; ADR 0037).
  const { versionNo: _v, ...live } = data;
  return live;
}

/**
 * The company of a version's content as printed (ADR 0165), or undefined for a hibah made by a person: the
 * board resolution's name and SHA-256 come from its attachment row (the bytes stored).
 */
async function certificateCompany(ctx: Ctx, c: HibahContent['company']): Promise<CertificateCompany | undefined> {
  if (!c) return undefined;
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const resolution = await resolutionOf(ctx.db, { board_resolution_id: (c.board_resolution_id as string) ?? null });
  return {
    name: s(c.name),
    registrationNumber: s(c.registration_number),
    address: [s(c.address), `${s(c.postcode)} ${s(c.city)}`.trim(), s(c.state)].filter(Boolean).join(', '),
    signatories: ((c.signatories as HibahSignatory[] | null) ?? []).map((x) => ({
      name: x.name,
      ic: x.ic_number,
      designation: x.designation,
    })),
    resolution: resolution
      ? { filename: resolution.original_filename ?? resolution.mime_type, sha256: resolution.sha256 }
      : null,
  };
}

/** A date of a version's JSON content (an ISO string once stored), or null. */
const dateOf = (v: unknown) => (v ? new Date(v as string) : null);

/**
 * What the certificate prints for version `versionNo` of registered hibah `h` from that version's content
 * (`hibah_versions.content`, ADR 0037; amendments/hibah.ts): the grantor's particulars, the receivers,
 * the property (moveable, then immoveable) and the witnesses of that version, with `completion` (the
 * caller's: an amendment's, or an earlier version's). The number, product, registration time, organisation
 * and QR code are the hibah's. No access check: callers decide who may read the version.
 */
export async function hibahVersionCertificateData(
  ctx: Ctx,
  h: typeof hibahs.$inferSelect,
  versionNo: number,
  content: HibahContent,
  completion: CompletionData,
): Promise<HibahCertificateData> {
  const [org] = h.organization_id
    ? await ctx.db.select().from(organizations).where(eq(organizations.id, h.organization_id))
    : [];
  const url = hibahVerifyUrl(ctx.appUrl, h.id);
  const str = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  const facts = certificateFacts(content);
  const company = await certificateCompany(ctx, content.company);
  const trust = trustTerms(content.fields ?? {});
  return {
    id: h.id,
    number: h.hibah_number ?? h.id,
    hibahType: h.hibah_type,
    registeredAt: h.registered_at,
    organizationName: org?.name ?? null,
    grantor: company
      ? { name: company.name, ic: company.registrationNumber }
      : { name: str(content.user_detail?.name) ?? '-', ic: str(content.user_detail?.ic_number) ?? '-' },
    ...(company ? { company } : {}),
    receivers: facts.receivers,
    ...(hasTrustTerms(trust) ? { trust } : {}),
    properties: facts.properties,
    witnesses: content.witnesses.map((w) => ({ name: String(w.name), confirmedAt: dateOf(w.confirmed_at) })),
    completion,
    qr: await qrDataUrl(url),
    verifyUrl: url,
    versionNo,
  };
}

/** "Malay / English" of a `sealed.amendment.*` key. */
const sealedBi = (key: string) =>
  `${translate(`sealed.amendment.${key}`, 'ms')} / ${translate(`sealed.amendment.${key}`, 'en')}`;

/** The "Pindaan / Amendment" block (ADR 0098): reference, approval, the version and document it replaces. */
function amendmentSection(a: HibahAmendmentBlock | undefined): Content[] {
  if (!a) return [];
  const row = (key: string, value: string, small = false) => [
    { text: sealedBi(key), color: '#444444' },
    { text: value, fontSize: small ? 7 : 9 },
  ];
  return [
    { text: sealedBi('title'), bold: true, color: ACCENT, margin: [0, 10, 0, 2] },
    {
      table: {
        widths: [170, '*'],
        body: [
          row('reference', a.referenceNo),
          row('approved_at', formatKlDateTime(a.approvedAt)),
          row('amends', String(a.amendsVersion)),
          row('previous_version', a.previousVersionSha256 ?? '-', true),
          row('previous_document', a.previousDocumentSha256 ?? sealedBi('none_issued'), true),
        ],
      },
      layout: 'noBorders',
    },
    {
      text: translate('sealed.amendment.statement_hibah', 'ms'),
      fontSize: 8,
      margin: [0, 4, 0, 0],
      alignment: 'justify',
    },
    { text: translate('sealed.amendment.statement_hibah', 'en'), fontSize: 8, italics: true, alignment: 'justify' },
  ];
}

/**
 * One block per receiver: name, MyKad and relationship; each property given with the share; whether a
 * minor; the caretaker(s) with the allowance; who accepted (qabul) for a minor (issue 21 item 2).
 */
function receiverBlocks(receivers: CertificateReceiver[]): Content[] {
  if (!receivers.length) return [{ text: '-' }];
  return receivers.map((r, i) => ({
    margin: [0, 2, 0, 6],
    stack: [
      { text: `${i + 1}. ${r.name} (${r.ic}) — ${r.relationship}`, bold: true },
      ...r.shares.map((s) => ({ text: `${t('share')}: ${s.property} — ${s.portion}`, margin: [10, 0, 0, 0] })),
      ...(r.shares.length ? [] : [{ text: `${t('share')}: -`, margin: [10, 0, 0, 0] }]),
      {
        text: `${t('minor')}: ${r.minor ? t('yes') : t('no')}`,
        margin: [10, 0, 0, 0],
      },
      ...r.caretakers.map((c) => ({
        text: `${t('caretaker')}: ${c.name} (${c.ic}) — ${c.relationship}; ${t('allowance')}: ${
          c.allowance ? `${c.allowance.amount}, ${c.allowance.frequency}` : t('no_allowance')
        }`,
        margin: [10, 0, 0, 0],
      })),
      {
        text: `${t('accepted_at')}: ${r.acceptedAt ? formatKlDateTime(r.acceptedAt) : t('not_accepted')}`,
        margin: [10, 0, 0, 0],
      },
      ...(r.acceptedBy ? [{ text: `${t('accepted_by')}: ${r.acceptedBy}`, margin: [10, 0, 0, 0] }] : []),
    ],
  })) as Content[];
}

/**
 * The grantor block of a corporate hibah (ADR 0165): "Syarikat pemberi hibah / Grantor company" with the
 * name and SSM number, the registered address, each authorised signatory (name, MyKad, designation) and the
 * board resolution (file name, SHA-256).
 */
function companySection(c: CertificateCompany, section: (k: string) => Content): Content[] {
  const line = (k: string, v: string, small = false): Content[] => [
    { text: t(k), color: '#444444' },
    { text: v, fontSize: small ? 7 : 9 },
  ];
  return [
    section('company'),
    {
      table: {
        widths: [150, '*'],
        body: [
          line('company', c.name),
          line('registration_number', c.registrationNumber),
          line('address', c.address || '-'),
          line('signatories', c.signatories.map((x) => `${x.name} (${x.ic}) — ${x.designation}`).join('\n') || '-'),
          line('resolution', c.resolution ? `${c.resolution.filename}\nSHA-256: ${c.resolution.sha256}` : '-', true),
        ],
      },
      layout: 'lightHorizontalLines',
      margin: [0, 2, 0, 8],
    },
  ];
}

/** Render the certificate (unsealed PDF bytes, A4) from its data; pure. */
export async function renderHibahCertificate(d: HibahCertificateData): Promise<Buffer> {
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
              text: `${labelOf(HIBAH_TYPES, d.hibahType, 'ms')} / ${labelOf(HIBAH_TYPES, d.hibahType, 'en')}`,
              alignment: 'center',
            },
            { text: `${t('number')}: ${d.number}`, bold: true, alignment: 'center', margin: [0, 6, 0, 0] },
            { text: `${t('registered_at')}: ${formatKlDateTime(d.registeredAt)}`, alignment: 'center' },
            ...(d.versionNo ? [{ text: `${t('version')}: ${d.versionNo}`, alignment: 'center' as const }] : []),
            { text: d.organizationName ?? '', alignment: 'center', color: '#444444' },
          ],
        },
        { width: 95, ...qrBlock(d.qr, d.verifyUrl, 80) },
      ],
    },
    ...(d.company ? companySection(d.company, section) : [section('grantor'), rows([[d.grantor.name, d.grantor.ic]])]),
    ...trustTermsSection(d.trust, section),
    section('receivers'),
    ...receiverBlocks(d.receivers),
    section('property'),
    rows(d.properties.map((p) => [p.line, p.kind])),
    section('witnesses'),
    rows(d.witnesses.map((w) => [w.name, formatKlDateTime(w.confirmedAt)])),
    ...amendmentSection(d.amendment),
    ...completionPage(d.completion, `${t('title')} ${d.number}`),
  ];
  return renderPdf({
    info: { title: `Hibah ${d.number}`, subject: 'Sijil Hibah / Hibah Certificate', creator: 'Wasiat platform' },
    content,
    footer: footer(`${d.number}${d.versionNo ? ` v${d.versionNo}` : ''} · ${d.verifyUrl}`),
    pageMargins: [40, 40, 40, 50],
  });
}

/**
 * The sealed, registered certificate of hibah `id` (issue 11 "Sealed documents"; ADRs 0070, 0071, 0074):
 * rendered and sealed once per printed content and kept in `issued_documents` (subject "Hibah", kind
 * "hibah"), so an unchanged certificate is served as the same bytes and `POST /public/hibah/{id}/verify`
 * recognises it. 404 unless registered (status 5).
 * @param actor who downloads it (null user for a signed link), for the `document.issue` audit event.
 */
export async function issueHibahCertificate(
  ctx: Ctx,
  id: string,
  actor: IssueActor,
): Promise<{ bytes: Buffer; number: string; sha256: string }> {
  const data = await hibahCertificateData(ctx, id);
  const { bytes, sha256 } = await issueSealed(
    ctx,
    { subjectType: 'Hibah', subjectId: data.id, kind: 'hibah' },
    data,
    () => renderHibahCertificate(data),
    { reason: sealReason('hibah_reason'), location: ctx.appUrl },
    actor,
  );
  return { bytes, number: data.number, sha256 };
}

/**
 * `GET /public/hibah/{id}` → masked public facts of a registered hibah (404 otherwise): a person grantor's
 * masked name and no MyKad (`ic_number: null`; issue 36 item 6); a corporate
 * grantor by its company's name and SSM number (`company`, else null).
 */
export async function publicHibah(ctx: Ctx, id: string) {
  const h = await registered(ctx, id);
  const [d] = await ctx.db.select().from(hibah_user_details).where(eq(hibah_user_details.hibah_id, id));
  const company = await companyOf(ctx.db, id);
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
    // A company's name and SSM number are public record (ADR 0165); a person's are masked.
    grantor: company
      ? { name: company.name, ic_number: company.registration_number }
      : // a person's MyKad is not shown at all: its digits tell the date of birth (issue 36 item 6; ADR 0228)
        { name: d?.name ? maskName(d.name) : null, ic_number: null },
    company: company ? { name: company.name, registration_number: company.registration_number } : null,
    organization: org ? { name: org.name } : null,
  };
}
