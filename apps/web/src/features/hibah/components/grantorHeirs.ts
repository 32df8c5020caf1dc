/**
 * The people a hibah's receivers may be picked from (issue 17 item 6 for the hibah wizard; ADR 0176), for
 * the shared HeirPicker: the hibah's own heirs (the estate trust, hibah type 14, enters them in part E), then
 * the heirs of the grantor's newest will the caller may see (wills feature `useNewestWillHeirs`), each person
 * once (same MyKad, or same name without one).
 */
import { ESTATE_HIBAH_TYPE } from '@wasiat/domain';
import { type PickableHeir, uniquePeople, useNewestWillHeirs } from '@/features/wills/index.ts';
import { type Hibah, useHibahRows } from '../useHibah.ts';

/** The pickable people of a hibah: its own heirs first, then its grantor's will's heirs. */
export function useGrantorHeirs(hibah: Hibah): PickableHeir[] {
  const own = useHibahRows<PickableHeir>(hibah.hibah_type === ESTATE_HIBAH_TYPE ? hibah.id : null, 'heir', 'heirs');
  const fromWill = useNewestWillHeirs(hibah.user_id);
  return uniquePeople(own.data ?? [], fromWill);
}
