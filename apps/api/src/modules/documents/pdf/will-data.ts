/** What the will PDF prints (pdf/will.ts): the data the documents service loads. Reached through `will.ts`. */
import type { GoverningLaw, HeirBequestJson } from '@wasiat/domain';
import type {
  bequests,
  caretakers,
  heirs,
  immoveable_properties,
  moveable_properties,
  will_user_details,
  wills,
} from '../../../db/schema/index.ts';
import type { CompletionData } from '../../../platform/documents/completion/signer.ts';
import type { WillWajibahPdf } from './will-wajibah.ts';

/** A receiver's share of one property. */
export interface ShareLine {
  name: string;
  relationship: string;
  portion: string;
  /** The receiver's MyKad (son/daughter label), when given. */
  ic_number?: string | null;
}

/** Everything printed on the will. Signatures are image data URLs (PNG/JPEG) or null. */
export interface WillPdfData {
  will: typeof wills.$inferSelect;
  /** The testator's particulars (part C); falls back to the account's name and MyKad. */
  detail: typeof will_user_details.$inferSelect | null;
  testatorName: string;
  testatorIc: string;
  organizationName: string | null;
  branchName: string | null;
  heirs: (typeof heirs.$inferSelect)[];
  /** `identified_by`: how the witness was identified (domain WITNESS_IDENTIFICATIONS; null/absent: not; ADR 0259). */
  witnesses: { name: string; ic_number: string; signature: string | null; identified_by?: string | null }[];
  moveables: { property: typeof moveable_properties.$inferSelect; shares: ShareLine[] }[];
  immoveables: { property: typeof immoveable_properties.$inferSelect; shares: ShareLine[] }[];
  caretakers: (typeof caretakers.$inferSelect)[];
  bequests: (typeof bequests.$inferSelect)[];
  testatorSignature: string | null;
  /**
   * Facts of the printed signatures (ADR 0015): role (testator | witness), name, time, IP, document hash and
   * how it was made (`drawn` | `typed`, ADR 0123; absent = drawn).
   */
  signatureFacts?: {
    role: string;
    name: string;
    signedAt: Date;
    ip: string | null;
    sha256: string;
    method?: string;
  }[];
  /** The certificate-of-completion page appended at the end (issue 11; ADR 0072), when given. */
  completion?: CompletionData;
  /** The version of the will's content printed (ADR 0021); printed under the registration number. */
  versionNo?: number;
  /**
   * The amended will (ADR 0074): the amendment that made this version and the previous one it replaces —
   * the previous version's content hash (will_versions) and the SHA-256 of the last sealed document issued
   * before the amendment succeeded (null when none was issued).
   */
  amendment?: {
    referenceNo: string;
    approvedAt: Date | null;
    amendsVersion: number;
    previousVersionSha256: string | null;
    previousDocumentSha256: string | null;
  };
  /** Bequests to heirs through property shares and when they were acknowledged (pdf/heir-bequests.ts, ADR 0155). */
  heirBequests?: HeirBequestJson[];
  heirBequestsAcknowledgedAt?: Date | null;
  /** The state whose law governs the will and its enactment (domain `governingLawOf`; ADR 0260), when known. */
  governingLaw?: GoverningLaw;
  /** The predeceased children and their wasiat wajibah (pdf/will-wajibah.ts; ADR 0270), when read. */
  wajibah?: WillWajibahPdf;
  /**
   * The licensed CA whose certificate seals the PDF (platform/documents/seal.ts `sealKind`, kind `licensed_ca`;
   * ADR 0297): the will then says so in one sentence. Absent (not null) for the platform's own seal, so the printed
   * content — and the registry fingerprint of wills sealed before — stays as it was.
   */
  licensedSeal?: { caSubject: string };
  /** QR code (PNG data URL) and the URL it encodes. */
  qr: string;
  verifyUrl: string;
}
