/**
 * The heirs of a person's newest will that the caller may see (ADR 0176): `GET /api/wasiat?user_id=…&limit=1`,
 * then `GET /api/wasiat/{id}/heir` — any status (the people entered in a will in progress are the person's as
 * much as a registered will's). The server scopes both reads (willScope, client grants): a caller who may not
 * see the will gets none. Read quietly (no toast): a refusal only means nothing to pick. For the
 * {@link HeirPicker} of other wizards (hibah receivers, hibah amendment receivers).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api.ts';
import type { PickableHeir } from '../components/HeirPicker.tsx';

async function newestWillHeirs(userId: string): Promise<PickableHeir[]> {
  try {
    const wills = await api.get<{ wasiats: { data: { id: string }[] } }>(
      'wasiat',
      { user_id: userId, limit: 1 },
      { silent: true },
    );
    const id = wills?.wasiats?.data?.[0]?.id;
    if (!id) return [];
    const r = await api.get<{ heirs: PickableHeir[] | { data: PickableHeir[] } }>(`wasiat/${id}/heir`, undefined, {
      silent: true,
    });
    return Array.isArray(r?.heirs) ? r.heirs : (r?.heirs?.data ?? []);
  } catch {
    return [];
  }
}

/** The heirs of `userId`'s newest visible will (empty while loading, or when there is none). */
export function useNewestWillHeirs(userId: string | null | undefined): PickableHeir[] {
  const q = useQuery({
    queryKey: ['wasiat', 'newest-heirs', userId ?? ''],
    enabled: !!userId,
    queryFn: () => newestWillHeirs(userId as string),
    staleTime: 60_000,
  });
  return q.data ?? [];
}

/** The key that makes two entries the same person: the MyKad, else the name (case and spaces folded). */
const personKey = (h: PickableHeir) =>
  h.ic_number?.trim() || `name:${h.name.trim().toLowerCase().replace(/\s+/g, ' ')}`;

/** Lists of people joined in order, each person once (by {@link personKey}); nameless entries left out. */
export function uniquePeople(...lists: PickableHeir[][]): PickableHeir[] {
  const seen = new Set<string>();
  return lists.flat().filter((h) => {
    if (!h?.name) return false;
    const k = personKey(h);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
