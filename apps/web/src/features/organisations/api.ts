/**
 * Calls and shapes of the organisation screens (issue 6; apps/api/src/modules/organisations/manage-routes.ts).
 * Amounts are integer sen; flags 1/0 (organisation, branch) and 1 = yes / 2 = no (preference).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api.ts';

export interface Organisation {
  id: string;
  type: string;
  is_partner: 0 | 1;
  name: string;
  short_name: string | null;
  code: string;
  partner_code: string | null;
  registration_number: string | null;
  mykad_number?: string | null;
  email: string | null;
  phone_number?: string | null;
  website?: string | null;
  address: string | null;
  postcode: string | null;
  city: string | null;
  state: string | null;
  status: number;
  allow_payment_gateway: 0 | 1;
  allow_cash_payment: 0 | 1;
  allow_direct_payment: 0 | 1;
  allow_loan_payment?: 0 | 1;
  allow_atb_payment?: 0 | 1;
}
export interface Branch {
  id: string;
  organization_id: string;
  branch_name: string;
  code: string | null;
  is_headquarter: 0 | 1;
  email: string | null;
  phone_number: string | null;
  address: string | null;
  postcode: string | null;
  city: string | null;
  state: string | null;
  status: number;
}
export interface Pricing {
  id: string;
  organization_id: string;
  product: 'Wasiat' | 'Hibah';
  plan: string;
  description: string | null;
  price_sen: number;
  amendment_price_sen: number;
  status: number;
  effective_from: string;
  effective_to: string | null;
}
export interface Staff {
  id: string;
  name: string;
  username: string;
  email: string | null;
  ic_number: string | null;
  mobile_number: string | null;
  bank_name: string | null;
  bank_account_number: string | null;
  staff_id: string | null;
  /** 1 attended the provider's course, 0 not. */
  is_attended_course: number;
  /** 1 the member has set a password, 0 not yet (the invitation may be sent again; ADR 0243). */
  has_password?: number;
  roles: { name: string }[];
  user_access: {
    id: string;
    organization_id: string;
    branch_id: string | null;
    role: string;
    status: number;
    organization: { id: string; name: string; code: string };
    accessible: { id: string; branch_name: string } | null;
  };
}
export interface Page<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/**
 * `GET /api/organization/{id}` → the organisation. `silent`: no error toast — the page shows the failure itself
 * (the organisation page gives the not-found page for another organisation's id, issue 38 item 11).
 */
export const useOrganisation = (id: string | undefined, opts: { silent?: boolean } = {}) =>
  useQuery({
    queryKey: ['organization', id],
    enabled: !!id,
    queryFn: async () =>
      (await api.get<{ organization: Organisation }>(`organization/${id}`, undefined, { silent: opts.silent }))
        .organization,
  });

/** `GET /api/organization/{id}/branch?limit=100` → branches (headquarters first). */
export const useBranches = (id: string | undefined) =>
  useQuery({
    queryKey: ['organization', id, 'branches'],
    enabled: !!id,
    queryFn: async () =>
      (await api.get<{ branches: Page<Branch> }>(`organization/${id}/branch`, { limit: 100 })).branches.data,
  });

/** A date as YYYY-MM-DD for a date input ('' for none). */
export const dateInput = (v: string | null | undefined) => (v ? v.slice(0, 10) : '');
