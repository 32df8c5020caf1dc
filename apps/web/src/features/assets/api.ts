/**
 * The asset and nominee map as the API returns it (`/api/asset…`, apps/api/src/modules/assets; ADR 0269): entries
 * with their group and documents, and the totals worked out by the domain's `assetTotals` on the server. Amounts
 * are integer sen; dates 'YYYY-MM-DD'.
 */
import type { AssetGroup, AssetTotals } from '@wasiat/domain';
import { api } from '@/lib/api.ts';
import { dataUrlOf as toDataUrl } from '@/lib/files.ts';
import { KEYS, session } from '@/lib/storage.ts';

/** A document of an entry (read through its `url`, `GET /api/attachment/{id}/file`). */
export interface AssetDocument {
  id: string;
  filename: string | null;
  mime_type: string;
  size_bytes: number;
  url: string;
}

/** One entry of the map. */
export interface Asset {
  id: string;
  user_id: string;
  kind: string;
  group: AssetGroup;
  /** True for a nomination: paid to the nominee outside the estate. */
  outside_estate: boolean;
  description: string;
  institution: string | null;
  reference: string | null;
  value_sen: number;
  value_estimated_on: string;
  nominee_name: string | null;
  nominee_relationship: string | null;
  documents: AssetDocument[];
  updated_at: string;
}

/** `GET /api/asset ?user_id`. */
export interface AssetMap {
  assets: Asset[];
  totals: AssetTotals;
  last_updated_at: string | null;
  next_review_on: string | null;
}

/** Query key of a testator's map (`userId` undefined: the caller's own). */
export const assetMapKey = (userId?: string) => ['asset', userId ?? 'me'] as const;

/** Read the map of `userId` (a client the caller acts for) or the caller's own. */
export const fetchAssetMap = (userId?: string) => api.get<AssetMap>('asset', userId ? { user_id: userId } : undefined);

/** Download a document of an entry (`GET /api/attachment/{id}/file` with the private token). */
export async function downloadDocument(doc: AssetDocument) {
  const res = await fetch(doc.url, {
    headers: {
      Authorization: `Bearer ${session.token() ?? 'null'}`,
      Type: 'api-private',
      'X-localization': localStorage.getItem(KEYS.language) === 'en' ? 'en' : 'ms',
    },
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = doc.filename ?? 'dokumen';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Read a file as a data URL (one reader for every upload: lib/files.ts). */
export { toDataUrl };
