/**
 * Starting a will from Part A (docs/api/wills.md; reference §3.1 Part A), shared by the client's and the agent's
 * Part A: POST /api/wasiat `{ user_id, agent_id? }` creates the will, or returns the client's open one, and the
 * wizard opens at the part to continue at.
 */
import { useNavigate } from 'react-router';
import { api } from '@/lib/api.ts';
import { partUrl, resumePart } from '../lib/parts.ts';
import type { Will } from '../types.ts';
import { useRefreshWill } from './useWill.ts';

/**
 * Start (or find) the will of `body.user_id` and open the part to continue at.
 * @returns an async function of `{ user_id, agent_id? }` (ids as the API gives them); it rejects with the API
 *   client's error (translated message) when the server refuses.
 */
export function useStartWill() {
  const navigate = useNavigate();
  const refreshWill = useRefreshWill();
  return async (body: { user_id: string; agent_id?: string }) => {
    const r = await api.post<{ wasiat: Will }>('wasiat', body);
    const will = await refreshWill(r.wasiat.id);
    navigate(partUrl(resumePart(will), r.wasiat.id));
  };
}
