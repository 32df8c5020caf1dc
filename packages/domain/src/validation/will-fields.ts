/**
 * Message keys of the wills module and the field parsers the will wizard bodies share (blanks as absent,
 * integer codes, amounts in sen, state, relationship, and the polymorphic owner type). Errors are message
 * KEYS. Reached through `wills.ts` (which re-exports {@link W}).
 */
import { z } from 'zod';
import { RELATIONSHIPS } from '../catalogues.ts';
import { catalogueStr, STATES, V } from './common.ts';

/** Message keys of the wills module (`locales/{ms,en}/wills.json`). */
export const W = {
  partLocked: 'wills.part_locked',
  notEditable: 'wills.not_editable',
  witnessesRequired: 'wills.witnesses_required',
  paymentRequired: 'wills.payment_required',
  paymentNotSettled: 'wills.payment_not_settled',
  signatureRequired: 'wills.signature_required',
  /** A witness's pad left empty (part g; not the testator's). */
  witnessSignatureRequired: 'wills.witness_signature_required',
  signatureStale: 'wills.signature_stale',
  witnessSignatureStale: 'wills.witness_signature_stale',
  verificationRequired: 'wills.verification_required',
  partsIncomplete: 'wills.parts_incomplete',
  invalidTransition: 'wills.invalid_transition',
  rejectedReasonRequired: 'wills.rejected_reason_required',
  cancelReasonRequired: 'wills.cancel_reason_required',
  genderMykadMismatch: 'wills.gender_mykad_mismatch',
  mykadMismatch: 'wills.mykad_mismatch',
  userNotClient: 'wills.user_not_client',
  openWillExists: 'wills.open_will_exists',
  organizationInvalid: 'wills.organization_invalid',
  branchInvalid: 'wills.branch_invalid',
  agentInvalid: 'wills.agent_invalid',
  noPricing: 'wills.no_pricing',
  priceLocked: 'wills.price_locked',
  witnessIsTestator: 'wills.witness_is_testator',
  witnessIsHeir: 'wills.witness_is_heir',
  witnessDuplicate: 'wills.witness_duplicate',
  propertyNotAllowed: 'wills.property_not_allowed',
  guardiansNotAllowed: 'wills.guardians_not_allowed',
  beneficiariesNotAllowed: 'wills.beneficiaries_not_allowed',
  limitReached: 'wills.limit_reached',
  receiverInvalid: 'wills.receiver_invalid',
  receiverDuplicate: 'wills.receiver_duplicate',
  documentTypeInvalid: 'wills.document_type_invalid',
  wrongOwner: 'wills.wrong_owner',
  deleteRegistered: 'wills.delete_registered',
  deleted: 'wills.deleted_done',
} as const;

/** '', null, 'null', 'undefined' → undefined: optional fields sent empty by forms count as absent. */
export const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && ['', 'null', 'undefined'].includes(v.trim())) ? undefined : v;
/** An optional wrapper that treats blanks as absent. */
export const opt = <T extends z.ZodTypeAny>(t: T) => z.preprocess(blankToUndefined, t.optional());
/** Optional free text up to `max` characters. */
export const optText = (max = 255) => opt(z.string().trim().max(max));
/** An integer code sent as a number or a numeric string, one of `codes`. */
export const intCode = (codes: readonly number[]) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: V.required })
      .int({ error: V.choose })
      .refine((n) => codes.includes(n), { error: V.choose }),
  );
/** An amount in sen: a non-negative integer (DESIGN.md §7). */
export const optSen = () =>
  opt(
    z.preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
      z.number({ error: V.numeric }).int({ error: V.numeric }).min(0, { error: V.numeric }),
    ),
  );
/** A Malaysian state (catalogue STATES). */
export const state = () => z.enum(STATES, { error: V.choose });
/** A relationship to the testator (catalogue RELATIONSHIPS). */
export const relationship = () => catalogueStr(RELATIONSHIPS);
/** Owner type of a polymorphic person/property row: only "Wasiat" in this module (reference §4.7). */
export const ownerType = () => z.literal('Wasiat', { error: W.wrongOwner });
