/**
 * Rows of one kind under a will (heirs, witnesses, receivers, property, guardians, bequests): list, add,
 * change and delete through the calls of docs/api/wills.md, e.g. GET /api/wasiat/{id}/heir,
 * POST /api/heir, POST /api/heir/{id} with `_method: PATCH` / `DELETE`. Each change re-reads the list and
 * the will (the server marks the part done).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api.ts';
import { confirmDelete } from '@/lib/notify.tsx';
import { useWillList } from './useWill.ts';

/** Rows of `listPath` (e.g. "heir") with their `envelope` key (e.g. "heirs"); writes go to `/{basePath}`. */
export function useRows<T extends { id: string }>(
  wasiatId: string | null,
  listPath: string,
  envelope: string,
  basePath = listPath,
) {
  const qc = useQueryClient();
  const { t } = useTranslation();
  const list = useWillList<T>(wasiatId, listPath, envelope);
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: ['wasiat', wasiatId ?? ''] });
  };
  return {
    rows: list.data ?? [],
    isLoading: list.isLoading,
    refresh,
    create: async (body: Record<string, unknown>) => {
      const r = await api.post(basePath, body);
      await refresh();
      return r;
    },
    update: async (id: string, body: Record<string, unknown>) => {
      const r = await api.patch(`${basePath}/${id}`, body);
      await refresh();
      return r;
    },
    /** Ask, then delete. */
    remove: (id: string, name: string) =>
      new Promise<void>((resolve) => {
        confirmDelete(
          name,
          async () => {
            try {
              await api.delete(`${basePath}/${id}`);
            } finally {
              await refresh();
              resolve();
            }
          },
          () => resolve(),
        );
      }),
  };
}
