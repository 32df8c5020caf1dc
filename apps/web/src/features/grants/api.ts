import { api } from '@/lib/api.ts';

/**
 * Client grants as the API returns them (`GET/POST /api/client-grant…`, apps/api/src/modules/grants/routes.ts;
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
  /**
   * To the client: whether they blocked the person who made it (issue 36 item 3; `POST /api/client-grant/{id}/block`
   * and `/unblock`); null when there is nobody to block or the viewer is not the client.
   */
  requester_blocked: boolean | null;
}

/** Query key of the grant lists. */
export const GRANTS_KEY = ['client-grant'] as const;

/** `GET /api/client-grant` as the client's lists read it: `{ grants: { data } }`. */
export interface GrantsAnswer {
  grants: { data: Grant[] };
}

/**
 * Key and fetch of the caller's grants (`GET /api/client-grant?limit=50[&status=…]`), shared by the dashboard's
 * and the profile's lists and the dashboard route's early request (features/dashboard/routes.tsx). Without
 * TanStack Query, so a route of the first load may import it (ADR 0143). `silent`: a failure shows no toast.
 * @param status one status, or every grant when absent
 */
export const grantsQuery = (status?: Grant['status'], opts: { silent?: boolean } = {}) => ({
  queryKey: [...GRANTS_KEY, status ?? 'all'] as const,
  queryFn: () => api.get<GrantsAnswer>('client-grant', { limit: 50, ...(status ? { status } : {}) }, opts),
});
