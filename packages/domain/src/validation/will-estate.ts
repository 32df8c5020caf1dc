/**
 * The estate figures of a will and the heirs' consent (part e; docs/api/wills.md "Estate"). Amounts in sen.
 * Reached through `wills.ts`.
 */
import { z } from 'zod';
import { flag, V } from './common.ts';

/** An amount in sen that may be cleared: '' or null → null; a number or numeric string → integer ≥ 0. */
const clearableSen = () =>
  z
    .preprocess(
      (v) =>
        v === null || (typeof v === 'string' && v.trim() === '')
          ? null
          : typeof v === 'string' && /^\d+$/.test(v.trim())
            ? Number(v)
            : v,
      z
        .number({ error: V.numeric })
        .int({ error: V.numeric })
        .min(0, { error: V.numeric })
        .max(Number.MAX_SAFE_INTEGER, { error: V.numeric })
        .nullable(),
    )
    .optional();

/** The keys of the estate body (part e), which `PATCH /wasiat/{id}` recognises. */
export const ESTATE_KEYS = [
  'estimated_estate_sen',
  'funeral_sen',
  'debts_sen',
  'harta_sepencarian_sen',
  'heirs_consent',
  'heirs_consent_note',
] as const;

/**
 * Part e estate figures and the heirs' consent (`PATCH /wasiat/{id}`; docs/api/wills.md "Estate"):
 * amounts in sen (null or '' clears), `heirs_consent` 0/1, `heirs_consent_note` free text. Every key is
 * optional: an absent key keeps its value.
 */
export const estateSchema = z.object({
  estimated_estate_sen: clearableSen(),
  funeral_sen: clearableSen(),
  debts_sen: clearableSen(),
  harta_sepencarian_sen: clearableSen(),
  heirs_consent: flag().optional(),
  heirs_consent_note: z
    .preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
      z.string().trim().max(1000).nullable(),
    )
    .optional(),
});
export type EstateInput = z.input<typeof estateSchema>;
export type EstateFields = z.output<typeof estateSchema>;
