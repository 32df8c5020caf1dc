/**
 * Certificates of completion (issue 11 "Sealed documents … carries a certificate-of-completion page";
 * ADRs 0072, 0074): for each signature printed on a document — who signed (role, name, masked MyKad),
 * how they were verified (eKYC method and score, OTP), the IP and User-Agent, the sent/viewed/signed
 * times and the SHA-256 of the document version they signed.
 *
 * - {@link willCompletion}: a will — the testator and the current witnesses (signature_events, ADR 0015);
 *   or, for the PDF of an earlier version, the signers of that version (ADR 0099).
 * - {@link hibahCompletion}: a hibah — the grantor, the receivers and the witnesses (signature_events of
 *   the hibah; the version is `hibahDocumentVersion`, ADR 0074).
 * - {@link amendmentCompletion}: a will amendment — the testator who signed the draft (verified by the
 *   amendment's own eKYC, ADR 0099) and the witnesses who confirmed it through their signed link; the version
 *   is the SHA-256 of the amendment's draft (ADR 0074).
 * - {@link hibahAmendmentCompletion}: a hibah amendment — the same, the grantor verified by the amendment's
 *   eKYC and the code spent on submitting it (ADRs 0097, 0098).
 *
 * This module is the entry point; the parts live beside it, one concern each:
 * - completion-signer.ts: the shapes ({@link CompletionSigner}, {@link CompletionData});
 * - completion-will.ts: {@link willCompletion}, {@link latestTestatorSignature}, {@link WillParties};
 * - completion-hibah.ts: {@link hibahCompletion}, {@link partiesOfContent}, {@link HibahParties};
 * - completion-amendment.ts: {@link amendmentCompletion}, {@link hibahAmendmentCompletion},
 *   {@link amendmentSigners}, {@link amendmentDocumentVersion}, {@link AmendmentOwner};
 * - completion-ekyc.ts: the owner's eKYC facts ({@link amendmentEkyc}, the latest passing face-match score).
 *
 * The parts read the wills, hibah, amendment, eKYC and OTP tables read-only.
 */
export {
  type AmendmentOwner,
  amendmentCompletion,
  amendmentDocumentVersion,
  amendmentSigners,
  hibahAmendmentCompletion,
} from './completion-amendment.ts';
export { amendmentEkyc } from './completion-ekyc.ts';
export { type HibahParties, hibahCompletion, partiesOfContent } from './completion-hibah.ts';
export type { CompletionData, CompletionSigner } from './completion-signer.ts';
export { latestTestatorSignature, type WillParties, willCompletion } from './completion-will.ts';
