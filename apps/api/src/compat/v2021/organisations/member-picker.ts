/**
 * The 2021 client's agent picker in will and hibah part C (issue 39 findings 2 and 5; ADR 0256):
 * `GET organization/{id}/user?limit=1000&status=1`, or `?branch_id={id} &limit=1000&status=1` with a stray space
 * after the branch id (`wasiat/asas/editable/part-c.vue:197-205`). It reads `response.data.user_accesses.data`
 * and, of each, `user_id` (the option's value, matched with the will's `agent_id`, `:120-128`) and `user.name` /
 * `user.ic_number` (the option's text, `:389-392`). Our route answers `user_accesses` only to a caller who manages
 * the organisation (ADR 0138); to the agent or client filling the form it answered `{ users }` alone and the
 * page failed ("Cannot read properties of undefined (reading 'data')").
 *
 * In a 2021-contract session (ADR 0135) only:
 * - a `branch_id` of that route is trimmed (the stray space matched no branch);
 * - a reply without `user_accesses` gets the picker's minimum, made from the route's own `users` page (so scoped
 *   as that list: an organisation the caller sees, active members only): the members whose role is `Agent`, each
 *   `{ user_id, organization_id, branch_id, role, status: 1, user: { id, name, ic_number: null } }`. The MyKad
 *   number is not given to someone who does not manage the organisation (PDPA 2010 s. 6(3)(c): not excessive for
 *   choosing an agent); the option then reads "Name ()".
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageParams, toPage } from '../../../platform/http/pagination.ts';
import { idOf, isObject } from '../calls.ts';
import { isOriginalSession } from '../edge.ts';

const ROUTE = 'GET /organization/:id/user';

/** `user_accesses` (a page) from the route's `users` page: its agents, with the keys the picker reads. */
function agentPicker(orgId: string, users: unknown, q: { limit?: unknown; page?: unknown }) {
  const rows = isObject(users) && Array.isArray(users.data) ? users.data.filter(isObject) : [];
  const data = rows
    .filter((u) => u.role === 'Agent')
    .map((u) => ({
      user_id: u.id,
      organization_id: orgId,
      branch_id: u.branch_id ?? null,
      role: u.role,
      status: 1,
      user: { id: u.id, name: u.name, ic_number: null },
    }));
  const p = pageParams({ limit: Number(q.limit) || 1000, page: Number(q.page) || undefined });
  return toPage(data, data.length, p);
}

/** Attach the trim (`preValidation`) and the reply (`preSerialization`) to the member list route. */
export function memberPickerOnRoutes(api: FastifyInstance) {
  const trim = async (req: FastifyRequest) => {
    const q = req.query as Record<string, unknown>;
    if (isOriginalSession(req) && typeof q.branch_id === 'string') q.branch_id = q.branch_id.trim();
  };
  const reply = async (req: FastifyRequest, _r: unknown, payload: unknown) => {
    if (!isOriginalSession(req) || !isObject(payload) || 'user_accesses' in payload) return payload;
    return { ...payload, user_accesses: agentPicker(idOf(req), payload.users, req.query as Record<string, unknown>) };
  };
  api.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (`${method} ${route.url.replace(/^\/api/, '')}` !== ROUTE) continue;
      route.preValidation = [...(route.preValidation ? [route.preValidation].flat() : []), trim] as never;
      route.preSerialization = [...(route.preSerialization ? [route.preSerialization].flat() : []), reply] as never;
    }
  });
}
