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

/** A release as staff and the registering organisation see it (`GET /api/death-report/{id}/releases`; ADR 0267). */
export interface DeathRelease {
  id: string;
  instrument_type: 'Wasiat' | 'Hibah';
  instrument_id: string;
  instrument_reference: string;
  person_name: string;
  role: string;
  roles: string[];
  email: string;
  issued_at: string;
  mail_sent_at: string | null;
  opened_at: string | null;
  identified_at: string | null;
  revoked_at: string | null;
  revoked_by_name: string | null;
  can_revoke: boolean;
}

/** What a signed release link shows before the identity check (`GET /api/public/release/{id}`). */
export interface PublicRelease {
  id: string;
  deceased_name: string;
  date_of_death: string;
  instrument_type: 'Wasiat' | 'Hibah';
  instrument_reference: string;
  person_name: string;
  role: string;
  roles: string[];
  /** Masked. */
  email: string;
  id_kind: 'mykad' | 'registration';
}

/** The documents a release opens, and the instrument's verification page with its QR code. */
export interface ReleaseDocuments {
  documents: { file: string; kind: string; title: string }[];
  verification: { url: string; qr: string };
}
