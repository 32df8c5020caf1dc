/**
 * The estate figures of a will (part e; docs/api/wills.md "Estate"). Amounts in sen. Reached through `wills.ts`.
 *
 * The heirs' consent is not the testator's to record (Enakmen Wasiat Orang Islam (Selangor) 1999 s.26(2): it is
 * given by the heirs after the death; issue 41 item 4, ADR 0257): `heirs_consent` and `heirs_consent_note` are
 * still recognised in a body so that a client that sends them is not refused, and are ignored.
 */
import { z } from 'zod';
import { V } from './common.ts';

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

/** The estate figures of part e, in sen: what is stored. */
export const ESTATE_FIELD_KEYS = ['estimated_estate_sen', 'funeral_sen', 'debts_sen', 'harta_sepencarian_sen'] as const;

/** The keys of the estate body (part e), which `PATCH /wasiat/{id}` recognises: the figures, and the two ignored. */
export const ESTATE_KEYS = [...ESTATE_FIELD_KEYS, 'heirs_consent', 'heirs_consent_note'] as const;

/**
 * Part e estate figures (`PATCH /wasiat/{id}`; docs/api/wills.md "Estate"): amounts in sen (null or '' clears).
 * Every key is optional: an absent key keeps its value. `heirs_consent` / `heirs_consent_note`: accepted, any
 * value, and dropped (see the module comment).
 */
export const estateSchema = z
  .object({
    estimated_estate_sen: clearableSen(),
    funeral_sen: clearableSen(),
    debts_sen: clearableSen(),
    harta_sepencarian_sen: clearableSen(),
    heirs_consent: z.unknown().optional(),
    heirs_consent_note: z.unknown().optional(),
  })
  .transform(({ heirs_consent: _c, heirs_consent_note: _n, ...figures }) => figures);
export type EstateInput = z.input<typeof estateSchema>;
export type EstateFields = z.output<typeof estateSchema>;
