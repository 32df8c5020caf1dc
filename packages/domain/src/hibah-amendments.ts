/**
 * Amendments of a registered hibah / trust (issue 5 "Hibah amendments"; spec §3 Amendment "looked up by
 * hibah id", §4 amendment statuses and the 14-day window, §6 "only the grantor can finalise or update a
 * hibah/trust"; ADR 0020 flow, ADR 0036 who and what, ADR 0037 versions).
 *
 * The draft of a hibah amendment is the hibah's content as one JSON value (API `hibah/content.ts`):
 * `{ user_detail, fields, heirs[], receivers[], moveables[] (+ shares[{ receiver_id, portion }]),
 * immoveables[] (+ shares), caretakers[] (receiver_id = a minor receiver of the draft, or null = all),
 * witnesses[] }`. Rows keep their `id`, so shares, caretakers and documents that point at a receiver or a
 * property stay valid. The same status moves as a will's amendment (`AMENDMENT_TRANSITIONS`).
 */
import { z } from 'zod';
import { requiredString } from './validation/common.ts';
import {
  hibahCaretakerSchema,
  hibahFieldsSchema,
  hibahHeirSchema,
  hibahReceiverSchema,
  hibahWitnessSchema,
} from './validation/hibah.ts';
import { portion } from './validation/shares.ts';
import { immoveableFieldsSchema, moveableFieldsSchema, userDetailSchema } from './validation/wills.ts';

/** Message keys of hibah amendments (server 422/403s; `locales/{ms,en}/amendments.json`). */
export const HAM = {
  hibahNotRegistered: 'amendments.hibah_not_registered',
  hibahAlreadyOpen: 'amendments.hibah_already_open',
  grantorOnly: 'amendments.grantor_only',
  propertyHasLedger: 'amendments.property_has_ledger',
  receiversRequired: 'amendments.hibah_receivers_required',
  propertyRequired: 'amendments.hibah_property_required',
  caretakerRequired: 'amendments.hibah_caretaker_required',
} as const;

const id = z.string().trim().max(64).optional();
const shares = z
  .array(z.object({ receiver_id: requiredString().max(64), portion: portion() }))
  .max(50)
  .default([]);

/** The hibah's own fields an amendment may change (not its organisation, branch or price). */
export const hibahDraftFieldsSchema = hibahFieldsSchema.omit({
  organization_id: true,
  branch_id: true,
  pricing_id: true,
});

/** A receiver of the draft (`is_minor` is worked out by the server from the MyKad). */
export const hibahDraftReceiverSchema = hibahReceiverSchema.extend({ id });
/** A caretaker of the draft; `receiver_id` names a minor receiver of the draft (or none = every minor). */
export const hibahDraftCaretakerSchema = hibahCaretakerSchema.safeExtend({ id });
/** A movable property of the draft with its receivers' shares (one-cent wallets: `one_cent_*`). */
export const hibahDraftMoveableSchema = z.intersection(
  moveableFieldsSchema,
  z.object({
    id,
    shares,
    one_cent_username: z.string().trim().max(100).nullish(),
    one_cent_wallet_name: z.string().trim().max(100).nullish(),
  }),
);
/** An immovable property of the draft with its receivers' shares. */
export const hibahDraftImmoveableSchema = immoveableFieldsSchema.extend({ id, shares });
/** A witness of the draft: invited by e-mail when the grantor accepts the draft (3 → 4). */
export const hibahDraftWitnessSchema = hibahWitnessSchema.extend({ id });

/**
 * `PATCH /api/amendment/{id}/draft` of a hibah amendment: any subset of the sections; each given section
 * replaces the draft's. Portions "25%" or "1/4" (spec §5); a share's `receiver_id` must be a receiver of
 * the draft (server check).
 */
export const hibahAmendmentDraftSchema = z.object({
  user_detail: userDetailSchema.optional(),
  fields: hibahDraftFieldsSchema.optional(),
  heirs: z.array(hibahHeirSchema.extend({ id })).max(50).optional(),
  receivers: z.array(hibahDraftReceiverSchema).max(50).optional(),
  moveables: z.array(hibahDraftMoveableSchema).max(100).optional(),
  immoveables: z.array(hibahDraftImmoveableSchema).max(100).optional(),
  caretakers: z.array(hibahDraftCaretakerSchema).max(20).optional(),
  witnesses: z.array(hibahDraftWitnessSchema).max(5).optional(),
  notes: z.string().max(20000).nullish(),
});
export type HibahAmendmentDraftInput = z.input<typeof hibahAmendmentDraftSchema>;
