/**
 * The certificate of a registered hibah (status 5) as a PDF with a QR code to its public verification
 * page, like a will (issue 5; built from documents/pdf building blocks: fonts, bilingual headings,
 * tables, QR, footer — not a copy). Public verification: `GET /api/public/hibah/{id}` → masked facts.
 *
 * Sealed and registered like every issued document (issue 11; ADRs 0070, 0071, 0074): the certificate
 * carries a certificate-of-completion page (grantor, receivers, witnesses) and is issued through
 * `issueSealed` ({@link issueHibahCertificate}), so the public page's upload check recognises it.
 */
import { HIBAH_STATUS, maskName, translate } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { type HibahSignatory, hibah_user_details, hibahs, organizations } from '../../db/schema/index.ts';
import type { CompletionData } from '../../platform/documents/completion/signer.ts';
import { type IssueActor, issueSealed, sealReason } from '../../platform/documents/issued.ts';
import { qrDataUrl } from '../../platform/documents/pdf/layout.ts';
import { notFound } from '../../platform/http/errors.ts';
import { certificateFacts, hasTrustTerms, trustTerms } from './certificate-facts.ts';
import { type CertificateCompany, type HibahCertificateData, renderHibahCertificate } from './certificate-pdf.ts';
import { companyOf, resolutionOf } from './company.ts';
import { hibahCompletion } from './completion.ts';
import { type HibahContent, loadHibahContent } from './content.ts';

const _t = (k: string) => `${translate(`hibah.certificate.${k}`, 'ms')} / ${translate(`hibah.certificate.${k}`, 'en')}`;
/** The public verification page of a hibah (the QR code's target). */
export const hibahVerifyUrl = (appUrl: string, id: string) => `${appUrl.replace(/\/$/, '')}/public/hibah/${id}`;

async function registered(ctx: Ctx, id: string) {
  const [h] = await ctx.db.select().from(hibahs).where(eq(hibahs.id, id));
  if (!h || h.status !== HIBAH_STATUS.registered || h.deleted_at) throw notFound();
  return h;
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
