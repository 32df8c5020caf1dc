/**
 * The wills module's public surface (DESIGN.md §2; ADR 0217): other modules and the composition root import
 * only from here. It holds what they use today; a name is added when another module needs it.
 */

export { registerAttachableReader } from './documents-service.ts';
export {
  type HeirBequestContent,
  heirBequestState,
  heirBequestsOfContent,
  heirBequestsView,
  liveContent,
  recordAcknowledgement,
  ruleInputOf,
  willHeirBequests,
} from './heir-bequests.ts';
export { actorOf, idParams, parseBody } from './http.ts';
// multipartToBody, assertSignatureDrawn: for the 2021 contract's hibah adapter (compat/v2021/hibah/; ADR 0240).
export { multipartToBody } from './multipart.ts';
export {
  bpOf,
  declarationProblemOfContent,
  oneThirdProblemOfContent,
  PROPERTY_VALUES_MISSING,
  propertiesWithoutValue,
} from './one-third.ts';
// allPage; createOwned with MOVEABLE / IMMOVEABLE: an asset map entry picked into a will's property (ADR 0269).
export { allPage, createOwned } from './owned.ts';
export { activePricing } from './part-b.ts';
// The 2021 staff's decline, reason, PDPA-reset and type-change bodies (compat/v2021/wills/staff-calls.ts; ADR 0182).
export {
  assertCanEdit,
  assertCanVerify,
  businessWillScope,
  myOrganisations,
  scopeFlags,
  visibleWillSql,
  willScope,
} from './policy.ts';
// hasDeclaredProperty: the executed original's check asks for the spouse's acknowledgement (documents; ADR 0290).
export { hasDeclaredProperty, IMMOVEABLE, MOVEABLE } from './property-service.ts';
export {
  findVisibleWill,
  hasLivePayment,
  parseLoadWith,
  testatorMykadIs,
  testatorNameContains,
  testatorNameLike,
} from './queries.ts';
// The 2021 client's MyKad images before its particulars (compat/v2021/wills/; ADR 0255).
export { registerMykadUploadReading } from './readings.ts';
// A page of wills with their one-to-one relations as JSON written by PostgreSQL (amendments/search.ts; ADR 0289).
export { willJsonFields } from './relations-json.ts';
export { readWill, serializeWill, serializeWills } from './serializers.ts';
export { type Actor, audit, type Conn, createWill, markPartDone, unmarkPartDone } from './service.ts';
export { assertSignatureDrawn, canonicalJson, documentVersion } from './signature-facts.ts';
export { resetAcknowledgements } from './verification-reset.ts';
// The wasiat wajibah section of the will PDF (documents/will-wajibah-data.ts; ADR 0270).
export { wajibahFactsOfWill, wajibahOfWillRow } from './wajibah.ts';
