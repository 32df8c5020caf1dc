/**
 * Amendment (pindaan) rules shared by the API and the web client (spec §3 Amendment, §4 "Amendment
 * status" and flow, §9 "Draft and amendment confirmation window: 14 days"; ADR 0020).
 *
 * Statuses (spec §4): 0 being drafted, 1 awaiting confirmation, 2 succeeded, 3 draft must be reviewed,
 * 4 awaiting witness confirmation, 5 cancelled; any other value is shown as invalid/cancelled.
 *
 * Flow (ADR 0020): apply (0) → pay → edit the draft (0) → submit (0→1, "application sent") → an officer
 * passes it (1→3, "passed"; the client must review the draft within 14 days) → the client accepts and
 * signs the draft (3→4, "awaiting witness verification"; the witnesses confirm within 14 days) → an
 * officer approves once every witness confirmed (4→2, "completed"; the will's current version changes).
 * Returns: officer 1→0 (back to drafting with a reason), client 3→0 (reject the draft). Cancel (→5): the
 * owner from 0/1/3, an officer from 0/1/3/4, the expiry job from 3/4 after the window.
 */

import { z } from 'zod';
import { requiredString } from './validation/common.ts';
import { portion } from './validation/shares.ts';
import {
  bequestFieldsSchema,
  caretakerFieldsSchema,
  heirFieldsObject,
  heirMobileRule,
  receiverFieldsSchema,
  userDetailSchema,
  willImmoveableFieldsSchema,
  willMoveableFieldsSchema,
  witnessFieldsSchema,
} from './validation/wills.ts';

const id = z.string().trim().max(64).optional();
const shares = z
  .array(z.object({ receiver_id: requiredString().max(64), portion: portion() }))
  .max(50)
  .default([]);

/** A receiver of the draft; `id` links property shares to it (kept from the will, or new). */
export const draftReceiverSchema = receiverFieldsSchema.extend({ id });
/** A property of the draft: its fields with the value and the date of its estimate required (ADR 0257). */
export const draftMoveableSchema = z.intersection(willMoveableFieldsSchema, z.object({ id, shares }));
/** (The harta sepencarian declaration of ADR 0286 is carried through, as the will's own property schemas take it.) */
export const draftImmoveableSchema = z.intersection(willImmoveableFieldsSchema, z.object({ id, shares }));
/** An amendment witness: name, MyKad, e-mail, address, postcode (spec §5); they sign via their link. */
export const draftWitnessSchema = witnessFieldsSchema.omit({ signature: true }).extend({ id });

/**
 * `PATCH /api/amendment/{id}/draft`: any subset of the draft's sections; each given section replaces
 * the draft's. Portions "25%" or "1/4" (spec §5); a share's `receiver_id` must be a receiver of the draft.
 */
export const amendmentDraftSchema = z.object({
  user_detail: userDetailSchema.optional(),
  heirs: z.array(heirFieldsObject.extend({ id }).superRefine(heirMobileRule)).max(50).optional(),
  receivers: z.array(draftReceiverSchema).max(50).optional(),
  moveables: z.array(draftMoveableSchema).max(100).optional(),
  immoveables: z.array(draftImmoveableSchema).max(100).optional(),
  caretakers: z.array(caretakerFieldsSchema.extend({ id })).max(20).optional(),
  bequests: z.array(bequestFieldsSchema.extend({ id })).max(50).optional(),
  witnesses: z.array(draftWitnessSchema).max(5).optional(),
  notes: z.string().max(20000).nullish(),
});
export type AmendmentDraftInput = z.input<typeof amendmentDraftSchema>;

/** Minimum witnesses of an amendment (as for the will: two; spec §5, wills/transitions.ts). */
export const AMENDMENT_MIN_WITNESSES = 2;

/** `PATCH /api/amendment/{id} { status, reason?, incharged_by_id? }` (reference §2.4). */
export const amendmentTransitionSchema = z.object({
  status: z.coerce.number().int(),
  reason: z.string().trim().max(1000).nullish(),
  incharged_by_id: z.string().max(64).nullish(),
});
