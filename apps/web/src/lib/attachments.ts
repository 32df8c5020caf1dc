/**
 * Files of a will: authorised image fetches (GET /api/attachment/{id}/file with the bearer token, as a
 * Blob → object URL; docs/api/wills.md) and the "front and back must be different files" rule (spec §5).
 */
import { useEffect, useState } from 'react';
import { KEYS, session } from '@/lib/storage.ts';

/** Fetch an attachment's bytes with the private token; throws on a non-2xx answer. */
export async function fetchAttachmentBlob(id: string): Promise<Blob> {
  const res = await fetch(`/api/attachment/${encodeURIComponent(id)}/file`, {
    headers: {
      Authorization: `Bearer ${session.token() ?? 'null'}`,
      Type: 'api-private',
      'X-localization': localStorage.getItem(KEYS.language) === 'en' ? 'en' : 'ms',
    },
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.blob();
}

/** An object URL of an attachment (null while loading or on failure); revoked on unmount. */
export function useAttachmentUrl(id: string | null | undefined): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (!id) return;
    let url: string | null = null;
    let cancelled = false;
    fetchAttachmentBlob(id)
      .then((b) => {
        if (cancelled) return;
        url = URL.createObjectURL(b);
        setState({ url, failed: false });
      })
      .catch(() => !cancelled && setState({ url: null, failed: true }));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return state;
}

/** SHA-256 of a file as hex, or null where Web Crypto is unavailable. */
async function sha256(file: Blob): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle || typeof file.arrayBuffer !== 'function') return null;
  const digest = await subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether two chosen files are the same file (spec §5 "MyKad front and back … must be separate files"):
 * equal content hashes; where hashing is unavailable, equal name, size and modification time.
 */
export async function isSameFile(a: File | null | undefined, b: File | null | undefined): Promise<boolean> {
  if (!a || !b) return false;
  if (a === b) return true;
  if (a.size !== b.size) return false;
  const [ha, hb] = await Promise.all([sha256(a), sha256(b)]);
  if (ha && hb) return ha === hb;
  return a.name === b.name && a.lastModified === b.lastModified;
}

/** Trigger a browser download of a Blob under `filename` (and keep the object URL for a link). */
export function saveBlob(blob: Blob, filename: string): string {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  return url;
}
