/**
 * Reply schemas of the amendments module (ADR 0301): what the SPA reads of an amendment (`GET /amendment/{id}`,
 * and the lists `GET /amendment`, `GET /wasiat/{id}/amendment`; list.ts `serializeAmendments`; docs/api/
 * amendments.md). Loose objects: the replies carry more keys, and nothing is stripped
 * (platform/http/reply-schemas.ts). Money in integer sen, flags 0/1, statuses spec §4, dates ISO 8601 UTC text.
 */
import { z } from 'zod';
import { replyPage } from '../../platform/http/reply-schemas.ts';

const when = z.string().nullable();
const row = z.looseObject({ id: z.string() });
const shares = z.array(z.looseObject({ receiver_id: z.string(), portion: z.string() }));

/**
 * The draft of the content an amendment edits (ADR 0021): its sections as the content rows. Which sections there
 * are depends on what is amended: a hibah's draft has no `estate` nor `bequests` (hibah-amendments.test.ts).
 */
const draftReply = z.looseObject({
  user_detail: z.record(z.string(), z.unknown()).nullish(),
  estate: z.record(z.string(), z.unknown()).optional(),
  heirs: z.array(row).optional(),
  receivers: z.array(row).optional(),
  moveables: z.array(row.extend({ shares })).optional(),
  immoveables: z.array(row.extend({ shares })).optional(),
  caretakers: z.array(row).optional(),
  bequests: z.array(row).optional(),
  witnesses: z.array(row).optional(),
});

/** A witness of the amendment (list.ts `witnessBody`: no OTP data). */
const amendmentWitnessReply = z.looseObject({
  id: z.string(),
  name: z.string(),
  ic_number: z.string(),
  email: z.string(),
  otp_verified: z.number(),
  confirmed_at: when,
});

/** An amendment as the lists answer it (without its draft). */
const amendmentListItemReply = z.looseObject({
  id: z.string(),
  user_id: z.string(),
  reference_no: z.string(),
  count: z.number(),
  status: z.number(),
  amendmentable_type: z.enum(['Wasiat', 'Hibah']),
  amendmentable_id: z.string(),
  /** The amended will or hibah: its number, status and version, and its owner. */
  amendmentable: z.looseObject({
    id: z.string(),
    wasiat_no: z.string().nullish(),
    hibah_number: z.string().nullish(),
    hibah_type: z.number().optional(),
    status: z.number().optional(),
    current_version: z.number().optional(),
    user: z.looseObject({ name: z.string(), ic_number: z.string() }).nullable(),
  }),
  is_staff_created: z.number(),
  handled_by: z.looseObject({ id: z.string(), name: z.string() }).nullable(),
  incharged_by_id: z.string().nullable(),
  /** The amendment price fixed when applied, sen. */
  price_sen: z.number().nullable(),
  /** 1 once the amendment's own price is settled (or it is free): the draft may be changed. */
  paid: z.number(),
  /** What a drafting amendment still owes, sen: its price and a change of the will's type (ADR 0253). */
  due_sen: z.number().optional(),
  payment_received_at: when.optional(),
  notes: z.string().nullable(),
  reason: z.string().nullable(),
  signature_id: z.string().nullable(),
  /** The amendment's own eKYC (issue 3; ADR 0094): when and how it passed, and the attempts. */
  ekyc_verified_at: when,
  ekyc_method: z.string().nullable(),
  face_verification_count: z.number(),
  applied_at: z.string(),
  submitted_at: when,
  passed_at: when,
  accepted_at: when,
  approved_at: when,
  cancelled_at: when,
  expires_at: when,
  version_no: z.number().nullable(),
  created_at: z.string(),
  witnesses: z.array(amendmentWitnessReply),
});

/** `GET /amendment/{id}` → `{ amendment }` with its draft. */
export const amendmentReadReply = z.looseObject({
  amendment: amendmentListItemReply.extend({ draft: draftReply.optional() }),
});

/** `GET /amendment` and `GET /wasiat/{id}/amendment` → `{ amendments: page }`. */
export const amendmentListReply = z.looseObject({ amendments: replyPage(amendmentListItemReply) });
