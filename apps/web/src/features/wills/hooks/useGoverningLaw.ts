/**
 * A will's governing law (issue 41 item 8; ADR 0260): `GET /api/wasiat/{id}/governing-law` → the state recorded
 * (else the default from the testator's address), whether they confirmed it, its enactment and the key of the
 * witness rule the wizard states (domain `GoverningLaw`). Null while loading, without a will, or on an error.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GoverningLaw } from '@wasiat/domain';
import { api } from '@/lib/api.ts';

/** The will's governing law and a refresh after it was confirmed. */
export function useGoverningLaw(wasiatId: string | null) {
  const qc = useQueryClient();
  const key = ['wasiat', wasiatId ?? '', 'governing-law'];
  const q = useQuery({
    queryKey: key,
    enabled: !!wasiatId,
    queryFn: async () =>
      (
        await api
          .get<{ governing_law: GoverningLaw }>(`wasiat/${wasiatId}/governing-law`, undefined, { silent: true })
          .catch(() => ({ governing_law: null }))
      ).governing_law,
  });
  return { law: q.data ?? null, loading: q.isLoading, refresh: () => qc.invalidateQueries({ queryKey: key }) };
}
