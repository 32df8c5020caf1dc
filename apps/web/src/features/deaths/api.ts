/**
 * Death reports as the API returns them (`/api/death-report…`, apps/api/src/modules/deaths; ADR 0261): the fields
 * every view has, and those only staff (`death:verify`) or the registering organisation get.
 */
export interface DeathReport {
  id: string;
  status: 'pending' | 'verified' | 'refused';
  deceased_ic_number: string;
  date_of_death: string;
  certificate_no: string;
  created_at: string;
  decided_at: string | null;
  /** The reporter's view and staff's. */
  relationship?: 'heir' | 'executor' | 'receiver' | 'staff';
  refusal_reason?: string | null;
  /** An organisation's view and staff's. */
  deceased_name?: string | null;
  records?: { type: 'Wasiat' | 'Hibah' | 'Amendment'; id: string; reference: string | null; state: string }[];
  /** Staff's view. */
  reporter_id?: string;
  reporter_name?: string;
  certificate_attachment_id?: string | null;
  verifications_needed?: number | null;
  first_verified_by?: string | null;
  first_verified_by_name?: string | null;
  verified_by_name?: string | null;
}

/** Query key of the death report lists. */
export const DEATHS_KEY = ['death-report'] as const;

/** `GET /api/death-report` → `{ death_reports: { data } }`. */
export interface DeathReportsAnswer {
  death_reports: { data: DeathReport[]; total: number };
}
