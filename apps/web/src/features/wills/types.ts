/**
 * Shapes of the wills API replies the web client reads (docs/api/wills.md, payments.md, documents.md).
 * The will and its particulars are generated from the API's reply schemas (wills/schemas.ts → `npm run
 * api:types`; ADR 0301); the rest are still written here. Money is integer sen, dates ISO 8601 UTC.
 */

import type { GetReply } from '@/lib/api-types.ts';

/** `{ wasiat }` of GET /api/wasiat/{id} (docs/api/wills.md "Calls"), generated. */
export type Will = GetReply<'/api/wasiat/{id}'>['wasiat'];

/** A wizard part key as the server lists it in `parts_done` / `unlocked`. */
export type PartKey = Will['parts_done'][number];

/** Paginated list envelope (DESIGN.md §3). */
export interface Page<T> {
  data: T[];
  current_page?: number;
  per_page?: number;
  total?: number;
  last_page?: number;
}

/** The testator's particulars (part C, `{ user_detail }`), generated. */
export type UserDetail = NonNullable<Will['user_detail']>;

/** A postal address as people records carry it. */
export interface Address {
  address?: string | null;
  postcode?: string | null;
  city?: string | null;
  state?: string | null;
}

/** An heir (part D). */
export interface Heir extends Address {
  id: string;
  name: string;
  relationship: string;
  ic_number?: string | null;
  mobile_number?: string | null;
  home_phone_number?: string | null;
  email?: string | null;
}

/** A witness (part G). */
export interface Witness extends Address {
  id: string;
  name: string;
  ic_number: string;
  email?: string | null;
  signature_id?: string | null;
  signature?: { id: string } | null;
  /** The witness's spouse's MyKad, when given (the witness rule; ADR 0259). */
  spouse_ic_number?: string | null;
  /** How the witness was identified: `email_code` | `staff`, null when not (ADR 0259). */
  identified_by?: string | null;
  identified_at?: string | null;
}

/** A receiver of property (part E). */
export interface Receiver extends Address {
  id: string;
  name: string;
  relationship: string;
  ic_number?: string | null;
  mobile_number?: string | null;
}

/** A movable property (part E). */
export interface MoveableProperty extends SepencarianFields {
  id: string;
  property_type: string;
  institution_name?: string | null;
  account_number?: string | null;
  policy_number?: string | null;
  company_registration_number?: string | null;
  transport_type?: string | null;
  transport_manufacturer?: string | null;
  transport_model?: string | null;
  transport_registration_number?: string | null;
  /** The testator's estimate of its value (sen) and the date of the estimate ('YYYY-MM-DD'; ADR 0257). */
  value_sen?: number | null;
  value_estimated_on?: string | null;
}

/**
 * A property declared harta sepencarian (ADR 0286), all null when not declared: the spouse (heir id when picked
 * among the heirs, name and MyKad), the spouse's portion in basis points (1..10,000), the basis and its note.
 */
export interface SepencarianFields {
  sepencarian_spouse_heir_id?: string | null;
  sepencarian_spouse_name?: string | null;
  sepencarian_spouse_ic?: string | null;
  sepencarian_bp?: number | null;
  sepencarian_basis?: 'agreed' | 'estimated' | null;
  sepencarian_basis_note?: string | null;
}

/** An immovable property (part E). */
export interface ImmoveableProperty extends SepencarianFields {
  id: string;
  category: string;
  property_type: string;
  property_no: string;
  lot_number: string;
  city_type?: string | null;
  city?: string | null;
  district?: string | null;
  state?: string | null;
  address?: string | null;
  /** The testator's estimate of its value (sen) and the date of the estimate ('YYYY-MM-DD'; ADR 0257). */
  value_sen?: number | null;
  value_estimated_on?: string | null;
}

/** A receiver's share of one property. */
export interface PropertyReceiver {
  id: string;
  portion: string;
  receiver_id?: string;
  receiver?: Receiver | null;
}

/** A guardian of minor children (part E). */
export interface Caretaker extends Address {
  id: string;
  name: string;
  ic_number: string;
  relationship: string;
  mobile_number?: string | null;
  wards?: string | null;
}

/** A bequest (part E). */
export interface Bequest {
  id: string;
  beneficiary_name: string;
  ic_number?: string | null;
  relationship?: string | null;
  purpose?: string | null;
  portion: string;
  /** A bequest to an institution of the staff's list (issue 41 item 7; ADR 0268): its id, kind and registration. */
  institution_id?: string | null;
  institution_kind?: string | null;
  institution_registration?: string | null;
}

/** An uploaded file (MyKad images). */
export interface Attachment {
  id: string;
  type: string;
  mime_type: string;
  original_filename?: string | null;
  created_at?: string;
}

/** A payment of a will (payments.md). */
export interface Payment {
  id: string;
  payment_options_id: number;
  amount_sen: number;
  status: 'pending' | 'paid' | 'failed' | 'waived';
  reference?: string | null;
  receipt_no?: string | null;
  paid_at?: string | null;
  created_at?: string;
  /** Financing (mode 4) state and the bank's reason when rejected (payments.md). */
  financing_status?: 'pending' | 'approved' | 'rejected' | null;
  failure_reason?: string | null;
  /** True only when the receipt e-mail finally failed (spec §8). */
  receipt_mail_failed?: boolean;
}
