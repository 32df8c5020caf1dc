/**
 * The `POST /api/faraid` contract (issue 9): `{ deceased, heirs: { <heir key>: count }, policy?, estate? }`.
 * An unknown heir key or an impossible set is an issue on `heirs.<key>` (a 422 naming the field).
 */
import { z } from 'zod';
import { V } from '../validation/common.ts';
import { checkHeirs, FARAID_POLICIES } from './heirs.ts';

export const faraidRequestSchema = z
  .object({
    deceased: z.enum(['male', 'female'], { error: V.choose }),
    heirs: z.record(z.string(), z.unknown(), { error: V.required }),
    policy: z.enum(FARAID_POLICIES, { error: V.choose }).default('baitulmal'),
    /** Net estate in sen (optional): amounts are returned when given. */
    estate: z
      .number({ error: V.numeric })
      .int({ error: V.numeric })
      .min(0, { error: V.numeric })
      .max(Number.MAX_SAFE_INTEGER)
      .optional(),
  })
  .superRefine((v, ctx) => {
    for (const p of checkHeirs(v.deceased, v.heirs))
      ctx.addIssue({ code: 'custom', path: ['heirs', p.field], message: p.message });
  });
export type FaraidRequest = z.output<typeof faraidRequestSchema>;
