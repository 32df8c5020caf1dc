/**
 * The executed original of a will (issue 41 item 1; ADR 0266): the paper the testator signed by hand before two
 * witnesses, uploaded as a scan, checked by staff against the SHA-256 of the sealed version printed at the foot of
 * every page, and recorded with where it is kept. Statuses, custody, message keys and request bodies, shared by the
 * API (which enforces them) and the web forms (which check first). Pure; no I/O.
 *
 * Why a signed paper: the Electronic Commerce Act 2006 (Act 658) s. 2(2) — "This Act shall not apply to the
 * transactions or documents specified in the Schedule" — and its Schedule, which lists the creation of wills and
 * codicils and the creation of trusts (the Schedule's wording read only in secondary sources; ADR 0266); the Digital
 * Signature Act 1997 (Act 562) s. 62(1)(a): a digital signature satisfies a rule of law requiring a signature when
 * it "is verified by reference to the public key listed in a valid certificate issued by a licensed certification
 * authority" — the platform's screen signature is not.
 */
import { z } from 'zod';
import { type CatalogueEntry, labelOf } from './catalogues.ts';
import { requiredString } from './validation/common.ts';

/** Message keys (packages/domain/src/locales/{ms,en}/executed-original.json). */
export const EXECUTED_ORIGINAL_MSG = {
  uploaded: 'executed_original.uploaded',
  verified: 'executed_original.verified',
  refused: 'executed_original.refused',
  notRegistered: 'executed_original.not_registered',
  pendingExists: 'executed_original.pending_exists',
  alreadyHeld: 'executed_original.already_held',
  hashMismatch: 'executed_original.hash_mismatch',
  noSealedDocument: 'executed_original.no_sealed_document',
  notPending: 'executed_original.not_pending',
  ownUpload: 'executed_original.own_upload',
  reasonRequired: 'executed_original.reason_required',
  custodyPlaceRequired: 'executed_original.custody_place_required',
  /** The will declares harta sepencarian: say whether the spouse's acknowledgement is signed on the scan (ADR 0290). */
  sepencarianAcknowledgementRequired: 'executed_original.sepencarian_acknowledgement_required',
} as const;

/** A scan's status: `pending` (awaiting a staff check), `verified` (the executed original), `refused` (with a reason). */
export const EXECUTED_ORIGINAL_STATUSES = ['pending', 'verified', 'refused'] as const;
export type ExecutedOriginalStatus = (typeof EXECUTED_ORIGINAL_STATUSES)[number];

/** Who keeps the signed paper: the provider (its safe custody) or the testator. */
export const CUSTODIES = [
  { code: 'provider', ms: 'Dalam simpanan penyedia', en: "Provider's custody" },
  { code: 'testator', ms: 'Disimpan oleh pewasiat', en: 'Kept by the testator' },
] as const satisfies readonly CatalogueEntry[];
export type Custody = (typeof CUSTODIES)[number]['code'];
const CUSTODY_CODES = CUSTODIES.map((c) => c.code) as [Custody, ...Custody[]];

/** Label of a custody code in `lang`. */
export const custodyLabel = (code: string, lang: 'ms' | 'en') =>
  labelOf(CUSTODIES as readonly CatalogueEntry[], code, lang);

/**
 * A SHA-256 as read off a scan: 64 hexadecimal digits, spaces and line breaks ignored, any case → lower case.
 * Anything else → the issue `executed_original.hash_mismatch`.
 */
export const printedSha256 = () =>
  z
    .string({ error: EXECUTED_ORIGINAL_MSG.hashMismatch })
    .transform((s) => s.replace(/\s+/g, '').toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{64}$/, { error: EXECUTED_ORIGINAL_MSG.hashMismatch }));

/** Where the paper is kept: 3–300 characters of free text (e.g. "Safe, Kuala Lumpur office, box 12"). */
const custodyPlace = () =>
  z
    .string({ error: EXECUTED_ORIGINAL_MSG.custodyPlaceRequired })
    .trim()
    .min(3, { error: EXECUTED_ORIGINAL_MSG.custodyPlaceRequired })
    .max(300, { error: EXECUTED_ORIGINAL_MSG.custodyPlaceRequired });

/**
 * `POST /api/wasiat/{id}/executed-original`: the scan (data URL or base64 of a PNG, JPEG, WebP or PDF ≤ 5 MB; or a
 * multipart file `scan`), its file name, who keeps the paper and where.
 */
export const executedOriginalUploadSchema = z.object({
  scan: requiredString(),
  scan_filename: z.string().max(255).nullish(),
  custody: z.enum(CUSTODY_CODES, { error: 'validation.choose' }),
  custody_place: custodyPlace(),
});
export type ExecutedOriginalUploadInput = z.output<typeof executedOriginalUploadSchema>;

/**
 * `POST /api/wasiat/{id}/executed-original/{oid}/verify`: the SHA-256 staff read at the foot of the scan's pages,
 * optionally the custody corrected, and — required by the API when the will declares harta sepencarian (422
 * `executed_original.sepencarian_acknowledgement_required` on it; ADR 0290) — `sepencarian_acknowledged`: whether
 * the scan's declaration page ("Akuan Harta Sepencarian") carries the signature of every spouse in its
 * acknowledgement boxes (true) or not (false). The acknowledgement is evidence that the spouse agrees with the
 * declared portion; it is no order of division (Islamic Family Law (Federal Territories) Act 1984 s. 122; ADR 0286).
 */
export const executedOriginalVerifySchema = z.object({
  printed_sha256: printedSha256(),
  custody: z.enum(CUSTODY_CODES, { error: 'validation.choose' }).optional(),
  custody_place: custodyPlace().optional(),
  sepencarian_acknowledged: z.boolean({ error: 'validation.choose' }).optional(),
});
export type ExecutedOriginalVerifyInput = z.output<typeof executedOriginalVerifySchema>;

/** `POST /api/wasiat/{id}/executed-original/{oid}/refuse`: the reason, recorded and shown to the uploader. */
export const executedOriginalRefusalSchema = z.object({
  reason: z
    .string({ error: EXECUTED_ORIGINAL_MSG.reasonRequired })
    .trim()
    .min(3, { error: EXECUTED_ORIGINAL_MSG.reasonRequired })
    .max(500, { error: EXECUTED_ORIGINAL_MSG.reasonRequired }),
});
