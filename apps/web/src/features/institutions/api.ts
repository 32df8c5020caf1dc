/**
 * The institutions a bequest may go to as the API returns them (`/api/institution…`, apps/api/src/modules/
 * institutions; issue 41 item 7; ADR 0268), and the query that reads them.
 */

import { useQuery } from '@tanstack/react-query';
import type { InstitutionJson } from '@wasiat/domain';
import { api } from '@/lib/api.ts';

/** Query key of the institution lists. */
export const INSTITUTIONS_KEY = ['institution'] as const;

/** `GET /api/institution` → `{ institutions }`. */
export interface InstitutionsAnswer {
  institutions: InstitutionJson[];
}

/**
 * The institutions the caller may see, by name: the active ones, or — `includeInactive`, for staff who keep the
 * list — the deactivated too (the server ignores it for anyone else).
 */
export function useInstitutions(includeInactive = false) {
  return useQuery({
    queryKey: [...INSTITUTIONS_KEY, includeInactive ? 'all' : 'active'],
    queryFn: () => api.get<InstitutionsAnswer>('institution', includeInactive ? { include_inactive: '1' } : undefined),
  });
}
