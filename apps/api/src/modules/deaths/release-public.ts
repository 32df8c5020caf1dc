/**
 * A release through its signed link, for a person without an account (issue 40 item 3; ADR 0267). Every call
 * carries the link's `?expires&signature` (release-access.ts: 403 tampered/expired, 404 unknown, 410 revoked):
 *
 * 1. `GET /api/public/release/{id}` → `{ release }`: the deceased's name and date of death, the instrument's kind
 *    and number, the person's name and roles, their e-mail masked. Audited `death.release_open` (the first
 *    opening is also kept on the row).
 * 2. `POST …/code` → a 6-digit code to the release's e-mail (otp module `sendBoundCode`: argon2id-hashed, 5 minutes,
 *    5 wrong tries; at most 5 codes per 15 minutes and 10 a day per address → 429; not limited per deceased, whose
 *    family each ask at their own address),
 *    purpose `death-release`, bound to the instrument and the address. Audited `death.release_code`.
 * 3. `POST …/identity { code, ic_number, mykad_image, selfie_image }` → for a person identified by MyKad, both images
 *    are required and attempts must be left (release-face.ts; before the code is spent); the code is spent (otp
 *    `spendCode`: wrong → 422 `otp.incorrect` on `code`, counted; expired → `otp.expired`), then the identity number
 *    must be the one the instrument records for the person (422 `deaths.release.id_mismatch` on `ic_number`: the code
 *    is spent, so each try of a number costs a new code), then the face check (release-face.ts: OCR of the card,
 *    selfie against its photo; 422 on the image, the code spent). Audited `death.release_identity` with the outcome
 *    and `death.release_face` with the score. → `{ message, access, documents,
 *    verification }` (release-documents.ts).
 * 4. `GET …/documents?access=` → `{ documents, verification }`; `GET …/document?file=&access=` → the PDF, audited
 *    `death.release_download` (403 `deaths.release.access_required` without a valid access).
 * Identity here is the code to the recorded e-mail, the recorded identity number and, for a person with a MyKad, the
 * face eKYC (ADR 0295; until then ADR 0267 asked no face).
 * Each step asks the release's estate roles (ADR 0288; release-access.ts `estateRelease`): steps 1–3
 * `estate:release:open`, step 4 `estate:documents:read` (403 `deaths.release.not_allowed` without it).
 */
import { type Language, maskMykad, normaliseIdNumber, RELEASE_MSG, translate } from '@wasiat/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { death_releases, death_reports, organizations, otp_codes, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { sendBoundCode, smsSenderFor, spendCode } from '../otp/index.ts';
import { estateRelease, issueAccess, type ReleaseQuery } from './release-access.ts';
import { releaseDocumentBytes, releaseDocuments } from './release-documents.ts';
import { checkReleaseFace, faceImagesOf } from './release-face.ts';

/** The purpose of a release's code (not requestable through `POST /api/otp/request`). */
const RELEASE_CODE_PURPOSE = 'death-release';

type Release = typeof death_releases.$inferSelect;

const maskEmail = (e: string) => e.replace(/^(.).*(@.*)$/, '$1***$2');

/**
 * Whether the identity number a release asks for is a MyKad or an organisation's registration number: the executor
 * is the registering organisation, identified by its registration number unless it is an individual partner
 * (release-people.ts `executorOf`) — a 12-digit number is not a MyKad there (SSM's numbers since 2019 have 12
 * digits); anyone else, a MyKad when the number recorded has 12 digits.
 */
async function idKindOf(db: Ctx['db'], rel: Release): Promise<'mykad' | 'registration'> {
  if (rel.roles.includes('executor') && rel.organization_id) {
    const [o] = await db
      .select({ type: organizations.type })
      .from(organizations)
      .where(eq(organizations.id, rel.organization_id));
    if (o && o.type !== 'individual') return 'registration';
  }
  return /^\d{12}$/.test(rel.person_id_number) ? 'mykad' : 'registration';
}

const audit = (
  ctx: Ctx,
  action: Parameters<typeof recordAudit>[1]['action'],
  rel: Release,
  after: unknown,
  ip?: string,
) => recordAudit(ctx.db as Db, { actorId: null, action, entityType: 'DeathRelease', entityId: rel.id, after, ip });

/** The deceased of a release: their account (the code's owner), name and date of death. @throws 404. */
async function deceasedOf(ctx: Ctx, rel: Release) {
  const [d] = await ctx.db
    .select({ id: users.id, name: users.name, date_of_death: death_reports.date_of_death })
    .from(death_reports)
    .innerJoin(users, eq(users.id, death_reports.deceased_user_id))
    .where(eq(death_reports.id, rel.death_report_id));
  if (!d) throw notFound();
  return d;
}

/** The code row's record column for the release's instrument (what the code is bound to). */
const boundRecord = (rel: Release) =>
  rel.instrument_type === 'Wasiat' ? { wasiat_id: rel.instrument_id } : { hibah_id: rel.instrument_id };
const boundWhere = (rel: Release) =>
  and(
    rel.instrument_type === 'Wasiat'
      ? eq(otp_codes.wasiat_id, rel.instrument_id)
      : eq(otp_codes.hibah_id, rel.instrument_id),
    eq(otp_codes.destination, rel.email),
  );

/** Step 1 (see the file comment). @returns `{ release }`. */
export async function openRelease(ctx: Ctx, id: string, q: ReleaseQuery, ip?: string, now = new Date()) {
  const rel = await estateRelease(ctx, id, q, 'estate:release:open', { access: false }, now);
  const d = await deceasedOf(ctx, rel);
  await ctx.db
    .update(death_releases)
    .set({ opened_at: now })
    .where(and(eq(death_releases.id, rel.id), isNull(death_releases.opened_at)));
  await audit(ctx, 'death.release_open', rel, { first: !rel.opened_at }, ip);
  return {
    release: {
      id: rel.id,
      deceased_name: d.name,
      date_of_death: d.date_of_death,
      instrument_type: rel.instrument_type,
      instrument_reference: rel.instrument_reference,
      person_name: rel.person_name,
      role: rel.role,
      roles: rel.roles,
      email: maskEmail(rel.email),
      /** Whether the identity number asked is a MyKad, else an organisation's registration number ({@link idKindOf}). */
      id_kind: await idKindOf(ctx.db, rel),
    },
  };
}

/** Step 2 (see the file comment). @returns `{ otp: { channel, destination (masked), expires_at }, message }`. */
export async function sendReleaseCode(
  ctx: Ctx,
  id: string,
  q: ReleaseQuery,
  lang: Language,
  ip?: string,
  now = new Date(),
) {
  const rel = await estateRelease(ctx, id, q, 'estate:release:open', { access: false }, now);
  const d = await deceasedOf(ctx, rel);
  const sent = await sendBoundCode(
    ctx,
    smsSenderFor(ctx.env),
    {
      ownerId: d.id,
      actorId: null,
      ip,
      purpose: RELEASE_CODE_PURPOSE,
      record: boundRecord(rel),
      channel: 'email',
      destination: rel.email,
      // Each person asks at their own address: the deceased's codes are not limited together.
      limitPerOwner: false,
      message: ({ code, minutes }) => ({
        subject: translate('deaths.release.mail.code_subject', lang),
        text: translate('deaths.release.mail.code_body', lang, { code, minutes }),
      }),
    },
    now,
  );
  await audit(ctx, 'death.release_code', rel, { email: rel.email }, ip);
  return { ...sent, message: translate(RELEASE_MSG.codeSent, lang) };
}

/**
 * Step 3 (see the file comment). @returns `{ message, access: { token, expires_at }, documents, verification }`.
 * @throws 422 on `code` (otp) or `ic_number` (`deaths.release.id_mismatch`).
 */
export async function identifyRelease(
  ctx: Ctx,
  id: string,
  q: ReleaseQuery,
  body: { code: string; ic_number: string; mykad_image?: string; selfie_image?: string },
  lang: Language,
  ip?: string,
  now = new Date(),
) {
  const rel = await estateRelease(ctx, id, q, 'estate:release:open', { access: false }, now);
  const d = await deceasedOf(ctx, rel);
  // A person identified by MyKad also passes a face check (ADR 0295); its images are checked before the code is spent.
  const face = (await idKindOf(ctx.db, rel)) === 'mykad' ? await faceImagesOf(ctx, rel, body) : null;
  // Outside a transaction: a wrong code stays counted.
  await spendCode(
    ctx.db,
    { ownerId: d.id, actorId: null, ip, purpose: RELEASE_CODE_PURPOSE, record: boundWhere(rel), code: body.code },
    now,
  );
  const typed = normaliseIdNumber(body.ic_number);
  if (typed !== rel.person_id_number) {
    await audit(ctx, 'death.release_identity', rel, { ok: false, ic_number: maskMykad(typed) }, ip);
    throw fieldError('ic_number', RELEASE_MSG.idMismatch);
  }
  if (face) await checkReleaseFace(ctx, rel, face, ip);
  await ctx.db.update(death_releases).set({ identified_at: now }).where(eq(death_releases.id, rel.id));
  await audit(ctx, 'death.release_identity', rel, { ok: true }, ip);
  return {
    message: translate(RELEASE_MSG.identified, lang),
    access: issueAccess(ctx, rel.id, now),
    ...(await releaseDocuments(ctx, rel, lang)),
  };
}

/** Step 4, the list. @returns `{ documents, verification }`. @throws 403 without a valid access. */
export async function listReleaseDocuments(ctx: Ctx, id: string, q: ReleaseQuery, lang: Language, now = new Date()) {
  const rel = await estateRelease(ctx, id, q, 'estate:documents:read', { access: true }, now);
  return releaseDocuments(ctx, rel, lang);
}

/** Step 4, one PDF. @returns `{ bytes, filename }`. @throws 403 without a valid access, 404 not the release's. */
export async function downloadReleaseDocument(
  ctx: Ctx,
  id: string,
  q: ReleaseQuery,
  file: string,
  ip?: string,
  now = new Date(),
) {
  const rel = await estateRelease(ctx, id, q, 'estate:documents:read', { access: true }, now);
  const out = await releaseDocumentBytes(ctx, rel, file, ip);
  await audit(ctx, 'death.release_download', rel, { file, kind: out.kind, filename: out.filename }, ip);
  return out;
}
