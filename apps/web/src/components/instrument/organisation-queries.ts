/**
 * The organisation and branch an instrument is registered at, as every kind's organisation part asks them
 * (issue 34 "One instrument"; ADR 0233): the will's part B (features/wills/parts/PartB.tsx; reference §3.1
 * Part B) and the hibah's part C (features/hibah/parts/PartC.tsx; reference §3.2 part C). The server scopes
 * both lists to what the caller may see.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api.ts';

/** An organisation as the choice lists show it. */
export interface OrganisationOption {
  id: string;
  name: string;
}

/** A branch as the choice lists show it (`is_headquarter` preselects it). */
export interface BranchOption {
  id: string;
  branch_name: string;
  is_headquarter?: boolean | number;
}

/**
 * The organisations that offer `product` (`GET /api/organization?allow_wasiat=1` or `?allow_hibah=1`, first 100;
 * the caller's own, or every one for the provider's staff), cached under `['organization', 'allow_<product>']`.
 * `enabled` false (e.g. a client, who does not choose) asks nothing.
 */
export function useOrganisationsOffering(product: 'wasiat' | 'hibah', enabled = true) {
  const flag = `allow_${product}` as const;
  return useQuery({
    queryKey: ['organization', flag],
    enabled,
    queryFn: async () =>
      (await api.get<{ organizations: { data: OrganisationOption[] } }>('organization', { [flag]: 1, limit: 100 }))
        .organizations.data,
  });
}

/** The branches of organisation `orgId` (`GET /api/organization/{id}/branch`); nothing is asked without an id. */
export function useBranchesOf(orgId: string | null | undefined) {
  return useQuery({
    queryKey: ['organization', orgId, 'branch'],
    enabled: !!orgId,
    queryFn: async () =>
      (await api.get<{ branches: { data: BranchOption[] } }>(`organization/${orgId}/branch`)).branches.data,
  });
}
