/**
 * Shapes of the amendments API replies the screens read (docs/api/amendments.md). Money in integer sen;
 * dates ISO 8601 UTC; statuses as spec §4 (0–5, anything else invalid/cancelled).
 */
export type Row = Record<string, any> & { id: string };

/** The draft of the will's content an amendment edits (ADR 0021). */
export interface Draft {
  user_detail: Record<string, any> | null;
  estate: Record<string, any>;
  heirs: Row[];
  receivers: Row[];
  moveables: (Row & { shares: { receiver_id: string; portion: string }[] })[];
  immoveables: (Row & { shares: { receiver_id: string; portion: string }[] })[];
  caretakers: Row[];
  bequests: Row[];
  witnesses: Row[];
}

export interface AmendmentWitness {
  id: string;
  name: string;
  ic_number: string;
  email: string;
  otp_verified: number;
  confirmed_at: string | null;
}

export interface Amendment {
  id: string;
  /** The testator (owner) of the amendment. */
  user_id: string;
  reference_no: string;
  count: number;
  status: number;
  amendmentable_type: 'Wasiat' | 'Hibah';
  amendmentable_id: string;
  amendmentable: {
    id: string;
    wasiat_no?: string | null;
    /** A hibah's (amendmentable_type "Hibah"). */
    hibah_number?: string | null;
    hibah_type?: number;
    status?: number;
    current_version?: number;
    user: { name: string; ic_number: string } | null;
  };
  is_staff_created: number;
  handled_by: { id: string; name: string } | null;
  incharged_by_id: string | null;
  /** The amendment price fixed when applied, sen. */
  price_sen: number | null;
  /** 1 once the amendment's own price is settled (or it is free): the draft may be changed. */
  paid: number;
  /** What a drafting amendment still owes, sen: its price and a change of the will's type (ADR 0253). */
  due_sen?: number;
  payment_received_at?: string | null;
  notes: string | null;
  reason: string | null;
  signature_id: string | null;
  /** The amendment's own eKYC (issue 3; ADR 0094): when and how it passed, and the attempts. */
  ekyc_verified_at: string | null;
  ekyc_method: string | null;
  face_verification_count: number;
  applied_at: string;
  submitted_at: string | null;
  passed_at: string | null;
  accepted_at: string | null;
  approved_at: string | null;
  cancelled_at: string | null;
  expires_at: string | null;
  version_no: number | null;
  created_at: string;
  witnesses: AmendmentWitness[];
  draft?: Draft;
}

export interface Page<T> {
  data: T[];
  total: number;
  current_page: number;
  last_page: number;
}
