/**
 * The public eKYC session (ADR 0091): the signed link's query is exchanged once for a public token
 * (`POST /api/ekyc/public/token`), kept as `id_token_public` (DESIGN.md §4) and sent by `publicApi`.
 */
import { publicApi } from '@/lib/api.ts';
import { KEYS } from '@/lib/storage.ts';

/** The eKYC state the public pages show (`ekyc` of the API). */
export interface PublicEkyc {
  wasiat_id: string;
  name: string;
  face_verification_count: number;
  max_attempts: number;
  ekyc_verified_at: string | null;
}

/** The signed-link parameters in a query string, or null when it carries none. */
export function linkParams(params: URLSearchParams) {
  const wasiat_id = params.get('wasiat_id');
  const link_id = params.get('link_id');
  const expires = params.get('expires');
  const signature = params.get('signature');
  return wasiat_id && link_id && expires && signature ? { wasiat_id, link_id, expires, signature } : null;
}

/**
 * Start (or resume) the public session: exchange the link when the query has one, else use the stored
 * public token. @returns the eKYC state. @throws ApiError 403 for a tampered or expired link or token, 410
 * for a revoked one (ADR 0095).
 */
export async function startPublicEkyc(params: URLSearchParams): Promise<PublicEkyc> {
  const link = linkParams(params);
  if (link) {
    const r = await publicApi.post<{ bearer_token: string; ekyc: PublicEkyc }>('ekyc/public/token', link, {
      silent: true,
    });
    localStorage.setItem(KEYS.publicToken, r.bearer_token);
    return r.ekyc;
  }
  return (await publicApi.get<{ ekyc: PublicEkyc }>('ekyc/public/status', undefined, { silent: true })).ekyc;
}
