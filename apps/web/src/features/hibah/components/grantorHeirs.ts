/**
 * The people a hibah's receivers may be picked from (issue 17 item 6 for the hibah wizard; ADR 0176), for
 * the shared {@link HeirPicker}: the hibah's own heirs (the estate trust, hibah type 14, enters them in part
 * E) and the heirs of the grantor's newest will that the caller may see (`GET /api/wasiat?user_id=…&limit=1`,
 * then `GET /api/wasiat/{id}/heir`; the server scopes both — a caller who may not see the grantor's will gets
 * none). The same person in both lists (same MyKad, or same name without one) is offered once. Read quietly:
 * a refusal only leaves the picker out, and the receiver is typed as before.
 */
import { useQuery } from '@tanstack/react-query';
import { ESTATE_HIBAH_TYPE } from '@wasiat/domain';
import { api } from '@/app/api.ts';
import type { PickableHeir } from '@/features/wills/index.ts';
import { type Hibah, useHibahRows } from '../useHibah.ts';

/** Heirs of the grantor's newest will the caller may see (none when there is none or it is not visible). */
async function willHeirs(grantorId: string): Promise<PickableHeir[]> {
  try {
    const wills = await api.get<{ wasiats: { data: { id: string }[] } }>(
      'wasiat',
      { user_id: grantorId, limit: 1 },
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

/** The key that makes two entries the same person: the MyKad, else the name (case and spaces folded). */
const personKey = (h: PickableHeir) =>
  h.ic_number?.trim() || `name:${h.name.trim().toLowerCase().replace(/\s+/g, ' ')}`;

/** The pickable people of a hibah: its own heirs first, then its grantor's will's heirs, each person once. */
export function useGrantorHeirs(hibah: Hibah): PickableHeir[] {
  const own = useHibahRows<PickableHeir>(hibah.hibah_type === ESTATE_HIBAH_TYPE ? hibah.id : null, 'heir', 'heirs');
  const fromWill = useQuery({
    queryKey: ['hibah', hibah.id, 'grantor-will-heirs', hibah.user_id],
    queryFn: () => willHeirs(hibah.user_id),
    staleTime: 60_000,
  });
  const seen = new Set<string>();
  return [...(own.data ?? []), ...(fromWill.data ?? [])].filter((h) => {
    const k = personKey(h);
    if (!h.name || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
