/**
 * After a death (issue 40 items 1 and 2; ADRs 0261, 0262): the rules of a death report and of the "is there a
 * will?" inquiry that the API enforces and the web forms check first — statuses, who reports in which capacity,
 * the date of death, the death certificate's number, and the request bodies. Pure; no I/O.
 *
 * The death certificate is the "Certificate of Death" of the Births and Deaths Registration Act 1957 (Act 299)
 * s.2 (issued under s.25), which applies to Peninsular Malaysia (s.1(2)); Sabah and Sarawak register deaths under
 * their own ordinances. Its number is taken as written on the certificate: its format is not checked against the
 * National Registration Department (JPN), which staff do when they verify the scan (ADR 0261).
 */
import { z } from 'zod';
import { type CatalogueEntry, labelOf } from './catalogues.ts';
import { klToday } from './datetime.ts';
import { birthDateFromMykad, email, isMykadDate, mykad, requiredString } from './validation/common.ts';

/** Message keys of the deaths module (packages/domain/src/locales/{ms,en}/deaths.json). */
export const DEATH_MSG = {
  dateFuture: 'deaths.date_future',
  dateBeforeBirth: 'deaths.date_before_birth',
  dateInvalid: 'deaths.date_invalid',
  certificateInvalid: 'deaths.certificate_invalid',
  duplicate: 'deaths.duplicate',
  self: 'deaths.self',
  ekycRequired: 'deaths.ekyc_required',
  staffOnly: 'deaths.staff_relationship',
  notPending: 'deaths.not_pending',
  reporterCannotDecide: 'deaths.reporter_cannot_decide',
  secondVerifier: 'deaths.second_verifier_needed',
  reasonRequired: 'deaths.reason_required',
  reported: 'deaths.reported',
  firstVerified: 'deaths.first_verified',
  verified: 'deaths.verified',
  refused: 'deaths.refused',
  inquiryReceived: 'deaths.inquiry_received',
  locked: 'deaths.instrument_locked',
} as const;

/**
 * A report's status: `pending` (waiting for staff; with a first verification recorded when two are needed),
 * `verified` (the death is taken as fact here: instruments locked), `refused` (with a recorded reason).
 */
export const DEATH_REPORT_STATUSES = ['pending', 'verified', 'refused'] as const;
export type DeathReportStatus = (typeof DEATH_REPORT_STATUSES)[number];

/** The statuses that hold a deceased's MyKad: a second report is refused while one is in them. */
export const OPEN_DEATH_REPORT_STATUSES: readonly DeathReportStatus[] = ['pending', 'verified'];

/**
 * In which capacity the reporter reports (issue 40 item 1: "an heir, a named executor (wasi), a receiver or
 * staff"). `staff` only for a user who verifies deaths (the provider's staff); the others are declared by the
 * reporter, whose identity is their passed eKYC, and are checked by staff against the certificate and records.
 */
export const REPORTER_RELATIONSHIPS = [
  { code: 'heir', ms: 'Waris', en: 'Heir' },
  { code: 'executor', ms: 'Wasi (pentadbir yang dinamakan)', en: 'Named executor (wasi)' },
  { code: 'receiver', ms: 'Penerima', en: 'Receiver' },
  { code: 'staff', ms: 'Kakitangan', en: 'Staff' },
] as const satisfies readonly CatalogueEntry[];
export type ReporterRelationship = (typeof REPORTER_RELATIONSHIPS)[number]['code'];
export const REPORTER_RELATIONSHIP_CODES = REPORTER_RELATIONSHIPS.map((r) => r.code) as [
  ReporterRelationship,
  ...ReporterRelationship[],
];

/** Label of a reporter relationship in `lang`. */
export const reporterRelationshipLabel = (code: string, lang: 'ms' | 'en') =>
  labelOf(REPORTER_RELATIONSHIPS as readonly CatalogueEntry[], code, lang);

/** Verifications a report needs: two different staff members when the deceased has a registered will or hibah. */
export const verificationsNeeded = (hasRegisteredInstrument: boolean) => (hasRegisteredInstrument ? 2 : 1);

/**
 * What is wrong with a date of death, as a message key, or null: a real `YYYY-MM-DD` date, not after today in
 * Kuala Lumpur, and not before the deceased's birth date read from the MyKad (digits 1–6, with the platform's one
 * century rule: the century that does not put the birth after today, validation/common.ts `birthDateFromMykad`;
 * so a holder born exactly a hundred years before a recent two-digit year is read as born this century — staff
 * report such a death themselves, ADR 0261).
 * @example deathDateProblem('900101145011', '2026-12-01', now) // null
 */
export function deathDateProblem(ic: string, date: string, now = new Date()): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return DEATH_MSG.dateInvalid;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== date) return DEATH_MSG.dateInvalid;
  if (date > klToday(now)) return DEATH_MSG.dateFuture;
  if (/^\d{12}$/.test(ic) && isMykadDate(ic) && d < birthDateFromMykad(ic, now)) return DEATH_MSG.dateBeforeBirth;
  return null;
}

/**
 * A death certificate's number as compared: upper case, without spaces, dashes, dots or slashes ("bd 123-456"
 * and "BD123456" are the same number). Used to match an inquiry to a verified report.
 */
export const normaliseCertificateNo = (s: string) => s.toUpperCase().replace(/[\s\-./]/g, '');

/** A certificate number as typed: 4–30 letters, digits, spaces, dashes, dots or slashes, with a digit. */
export const deathCertificateNo = () =>
  requiredString()
    .max(30, { error: DEATH_MSG.certificateInvalid })
    .refine((s) => /^[A-Za-z0-9\s\-./]+$/.test(s) && /\d/.test(s) && normaliseCertificateNo(s).length >= 4, {
      error: DEATH_MSG.certificateInvalid,
    });

/** `YYYY-MM-DD`, required (the calendar rule is {@link deathDateProblem}, which needs the MyKad). */
const isoDate = () => requiredString().regex(/^\d{4}-\d{2}-\d{2}$/, { error: DEATH_MSG.dateInvalid });

/**
 * `POST /api/death-report`: the deceased's MyKad, the date of death, the certificate's number, its scan (a data
 * URL or base64 of a PNG, JPEG, WebP or PDF, ≤ 5 MB; checked by content on the server) and the reporter's
 * relationship. The date is checked against the MyKad ({@link deathDateProblem}) on `date_of_death`.
 */
export const deathReportSchema = z
  .object({
    deceased_ic_number: mykad(),
    date_of_death: isoDate(),
    certificate_no: deathCertificateNo(),
    certificate: requiredString(),
    certificate_filename: z.string().max(255).nullish(),
    relationship: z.enum(REPORTER_RELATIONSHIP_CODES, { error: 'validation.choose' }),
  })
  .superRefine((v, ctx) => {
    // Only once both fields passed their own rules (zod 4 may run this beside their issues).
    if (typeof v.date_of_death !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v.date_of_death)) return;
    const problem = deathDateProblem(String(v.deceased_ic_number ?? ''), v.date_of_death);
    if (problem) ctx.addIssue({ code: 'custom', path: ['date_of_death'], message: problem });
  });
export type DeathReportInput = z.output<typeof deathReportSchema>;

/** `POST /api/death-report/{id}/refuse`: the reason, recorded and shown to the reporter. */
export const deathRefusalSchema = z.object({
  reason: z
    .string({ error: DEATH_MSG.reasonRequired })
    .trim()
    .min(3, { error: DEATH_MSG.reasonRequired })
    .max(500, { error: DEATH_MSG.reasonRequired }),
});

/** `POST /api/will-inquiry`: the deceased's MyKad, the certificate's number and where to send the answer. */
export const willInquirySchema = z.object({
  deceased_ic_number: mykad(),
  certificate_no: deathCertificateNo(),
  email: email(),
});
export type WillInquiryInput = z.output<typeof willInquirySchema>;

/**
 * The roles in which a registered instrument names a person who receives its documents after the death (issue 40
 * item 3; ADR 0267), strongest first: a person named in several is recorded under the first that applies.
 * `executor` — the will's wasi: the organisation that registered it (its declaration names it; ADR 0259);
 * `heir`, `beneficiary` (a receiver of the will's property or of a bequest), `guardian` (of the testator's minor
 * children) — of a will; `receiver`, `caretaker` (penjaga of a minor receiver) — of a hibah.
 */
export const RELEASE_ROLES = ['executor', 'heir', 'beneficiary', 'guardian', 'receiver', 'caretaker'] as const;
export type ReleaseRole = (typeof RELEASE_ROLES)[number];

/** Message keys of the release (packages/domain/src/locales/{ms,en}/deaths.json `deaths.release.*`). */
export const RELEASE_MSG = {
  idMismatch: 'deaths.release.id_mismatch',
  idRequired: 'deaths.release.id_required',
  codeSent: 'deaths.release.code_sent',
  identified: 'deaths.release.identified',
  revoked: 'deaths.release.revoked',
  alreadyRevoked: 'deaths.release.already_revoked',
  linkRevoked: 'deaths.release.link_revoked',
  accessRequired: 'deaths.release.access_required',
  /** A release whose estate role lacks the action asked (domain `canInEstate`; ADR 0288). */
  notAllowed: 'deaths.release.not_allowed',
  /** The person's selfie does not match the photo of the MyKad they uploaded (ADR 0295). */
  faceMismatch: 'deaths.release.face_mismatch',
  /** The release's face checks are used up (the organisation's eKYC attempt limit; ADR 0295). */
  faceLimit: 'deaths.release.face_limit',
} as const;

/**
 * An identity number as compared: upper case, letters and digits only ("800101-14-5678" → "800101145678";
 * a company's "202001012345 (1234567-X)" keeps its letters and digits).
 */
export const normaliseIdNumber = (s: string) => s.toUpperCase().replace(/[^0-9A-Z]/g, '');

/**
 * `POST /api/public/release/{id}/identity { code, ic_number, mykad_image?, selfie_image? }`: the 6-digit code
 * e-mailed to the person, the identity number the instrument records for them (a MyKad; a company executor's
 * registration number) and, for a person identified by MyKad, the MyKad front's photo and a selfie as data URLs
 * (PNG/JPEG/WebP, up to 5 MB each): their face eKYC (ADR 0295). The server says which are required (422 naming each).
 */
export const releaseIdentitySchema = z.object({
  code: z
    .string({ error: 'otp.incorrect' })
    .trim()
    .regex(/^\d{6}$/, { error: 'otp.incorrect' }),
  ic_number: z
    .string({ error: RELEASE_MSG.idRequired })
    .trim()
    .min(1, { error: RELEASE_MSG.idRequired })
    .max(40, { error: RELEASE_MSG.idRequired })
    .refine((s) => normaliseIdNumber(s).length >= 6, { error: RELEASE_MSG.idRequired }),
  mykad_image: z.string().max(8_000_000).optional(),
  selfie_image: z.string().max(8_000_000).optional(),
});
