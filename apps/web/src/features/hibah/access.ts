/**
 * What the signed-in user may do with a hibah in the wizards — the UI's reading of the server's rules
 * (apps/api/src/modules/hibah/policy.ts; spec §6; ADRs 0025, 0033), used only to show or hide controls: the
 * server decides.
 */
import { can, type HibahStep, hibahStepEditable, roleOf } from '@wasiat/domain';
import { session } from '@/lib/storage.ts';
import type { Hibah } from './useHibah.ts';

/** Whether the signed-in user registers hibahs for clients (agents, partners, staff: `will:create:client`). */
export const registersForClients = () => can(roleOf(session.user()), 'will:create:client');

/** Whether the signed-in user is the hibah's grantor (who alone updates, signs, submits and accepts). */
export const isGrantor = (h: Hibah) => h.user_id === session.user()?.id;

/**
 * Whether the signed-in user may change `step` of the hibah now: its grantor, or the agent who registered it,
 * in a status of the domain's `HIBAH_STEP_STATUSES` (the server's table; ADR 0223) — the content (parties,
 * property, part C, MyKad and eKYC) while it is being filled in (-1, 0, 1), the witnesses until registered.
 */
export function mayFill(h: Hibah, step: HibahStep = 'content') {
  const me = session.user();
  if (!hibahStepEditable(step, h.status) || !me) return false;
  return h.user_id === me.id || (h.agent_id === me.id && registersForClients());
}
