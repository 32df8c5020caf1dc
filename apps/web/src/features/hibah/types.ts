/** A hibah as the API returns it (the fields the screens read; docs/api/hibah.md). */
export interface Hibah {
  id: string;
  hibah_number: string | null;
  hibah_type: number;
  user_id: string;
  agent_id: string | null;
  organization_id: string | null;
  branch_id: string | null;
  pricing_id: string | null;
  status: number;
  price_sen: number | null;
  amount_due_sen: number | null;
  payment_received_at: string | null;
  has_signature: number;
  /** 1 when the grantor's signature is of the content as it is now (issue 21 item 5). */
  signature_current?: number;
  is_draft_accepted: number;
  draft_expires_at: string | null;
  current_total_sen: number;
  one_cent_maximum_moveable_property: number;
  rejected_reason: string | null;
  created_at: string;
  /** The grantor's account (`load_with=user`). */
  user?: { name: string; ic_number: string | null; email?: string | null; mobile_number?: string | null } | null;
  user_detail?: Record<string, any> | null;
  /** A corporate grantor (`load_with=userDetail`; ADR 0165): the company's name and SSM number, else null. */
  company?: { name: string; registration_number: string } | null;
  organization?: { name: string } | null;
  [k: string]: unknown;
}
