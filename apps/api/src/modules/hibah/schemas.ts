/**
 * Reply schemas of the hibah module (ADR 0301): what the SPA reads of `GET /hibah/{id}` (docs/api/hibah.md;
 * serializers.ts `body` and the read's additions in routes.ts). Loose objects: the reply carries more keys, and
 * nothing is stripped (platform/http/reply-schemas.ts). Money in integer sen, flags 0/1, dates ISO 8601 UTC text.
 */
import { z } from 'zod';

const nullableText = z.string().nullable();
const flag = z.number();

/** `{ hibah }` of `GET /hibah/{id}`: the hibah with its grantor (`user`) and the relations of `load_with`. */
const hibahReply = z.looseObject({
  id: z.string(),
  hibah_number: nullableText,
  hibah_type: z.number(),
  user_id: z.string(),
  agent_id: nullableText,
  organization_id: nullableText,
  branch_id: nullableText,
  pricing_id: nullableText,
  status: z.number(),
  price_sen: z.number().nullable(),
  amount_due_sen: z.number().nullable(),
  payment_received_at: nullableText,
  has_signature: flag,
  /** 1 when the grantor's signature is of the content as it is now (issue 21 item 5). */
  signature_current: flag.optional(),
  is_draft_accepted: flag,
  draft_expires_at: nullableText,
  current_total_sen: z.number(),
  one_cent_maximum_moveable_property: z.number(),
  rejected_reason: nullableText,
  created_at: z.string(),
  /** The grantor's account (always on this read). */
  user: z
    .looseObject({
      name: z.string(),
      ic_number: nullableText,
      email: z.string().nullish(),
      mobile_number: z.string().nullish(),
    })
    .nullish(),
  /** The grantor's particulars (`load_with=userDetail`; the part's row, hibah_user_details). */
  user_detail: z.looseObject({ name: z.string().nullish() }).nullish(),
  /** A corporate grantor (`load_with=userDetail`; ADR 0165): the company's name and SSM number, else null. */
  company: z.looseObject({ name: z.string(), registration_number: z.string() }).nullish(),
  organization: z.looseObject({ name: z.string() }).nullish(),
});

/** `GET /hibah/{id}` → `{ hibah }`. */
export const hibahReadReply = z.looseObject({ hibah: hibahReply });
