/**
 * A will's predeceased children and their children's wasiat wajibah (issue 41 item 6; ADR 0270):
 * `GET /api/wasiat/{id}/wasiat-wajibah` → `{ predeceased_children, state, net_sen, wasiat_wajibah }` and
 * `PUT /api/wasiat/{id}/predeceased-children { children }` (the whole list; 422 names the field, e.g.
 * `children.0.died_on`). Null data while loading or without a will.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api.ts';

export type Sex = 'male' | 'female';
/** A grandchild as the wizard edits it. */
interface GrandchildRow {
  name: string;
  sex: Sex;
  ic_number?: string | null;
}
/** A predeceased child as the wizard edits it (`died_on` `YYYY-MM-DD`). */
export interface PredeceasedRow {
  name: string;
  sex: Sex;
  died_on: string;
  children: GrandchildRow[];
}
/** The worked-out rule (wills/wajibah.ts `wajibahJson`; sen). */
interface WajibahResultJson {
  state: string | null;
  provision: { state: string; section: string | null; lineage: 'son' | 'son_or_daughter' } | null;
  cap_sen: number;
  capped: boolean;
  total_due_sen: number;
  faraid_estate_sen: number;
  lines: {
    name: string | null;
    sex: Sex;
    status: 'entitled' | 'no_provision' | 'lineage' | 'no_children' | 'inherits';
    parent_share: string;
    share: string;
    due_sen: number;
    grandchildren: { name: string | null; sex: Sex; entitled_sen: number; given_sen: number; due_sen: number }[];
  }[];
}
export interface WajibahBody {
  predeceased_children: (PredeceasedRow & { id: string })[];
  state: string | null;
  net_sen: number | null;
  wasiat_wajibah: WajibahResultJson | null;
}

/** The will's body and a save that replaces the list (and refreshes the body). */
export function useWajibah(wasiatId: string | null) {
  const qc = useQueryClient();
  const key = ['wasiat', wasiatId ?? '', 'wasiat-wajibah'];
  const q = useQuery({
    queryKey: key,
    enabled: !!wasiatId,
    queryFn: () => api.get<WajibahBody>(`wasiat/${wasiatId}/wasiat-wajibah`),
  });
  const save = async (children: PredeceasedRow[]) => {
    const body = await api.put<WajibahBody>(`wasiat/${wasiatId}/predeceased-children`, { children });
    qc.setQueryData(key, body);
    return body;
  };
  return { data: q.data ?? null, loading: q.isLoading, save };
}
