/**
 * Reply schemas of the wills module (ADR 0301): what the SPA reads of `GET /wasiat/{id}` and `GET /wasiat`
 * (docs/api/wills.md). Loose objects: the replies carry more keys than listed, and nothing is stripped
 * (platform/http/reply-schemas.ts). Money in integer sen, dates ISO 8601 UTC text; under `NODE_ENV=test` every reply
 * of these routes is checked against them.
 */
import { z } from 'zod';
import { replyPage } from '../../platform/http/reply-schemas.ts';

const id = z.string();
const text = z.string().nullish();
const sen = z.number().nullish();

/** A wizard part key as the server lists it in `parts_done` / `unlocked` (serializers.ts `computeUnlocked`). */
const partKey = z.enum(['a', 'b', 'payment', 'c', 'document', 'ekyc', 'd', 'e', 'f', 'g']);

/** The testator's particulars (part C, instruments `user_detail`), with `load_with=userDetail`. */
const userDetailReply = z
  .looseObject({
    designation: text,
    name: text,
    ic_number: text,
    other_ic_number: text,
    gender: z.number().nullish(),
    race: z.number().nullish(),
    religion: z.number().nullish(),
    nationality: z.number().nullish(),
    marital_status: text,
    email: text,
    mobile_number: text,
    home_phone_number: text,
    correspondence_address: text,
    correspondence_postcode: text,
    correspondence_city: text,
    correspondence_state: text,
    permanent_address: text,
    permanent_postcode: text,
    permanent_city: text,
    permanent_state: text,
  })
  .meta({ description: "The testator's particulars (part C)." });

/** The one-third rule counted by value (domain `oneThirdJson`; ADR 0257); sen, shares as "n/d" text. */
const oneThirdReply = z.looseObject({
  net_sen: z.number().nullable(),
  third_sen: z.number().nullable(),
  bequests_share: z.string(),
  bequests_sen: z.number().nullable(),
  property_sen: z.number(),
  property_sen_exact: z.string(),
  total_sen: z.number().nullable(),
  missing_values: z.array(z.string()),
  over: z.boolean(),
});

/** A payment as `load_with=payment` gives it (the latest; amounts in sen). */
const paymentSummaryReply = z.looseObject({
  id,
  amount_sen: sen,
  status: text,
  payment_options_id: z.number().nullish(),
  receipt_no: text,
  paid_at: text,
  created_at: text,
});

/** A will's fields common to the read and the list (serializers.ts `willBody`) and its `load_with` relations. */
const willFields = {
  id,
  user_id: id,
  agent_id: text,
  organization_id: text,
  branch_id: text,
  status: z.number(),
  price: z.union([z.number(), z.string()]).nullish(),
  price_sen: sen,
  discount_sen: sen,
  amount_due_sen: sen,
  plan: z.enum(['basic', 'comprehensive']).nullish(),
  wasiat_type: z.number().nullish(),
  wasiat_no: text,
  current_version: z.number().optional(),
  executed_original_at: text,
  registered_at: text,
  rejected_reason: text,
  payment_status: z.enum(['pending', 'paid', 'failed', 'waived']).nullish(),
  payment_options_id: z.number().nullish(),
  acknowledged_pdpa: z.union([z.boolean(), z.number()]).nullish(),
  acknowledged_confirmation: z.union([z.boolean(), z.number()]).nullish(),
  signature_id: text,
  signature: z.object({ id }).nullish(),
  ekyc_verified_at: text,
  face_verification_count: z.number().optional(),
  created_at: z.string().optional(),
  estimated_estate_sen: sen,
  funeral_sen: sen,
  debts_sen: sen,
  harta_sepencarian_sen: sen,
  user: z.looseObject({ id, name: z.string(), ic_number: text }).nullish(),
  user_detail: userDetailReply.nullish(),
  organization: z.looseObject({ id, name: z.string() }).nullish(),
  branch: z.looseObject({ id, branch_name: z.string() }).nullish(),
  agent: z.looseObject({ id, name: z.string() }).nullish(),
  payment: paymentSummaryReply.nullish(),
};

/** `{ wasiat }` of `GET /wasiat/{id}`: the will, its parts and the estate figures the server computes (sen). */
const willReply = z.looseObject({
  ...willFields,
  parts_done: z.array(partKey),
  unlocked: z.array(partKey),
  /** Estate figures computed by the server (estate-service.ts `estateOf`). */
  estate: z
    .looseObject({
      property_sen: z.number().nullable(),
      gross_sen: z.number().nullable(),
      net_sen: z.number().nullable(),
      harta_sepencarian_sen: sen,
      harta_sepencarian_source: z.enum(['properties', 'amount']).nullish(),
      bequests_to_heirs: z.string().optional(),
      one_third: oneThirdReply.optional(),
    })
    .nullish(),
  /** The executor fee (spec §9), null while the estate is unknown. */
  executor_fee: z
    .looseObject({
      estate_sen: z.number(),
      fee_sen: z.number(),
      provider_percent: z.number(),
      provider_bears_sen: z.number(),
      client_pays_sen: z.number(),
    })
    .nullish(),
});

/** `GET /wasiat/{id}` → `{ wasiat }`. */
export const willReadReply = z.looseObject({ wasiat: willReply });

/** A will in a list (`GET /wasiat`; serializers.ts `serializeWillList`). */
const willListItemReply = z.looseObject({ ...willFields, status: z.number().nullable() });

/** `GET /wasiat` → `{ wasiats: page }`. */
export const willListReply = z.looseObject({ wasiats: replyPage(willListItemReply) });
