/**
 * Certificate uploads of a partner programme (issue 10; docs/api/programmes.md; ADR 0051).
 *
 * A bulk upload is a spreadsheet (spreadsheet.ts) plus the certificate PDFs; each PDF is matched to a row
 * by the certificate number in its file name (`TK-001.pdf`, `Sijil TK-001.pdf`). Each row is checked on
 * its own and reported `accepted` or `refused` with its reasons (message keys by field):
 * - member name (spec §5 name lengths), MyKad (spec §5: 12 digits, a real YYMMDD date), certificate
 *   number, issue date (a real date, not in the future, Kuala Lumpur date);
 * - a certificate number used by more than one row of the file: every such row is refused
 *   (`duplicate_in_file`, the file does not say which is right);
 * - a certificate number already in the programme: refused (`duplicate_existing`);
 * - no PDF for the row: `pdf_missing`; a PDF that is not a PDF by its content or over 5 MB: `pdf_invalid`;
 *   one carrying JavaScript, a launch action, an embedded file or HTML: `errors.pdf_active_content`; one that
 *   cannot be inspected: `errors.pdf_unreadable` (platform/files/pdf-content.ts; issue 36 item 5).
 * Refused rows never block accepted ones. Accepted rows become certificates in status `pending` for
 * provider staff to verify; the PDF is stored as an attachment (`Certificate`, type `certificate`).
 *
 * Idempotent: the upload's hash (SHA-256 over the spreadsheet and the PDFs' hashes, sorted) is unique per
 * programme, so sending the same files again returns the first upload's result (`repeated: true`) and adds
 * nothing; a different file naming an existing certificate number is refused row by row. Uploads of one
 * programme are serialised by locking the programme row; each upload writes one audit event.
 *
 * The PDFs are stored before the transaction and recorded in it (ADR 0220): those of the rows whose own checks
 * pass (all but `duplicate_existing`, which only the locked transaction can tell); the files of rows it then
 * refuses, or of an upload it finds repeated, are deleted after it.
 */
import { createHash } from 'node:crypto';
import { type CertificateRowInput, certificateRowSchema, MAX_UPLOAD_ROWS, PG } from '@wasiat/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { certificate_upload_rows, certificate_uploads, certificates, programmes } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { PDF_ACTIVE_CONTENT, PDF_UNREADABLE } from '../../platform/files/pdf-content.ts';
import type { FileStore } from '../../platform/files/storage.ts';
import { checkFile, type StagedUpload, Uploads } from '../../platform/files/uploads.ts';
import { AppError, fieldError } from '../../platform/http/errors.ts';
import { klToday } from '../reports/index.ts';
import { resolveProgramme } from './policy.ts';
import { readSpreadsheet, type SheetRow } from './spreadsheet.ts';

/** Refusals of a PDF's content reported as such on its row (else `pdf_invalid`). */
const PDF_REFUSALS = [PDF_ACTIVE_CONTENT, PDF_UNREADABLE];

/** A file of the multipart body. */
export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/** The reasons of a refused row: `field|message.key` strings (stored as is; serialised by field). */
type Reason = `${string}|${string}`;

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const inTx = <T>(db: Db, fn: (tx: Db) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Db));

/** The certificate number token of a file name (upper-case, extension dropped). */
const baseName = (f: string) =>
  f
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .toUpperCase();

/** The PDF for a certificate number: the file named exactly so, else one naming it as a whole token. */
export function matchPdf(files: UploadedFile[], certificateNo: string): UploadedFile | undefined {
  const exact = files.find((f) => baseName(f.filename) === certificateNo);
  if (exact) return exact;
  const esc = certificateNo.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  const re = new RegExp(`(^|[^A-Z0-9])${esc}([^A-Z0-9]|$)`);
  return files.find((f) => re.test(baseName(f.filename)));
}

interface CheckedRow {
  sheet: SheetRow;
  value?: CertificateRowInput;
  /** Reasons found from the file alone: the row's fields, its number given twice in the file. */
  reasons: Reason[];
  /** The PDF's reason (`pdf_missing`, `pdf_invalid`), listed after the numbers' reasons. */
  pdfReason?: Reason;
  pdf?: UploadedFile;
}

/** Field checks of one row (domain schema), as reasons. */
function checkRow(r: SheetRow, today: string): CheckedRow {
  const parsed = certificateRowSchema(today).safeParse(r);
  if (parsed.success) return { sheet: r, value: parsed.data, reasons: [] };
  const reasons = parsed.error.issues.map((i) => `${String(i.path[0] ?? '_')}|${i.message}` as Reason);
  return { sheet: r, reasons: [...new Set(reasons)] };
}

/**
 * Every check of the rows that needs no database, once, before the transaction: the fields, a number given by
 * more than one row of the file (`duplicate_in_file`), the PDF (`pdf_missing`, `pdf_invalid`). The one check that
 * needs the locked programme, a number already in it, is {@link processRows}'s.
 */
async function checkRows(p: UploadInput, today: string): Promise<CheckedRow[]> {
  const checked = p.rows.map((r) => checkRow(r, today));
  const counts = new Map<string, number>();
  for (const c of checked)
    if (c.value) counts.set(c.value.certificate_no, (counts.get(c.value.certificate_no) ?? 0) + 1);
  for (const c of checked) {
    if (!c.value) continue;
    const no = c.value.certificate_no;
    if ((counts.get(no) ?? 0) > 1) c.reasons.push(('certificate_no|' + PG.duplicateInFile) as Reason);
    const pdf = matchPdf(p.pdfs, no);
    if (!pdf) c.pdfReason = `document|${PG.pdfMissing}`;
    else {
      try {
        await checkFile(pdf.data, ['application/pdf'], 'document');
        c.pdf = pdf;
      } catch (err) {
        // A PDF with active content or HTML, or one that cannot be inspected, says so (issue 36 item 5).
        const key = err instanceof AppError ? err.messageKey : '';
        c.pdfReason = `document|${PDF_REFUSALS.includes(key) ? key : PG.pdfInvalid}`;
      }
    }
  }
  return checked;
}

/** What one upload (bulk or single) processes. */
interface UploadInput {
  programmeId: string;
  kind: 'bulk' | 'single';
  fileName: string | null;
  hash: string;
  rows: SheetRow[];
  pdfs: UploadedFile[];
  ip?: string;
}

/**
 * Store (before the transaction) the PDF of every row that {@link processRows} may accept: no reason from the
 * file. @returns the staged files by certificate number.
 */
async function stagePdfs(uploads: Uploads, checked: CheckedRow[], programmeId: string) {
  const staged = new Map<string, StagedUpload>();
  for (const c of checked) {
    if (!c.value || !c.pdf || c.reasons.length || c.pdfReason) continue;
    staged.set(
      c.value.certificate_no,
      await uploads.stage({
        ownerType: 'Certificate',
        ownerId: programmeId,
        data: c.pdf.data,
        allowed: ['application/pdf'],
      }),
    );
  }
  return staged;
}

/**
 * Process checked rows into an upload (inside `tx`, programme locked): adds `duplicate_existing`, then records.
 * Returns the upload id. Each accepted row's PDF is recorded from `staged` (see {@link stagePdfs}; taken out of it).
 * @param single a single upload: a refused row throws 422 with its reasons by field instead.
 */
async function processRows(
  tx: Db,
  uploads: Uploads,
  staged: Map<string, StagedUpload>,
  user: AuthUser,
  p: UploadInput,
  checked: CheckedRow[],
) {
  const numbers = [...new Set(checked.flatMap((c) => (c.value ? [c.value.certificate_no] : [])))];
  const existing = new Set(
    numbers.length
      ? (
          await tx
            .select({ no: certificates.certificate_no })
            .from(certificates)
            .where(and(eq(certificates.programme_id, p.programmeId), inArray(certificates.certificate_no, numbers)))
        ).map((r) => r.no)
      : [],
  );
  for (const c of checked) {
    if (c.value && !c.reasons.length && existing.has(c.value.certificate_no)) {
      c.reasons.push(`certificate_no|${PG.duplicateExisting}`);
    }
    if (c.pdfReason) c.reasons.push(c.pdfReason);
  }
  if (p.kind === 'single' && checked[0].reasons.length) {
    const fields: Record<string, string[]> = {};
    for (const r of checked[0].reasons) {
      const [f, k] = r.split('|');
      fields[f] = [...(fields[f] ?? []), k];
    }
    throw new AppError('validation', Object.values(fields)[0][0], fields);
  }

  const accepted = checked.filter((c) => !c.reasons.length).length;
  const [upload] = await tx
    .insert(certificate_uploads)
    .values({
      programme_id: p.programmeId,
      kind: p.kind,
      file_name: p.fileName,
      upload_hash: p.hash,
      total_rows: checked.length,
      accepted_count: accepted,
      refused_count: checked.length - accepted,
      uploaded_by: user.id,
    })
    .returning();
  for (const c of checked) {
    let certificateId: string | null = null;
    if (!c.reasons.length && c.value && c.pdf) {
      const [cert] = await tx
        .insert(certificates)
        .values({ programme_id: p.programmeId, upload_id: upload.id, ...c.value, pdf_sha256: sha256(c.pdf.data) })
        .returning();
      const file = staged.get(c.value.certificate_no);
      // stagePdfs staged every row that can get here (the same checked rows).
      if (!file) throw new Error(`certificate ${c.value.certificate_no}: PDF not staged`);
      staged.delete(c.value.certificate_no);
      const att = await uploads.record(tx, file, {
        attachableType: 'Certificate',
        attachableId: cert.id,
        type: 'certificate',
        originalFilename: c.pdf.filename,
        uploadedBy: user.id,
      });
      await tx.update(certificates).set({ attachment_id: att.id }).where(eq(certificates.id, cert.id));
      certificateId = cert.id;
    }
    await tx.insert(certificate_upload_rows).values({
      upload_id: upload.id,
      row_no: c.sheet.row_no,
      member_name: c.sheet.member_name || null,
      ic_number: c.sheet.ic_number || null,
      certificate_no: c.value?.certificate_no ?? (c.sheet.certificate_no || null),
      issue_date: c.sheet.issue_date || null,
      status: c.reasons.length ? 'refused' : 'accepted',
      reasons: c.reasons,
      certificate_id: certificateId,
    });
  }
  await recordAudit(tx, {
    actorId: user.id,
    action: p.kind === 'bulk' ? 'certificate.upload' : 'certificate.upload_single',
    entityType: 'CertificateUpload',
    entityId: upload.id,
    before: null,
    after: { programme_id: p.programmeId, file_name: p.fileName, total: checked.length, accepted, hash: p.hash },
    ip: p.ip,
  });
  return upload.id;
}

/** An earlier upload of the same hash to the programme (its id), if any. */
async function findUpload(db: Db, programmeId: string, hash: string) {
  const [prev] = await db
    .select({ id: certificate_uploads.id })
    .from(certificate_uploads)
    .where(and(eq(certificate_uploads.programme_id, programmeId), eq(certificate_uploads.upload_hash, hash)));
  return prev?.id;
}

/** Lock the programme row (one upload per programme at a time) and find an earlier upload of the same hash. */
async function lockAndFind(tx: Db, programmeId: string, hash: string) {
  await tx.select({ id: programmes.id }).from(programmes).where(eq(programmes.id, programmeId)).for('update');
  return findUpload(tx, programmeId, hash);
}

/**
 * Run an upload: its PDFs staged (unless it is already known as a repeat), then its transaction (programme
 * locked; a repeat found there adds nothing). Staged files not recorded are deleted after the commit.
 */
async function runUpload(db: Db, store: FileStore, user: AuthUser, p: UploadInput) {
  // Sending the same files again (a retry) answers the first upload without storing anything.
  const known = await findUpload(db, p.programmeId, p.hash);
  if (known) return { id: known, repeated: true };
  const checked = await checkRows(p, klToday());
  const uploads = new Uploads(store);
  let staged = new Map<string, StagedUpload>();
  const result = await uploads.settle(
    (async () => {
      staged = await stagePdfs(uploads, checked, p.programmeId);
      return inTx(db, async (tx) => {
        const prev = await lockAndFind(tx, p.programmeId, p.hash);
        if (prev) return { id: prev, repeated: true };
        const id = await processRows(tx, uploads, staged, user, p, checked);
        return { id, repeated: false };
      });
    })(),
  );
  // The files of rows refused (duplicate_existing) or of a repeat found under the lock.
  await Promise.all([...staged.values()].map((f) => store.delete(f.key).catch(() => {})));
  return result;
}

/**
 * `POST /api/tekun/upload` (multipart: `document` = XLSX/CSV, `certificates` = PDFs, `programme_id`
 * optional) — bulk upload. @returns `{ id, repeated }` (the upload id; `repeated` when the same files
 * were uploaded before and nothing was added).
 * @throws 422 `programmes.spreadsheet_required|spreadsheet_invalid|spreadsheet_empty|too_many_rows|
 *   spreadsheet_too_large|spreadsheet_formula` on `document` (spreadsheet.ts); `programmes.programme_invalid` on
 *   `programme_id`.
 */
export async function bulkUpload(
  db: Db,
  store: FileStore,
  user: AuthUser,
  input: { programmeId?: string; spreadsheet?: UploadedFile; pdfs: UploadedFile[]; ip?: string },
) {
  const programme = await resolveProgramme(db, user, input.programmeId);
  if (!input.spreadsheet) throw fieldError('document', PG.spreadsheetRequired);
  const rows = await readSpreadsheet(input.spreadsheet.data);
  if (rows.length > MAX_UPLOAD_ROWS) throw fieldError('document', PG.tooManyRows, { max: MAX_UPLOAD_ROWS });
  const hash = sha256(
    Buffer.from(
      [
        sha256(input.spreadsheet.data),
        ...input.pdfs.map((f) => `${baseName(f.filename)}:${sha256(f.data)}`).sort(),
      ].join('\n'),
    ),
  );
  return runUpload(db, store, user, {
    programmeId: programme.id,
    kind: 'bulk',
    fileName: input.spreadsheet?.filename ?? null,
    hash,
    rows,
    pdfs: input.pdfs,
    ip: input.ip,
  });
}

/**
 * `POST /api/tekun/certificate` (multipart: `member_name`, `ic_number`, `certificate_no`, `issue_date`,
 * `document` = the PDF, `programme_id` optional) — one certificate. @returns the upload id.
 * @throws 422 with the row's reasons by field (same rules as a bulk row).
 */
export async function singleUpload(
  db: Db,
  store: FileStore,
  user: AuthUser,
  input: { programmeId?: string; fields: Record<string, string>; pdf?: UploadedFile; ip?: string },
) {
  const programme = await resolveProgramme(db, user, input.programmeId);
  const f = input.fields;
  const row: SheetRow = {
    row_no: 1,
    member_name: (f.member_name ?? '').trim(),
    ic_number: (f.ic_number ?? '').trim(),
    certificate_no: (f.certificate_no ?? '').trim(),
    issue_date: (f.issue_date ?? '').trim(),
  };
  const pdfs = input.pdf ? [{ ...input.pdf, filename: `${row.certificate_no.toUpperCase()}.pdf` }] : [];
  const hash = sha256(Buffer.from(`single\n${JSON.stringify(row)}\n${pdfs[0] ? sha256(pdfs[0].data) : ''}`));
  return runUpload(db, store, user, {
    programmeId: programme.id,
    kind: 'single',
    fileName: input.pdf?.filename ?? null,
    hash,
    rows: [row],
    pdfs,
    ip: input.ip,
  });
}

/** The rows of an upload in file order (optionally one status). */
export async function uploadRows(db: Db, uploadId: string, status?: 'accepted' | 'refused') {
  return db
    .select()
    .from(certificate_upload_rows)
    .where(
      and(
        eq(certificate_upload_rows.upload_id, uploadId),
        status ? eq(certificate_upload_rows.status, status) : undefined,
      ),
    )
    .orderBy(asc(certificate_upload_rows.row_no));
}
