/**
 * The hibah wizard's parts, apart from products.ts so that the router (loaded on every page) does not
 * pull in @wasiat/domain's hibah schemas and zod (ADR 0116).
 */

/**
 * The wizard parts a–i (and the receiver-signature and draft steps) in sidebar order, each in its own file of
 * parts/ (spec §2 Trusts; reference §3.2–§3.4; docs/api/hibah.md):
 * A account (product → `POST /api/hibah`), B the grantor's MyKad front/back and eKYC (issue 3; the shared
 * eKYC step with `ekycable_type: "Hibah"`), C organisation and price, D grantor
 * (`POST /api/hibah/{id}/user-detail` + `POST /api/hibah/{id}` fields; a corporate product: the company, its
 * signatories and board resolution instead — Company.tsx, ADR 0165), E receivers (estate: heirs and
 * receivers), F property with shares (estate: with its transactions; one-cent: wallet accounts),
 * G caretakers, H verification (payment, signature, PDPA, a verified one-time code `hibah-submit`, submit),
 * I witnesses and completion, signpenerima (receivers sign, PartSignReceivers.tsx) and draft (PartDraft.tsx: a
 * verified code `hibah-finalise`, then accept within 14 days). The server refuses submitting and accepting
 * without a passed eKYC and the code (ADR 0096).
 */
export const PARTS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] as const;
export type Part = (typeof PARTS)[number] | 'signpenerima' | 'draft';
