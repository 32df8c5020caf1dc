/**
 * Shapes of the wills API replies the web client reads (docs/api/wills.md, payments.md, documents.md).
 * Only the fields the screens use are typed; money is integer sen, dates ISO 8601 UTC.
 */

import type { OneThirdJson } from '@wasiat/domain';

/** A wizard part key as the server lists it in `parts_done` / `unlocked`. */
export type PartKey = 'a' | 'b' | 'payment' | 'c' | 'document' | 'ekyc' | 'd' | 'e' | 'f' | 'g';

/** `{ wasiat }` of GET /api/wasiat/{id} (docs/api/wills.md "Calls"). */
export interface Will {
  id: string;
  user_id: string;
  agent_id?: string | null;
  organization_id?: string | null;
  branch_id?: string | null;
  status: number;
  price?: number | string | null;
  price_sen?: number | null;
  discount_sen?: number | null;
  amount_due_sen?: number | null;
  plan?: 'basic' | 'comprehensive' | null;
  wasiat_type?: number | null;
  parts_done: PartKey[];
  unlocked: PartKey[];
  wasiat_no?: string | null;
  /** Version of the will's content in force (ADR 0021; 1 until an amendment succeeds). */
  current_version?: number;
  /** When staff recorded the executed original of the version in force; null: not held (ADR 0266). */
  executed_original_at?: string | null;
  registered_at?: string | null;
  rejected_reason?: string | null;
  payment_status?: 'pending' | 'paid' | 'failed' | 'waived' | null;
  payment_options_id?: number | null;
  acknowledged_pdpa?: boolean | number | null;
  acknowledged_confirmation?: boolean | number | null;
  signature_id?: string | null;
  /** The testator's signature, when saved (`{ id }`). */
  signature?: { id: string } | null;
  ekyc_verified_at?: string | null;
  /** eKYC attempts on this will (passed and failed; spec §4). */
  face_verification_count?: number;
  created_at?: string;
  user?: { id: string; name: string; ic_number?: string | null } | null;
  user_detail?: UserDetail | null;
  organization?: { id: string; name: string } | null;
  branch?: { id: string; branch_name: string } | null;
  agent?: { id: string; name: string } | null;
  /** Part e estate figures (sen; docs/api/wills.md "Estate"). The heirs' consent is not the testator's (ADR 0257). */
  estimated_estate_sen?: number | null;
  funeral_sen?: number | null;
  debts_sen?: number | null;
  harta_sepencarian_sen?: number | null;
  /** Estate figures computed by the server (GET /api/wasiat/{id} only). */
  estate?: {
    property_sen: number | null;
    gross_sen: number | null;
    net_sen: number | null;
    /** The harta sepencarian deducted (sen) and where it comes from: the declared properties (ADR 0286) or the
     * single amount. */
    harta_sepencarian_sen?: number | null;
    harta_sepencarian_source?: 'properties' | 'amount' | null;
    /** The bequests' portions to heirs together, "n/d" of the net estate. */
    bequests_to_heirs?: string;
    /** The one-third rule counted by value (domain `oneThirdJson`; ADR 0257). */
    one_third?: OneThirdJson;
  } | null;
  /** The executor fee (spec §9), null while the estate is unknown (GET /api/wasiat/{id} only). */
  executor_fee?: {
    estate_sen: number;
    fee_sen: number;
    provider_percent: number;
    provider_bears_sen: number;
    client_pays_sen: number;
  } | null;
}

/** Paginated list envelope (DESIGN.md §3). */
export interface Page<T> {
  data: T[];
  current_page?: number;
  per_page?: number;
  total?: number;
  last_page?: number;
}

/** The testator's particulars (part C, `{ user_detail }`). */
export interface UserDetail {
  designation?: string | null;
  name?: string | null;
  ic_number?: string | null;
  other_ic_number?: string | null;
  gender?: number | null;
  race?: number | null;
  religion?: number | null;
  nationality?: number | null;
  marital_status?: string | null;
  email?: string | null;
  mobile_number?: string | null;
  home_phone_number?: string | null;
  correspondence_address?: string | null;
  correspondence_postcode?: string | null;
  correspondence_city?: string | null;
  correspondence_state?: string | null;
  permanent_address?: string | null;
  permanent_postcode?: string | null;
  permanent_city?: string | null;
  permanent_state?: string | null;
}

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
