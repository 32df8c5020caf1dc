/**
 * Which will the wizard works on, and its data (task brief "keep the current will id in the URL query
 * (?wasiat_id=…) and fall back to the client's latest will"; docs/api/wills.md "Resume").
 */

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { roleOf } from '@wasiat/domain';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, api } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';
import type { Page, Will } from '../types.ts';

/** Query key of one will. */
export const willKey = (id: string | null | undefined) => ['wasiat', id ?? ''] as const;

/** Query key of a client's latest open will (or null), as {@link useWasiatId} and the route's early request read it. */
export const latestOpenKey = (userId: string | undefined) => ['wasiat', 'latest-open', userId] as const;

/**
 * The latest will of a Client that is still open (status 0, 1 or 3), or null. GET /api/wasiat?user_id=<me>.
 * Newest first by `created_at` (the server's order is not part of the contract).
 */
export function pickLatestOpenWill(wills: Will[]): Will | null {
  const open = wills.filter((w) => w.status === 0 || w.status === 1 || w.status === 3);
  open.sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''));
  return open[0] ?? null;
}

/**
 * The will id of the wizard: `?wasiat_id=` when present; otherwise, for a Client, their latest open will
 * (GET /api/wasiat?user_id=me), written back into the URL. Agents and staff pick a client in part A.
 */
export function useWasiatId(): { wasiatId: string | null; resolving: boolean; setWasiatId: (id: string) => void } {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('wasiat_id');
  const user = session.user();
  const isClient = roleOf(user) === 'Client';
  const latest = useQuery({
    queryKey: latestOpenKey(user?.id),
    enabled: !fromUrl && isClient && !!user,
    queryFn: async () => {
      const r = await api.get<{ wasiats: Page<Will> }>('wasiat', { user_id: user?.id, limit: 50 });
      return pickLatestOpenWill(r.wasiats?.data ?? []);
    },
  });
  const setWasiatId = useCallback(
    (id: string) =>
      setParams(
        (p) => {
          const n = new URLSearchParams(p);
          n.set('wasiat_id', id);
          return n;
        },
        { replace: true },
      ),
    [setParams],
  );
  const found = latest.data?.id;
  useEffect(() => {
    if (!fromUrl && found) setWasiatId(found);
  }, [fromUrl, found, setWasiatId]);
  return { wasiatId: fromUrl ?? found ?? null, resolving: !fromUrl && isClient && latest.isLoading, setWasiatId };
}

/** One will: GET /api/wasiat/{id} → `{ wasiat }`. `notFound` when the API answers 404 (DESIGN.md §3). */
export function useWill(id: string | null | undefined, loadWith?: string) {
  const q = useQuery({
    queryKey: loadWith ? [...willKey(id), loadWith] : willKey(id),
    enabled: !!id,
    queryFn: async () =>
      (
        await api.get<{ wasiat: Will }>(`wasiat/${id}`, loadWith ? { load_with: loadWith } : undefined, {
          silent: true,
        })
      ).wasiat,
  });
  const notFound = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 403);
  return { ...q, will: q.data ?? null, notFound };
}

/** Re-read a will after a save (the server recomputes `parts_done` and `unlocked`). */
export function useRefreshWill() {
  const qc = useQueryClient();
  return useCallback(
    async (id: string) => {
      await qc.invalidateQueries({ queryKey: ['wasiat', id] });
      return qc.fetchQuery({
        queryKey: willKey(id),
        queryFn: async () => (await api.get<{ wasiat: Will }>(`wasiat/${id}`)).wasiat,
      });
    },
    [qc],
  );
}

/** A list under a will, e.g. GET /api/wasiat/{id}/heir → `{ heirs: { data } }`. */
export function useWillList<T>(id: string | null | undefined, path: string, envelope: string) {
  return useQuery({
    queryKey: ['wasiat', id ?? '', path],
    enabled: !!id,
    queryFn: async () => {
      const r = await api.get<Record<string, Page<T> | T[]>>(`wasiat/${id}/${path}`);
      const v = r?.[envelope];
      return (Array.isArray(v) ? v : (v?.data ?? [])) as T[];
    },
  });
}
