/**
 * The hibah module's public surface (DESIGN.md §2; ADR 0217): other modules and the composition root import
 * only from here. It holds what they use today; a name is added when another module needs it.
 */

// What the 2021 contract's adapter (apps/api/src/compat/v2021/hibah/) calls: the hibah's rows, rules and
// services, and the registrations through which the module's own routes read a request its way (ADR 0240).
export { type Actor, asDb, audit, fillableHibah, findVisibleHibah } from './access.ts';
// the release of a deceased's documents to the people named (deaths module; issue 40 item 3, ADR 0267)
export { hibahVerifyUrl, hibahVersionCertificateData, issueHibahCertificate } from './certificate.ts';
export { type HibahCertificateData, renderHibahCertificate } from './certificate-pdf.ts';
export { type ChildKind, createChild, deleteChild, findChild, updateChild } from './children.ts';
// the amended hibah's certificate of completion (documents module; ADRs 0098, 0292)
export { hibahCompletion, partiesOfContent } from './completion.ts';
export type { HibahContent } from './content.ts';
export { loadHibahContent, propertiesWithLedger, replaceHibahContent } from './content.ts';
// the estate file's hibahs of a deceased grantor (estates module; issue 40 item 4, ADR 0274)
export { type DeceasedHibah, hibahsOfDeceased } from './estate-view.ts';
export { actorOf, parseBody } from './http.ts';
export { addTransaction, reverseTransaction } from './ledger.ts';
export { mailPartyLinks } from './links.ts';
export { CARETAKER, HEIR, RECEIVER, signAsReceiver, WITNESS } from './parties.ts';
export { assertCanFill, assertGrantor, hibahScope } from './policy.ts';
export {
  addPropertyDocument,
  deleteShare,
  listPropertyDocuments,
  listShares,
  PROPERTY,
  saveShare,
  sharesOf,
} from './property.ts';
export {
  registerHibahRoutes,
  registerReadExtras,
  registerRowReply,
  registerSignatureReading,
  registerUpdateReading,
  type SignatureReader,
  type UpdateReader,
} from './readings.ts';
export { PART_C_KEYS } from './registration.ts';
export { serializeHibah } from './serializers.ts';
export { registerVersionCertificatePrinter } from './version-certificate.ts';
