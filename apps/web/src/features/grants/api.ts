/**
 * Client grants as the API returns them (`GET/POST /api/client-grant…`, apps/api/src/grants/routes.ts;
 * ADR 0101 "who acts for a client").
 */
export interface Grant {
  id: string;
  client_id: string;
  /** Masked (maskName) for a viewer who does not act for the client. */
  client_name: string;
  organization_id: string;
  organization_name: string;
  agent_id: string | null;
  agent_name: string | null;
  requested_by_name: string | null;
  source: 'registered' | 'approved';
  status: 'pending' | 'active' | 'refused' | 'withdrawn';
  channel: 'email' | 'sms' | 'dashboard' | null;
  approved_via: string | null;
  created_at: string;
  approved_at: string | null;
  withdrawn_at: string | null;
  reason: string | null;
  mine: boolean;
}

/** What `GET /api/user?ic_number=…` answers to a caller without a grant (ADR 0101). */
export interface MaskedUser {
  id: string;
  name: string;
  masked: true;
  can_request_access: boolean;
}

/** Query key of the grant lists. */
export const GRANTS_KEY = ['client-grant'] as const;
