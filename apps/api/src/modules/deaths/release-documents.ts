/**
 * The documents a release opens (issue 40 item 3; ADR 0267) — exactly those of the release's instrument that name
 * its person, nothing else of the deceased:
 *
 * - a will (any role: the executor, an heir, a beneficiary, a guardian): the sealed, registered will PDF
 *   (`will:{id}`, documents `issueWillDocument`) and, when its latest version was made by an amendment, that
 *   version's sealed PDF (`will_latest:{id}`, `issueWillVersionDocument`); for an estate role with
 *   `estate:receipts:read` (the executor's; domain `ESTATE_PERMISSIONS`, ADR 0288) also the receipt of each settled
 *   payment of the will and of its amendments (`receipt:{payment id}`, payments `receiptPdf`);
 * - a hibah (a receiver, a caretaker): its sealed certificate (`hibah:{id}`, hibah `issueHibahCertificate`), which
 *   names every receiver and caretaker;
 * - and the instrument's public verification page and its QR code (the target printed on the documents).
 *
 * Each document is named by `file` (`<kind>:<record id>`); a `file` not in the release's own list — another
 * estate's document, another kind — is a 404. Every PDF is served from the sealed registry (the same bytes while
 * nothing printed changes).
 */
import { canInEstate, type Language, translate } from '@wasiat/domain';
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { amendments, type death_releases, payments, will_versions, wills } from '../../db/schema/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import { issueWillDocument, issueWillVersionDocument, qrDataUrl, verifyUrl } from '../documents/index.ts';
import { hibahVerifyUrl, issueHibahCertificate } from '../hibah/index.ts';
import { receiptPdf } from '../payments/index.ts';
import { assertCanInEstate } from './release-access.ts';

type Release = typeof death_releases.$inferSelect;

/** One document of a release: its `file` name, kind and title (in the reader's language). */
interface ReleaseDocument {
  file: string;
  kind: 'will' | 'will_latest' | 'hibah' | 'receipt';
  title: string;
}

/** The registered will of a release. @throws 404 when it is no longer registered. */
async function releasedWill(ctx: Ctx, rel: Release) {
  const [w] = await ctx.db.select().from(wills).where(eq(wills.id, rel.instrument_id));
  if (w?.status !== 2) throw notFound();
  return w;
}

/** The settled payments (with a receipt) of will `id` and of its amendments, oldest first. */
async function settledPayments(ctx: Ctx, willId: string) {
  const ams = await ctx.db
    .select({ id: amendments.id })
    .from(amendments)
    .where(and(eq(amendments.amendmentable_type, 'Wasiat'), eq(amendments.amendmentable_id, willId)));
  return ctx.db
    .select()
    .from(payments)
    .where(
      and(
        or(
          and(eq(payments.paymentable_type, 'Wasiat'), eq(payments.paymentable_id, willId)),
          ams.length
            ? and(
                eq(payments.paymentable_type, 'Amendment'),
                inArray(
                  payments.paymentable_id,
                  ams.map((a) => a.id),
                ),
              )
            : undefined,
        ),
        sql`${payments.status} IN ('paid', 'waived')`,
        eq(payments.mandate, false),
        isNotNull(payments.receipt_no),
      ),
    )
    .orderBy(asc(payments.paid_at), asc(payments.created_at));
}

/**
 * The documents and verification of release `rel` (see the file comment).
 * @throws 403 `deaths.release.not_allowed` when its estate role lacks `estate:documents:read` (ADR 0288).
 * @returns `{ documents: ReleaseDocument[], verification: { url, qr (PNG data URL) } }`.
 */
export async function releaseDocuments(ctx: Ctx, rel: Release, lang: Language) {
  assertCanInEstate(rel, 'estate:documents:read');
  const documents: ReleaseDocument[] = [];
  let url: string;
  if (rel.instrument_type === 'Wasiat') {
    const w = await releasedWill(ctx, rel);
    documents.push({ file: `will:${w.id}`, kind: 'will', title: translate('deaths.release.document.will', lang) });
    const [v] = await ctx.db
      .select({ amendment_id: will_versions.amendment_id })
      .from(will_versions)
      .where(and(eq(will_versions.wasiat_id, w.id), eq(will_versions.version_no, w.current_version)));
    if (v?.amendment_id) {
      documents.push({
        file: `will_latest:${w.id}`,
        kind: 'will_latest',
        title: translate('deaths.release.document.will_latest', lang, { version: w.current_version }),
      });
    }
    if (canInEstate(rel, 'estate:receipts:read')) {
      for (const p of await settledPayments(ctx, w.id)) {
        documents.push({
          file: `receipt:${p.id}`,
          kind: 'receipt',
          title: translate('deaths.release.document.receipt', lang, { number: p.receipt_no ?? '' }),
        });
      }
    }
    url = verifyUrl(ctx.appUrl, w.id);
  } else {
    documents.push({
      file: `hibah:${rel.instrument_id}`,
      kind: 'hibah',
      title: translate('deaths.release.document.hibah', lang),
    });
    url = hibahVerifyUrl(ctx.appUrl, rel.instrument_id);
  }
  return { documents, verification: { url, qr: await qrDataUrl(url) } };
}

/**
 * The bytes of document `file` of release `rel`, sealed (no user: the registry records the download's IP).
 * @returns `{ bytes, filename, kind }`. @throws 404 when `file` is not one of the release's own documents.
 */
export async function releaseDocumentBytes(ctx: Ctx, rel: Release, file: string, ip?: string) {
  const { documents } = await releaseDocuments(ctx, rel, 'ms');
  const doc = documents.find((d) => d.file === file);
  if (!doc) throw notFound();
  const id = file.slice(file.indexOf(':') + 1);
  const actor = { userId: null, ip };
  if (doc.kind === 'will' || doc.kind === 'will_latest') {
    const w = await releasedWill(ctx, rel);
    const out =
      doc.kind === 'will'
        ? await issueWillDocument(ctx, w, actor)
        : await issueWillVersionDocument(ctx, null, w, w.current_version, actor);
    return { bytes: out.bytes, filename: out.filename, kind: doc.kind };
  }
  if (doc.kind === 'hibah') {
    const out = await issueHibahCertificate(ctx, id, actor);
    return { bytes: out.bytes, filename: `sijil-hibah-${out.number}.pdf`, kind: doc.kind };
  }
  const [p] = await ctx.db.select().from(payments).where(eq(payments.id, id));
  if (!p) throw notFound();
  const out = await receiptPdf(ctx, p);
  return { bytes: out.bytes, filename: out.filename, kind: doc.kind };
}
