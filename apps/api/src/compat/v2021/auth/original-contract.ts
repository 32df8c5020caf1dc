/**
 * The 2021 client's sessions and role labels (issue 20; issue 34 item 4; reference §1.3, §2.1, §5; ADR 0135),
 * installed by the composition root into the auth and organisations modules:
 *
 * - **Login**: the 2021 client's login body always carries `role` ("Admin", whatever the user); ours never does.
 *   Such a login opens a 2021-contract session (auth `registerLoginContract`; guard.ts `sessionContract` '2021').
 *   That client reads `token` and `user` of a success and shows `message` or the first of `errors` of a failure,
 *   so an account that needs a second factor (ADR 0081) gets a 403 it shows as a clear message
 *   (`security.two_factor_old_client`); the challenge is still there for a front end that can finish it.
 * - **User shape** (auth `registerUserShape`): `original_role`, the 2021 label of the role ({@link originalRoleOf}),
 *   always, on the user and on its `user_access`; in a 2021-contract session `roles` is
 *   `[{ name: <2021 label> }, { name: <ours> }]`, so that client's `roles[0].name` builds its menus.
 * - **Membership shape** (organisations `registerUserAccessShape`): `original_role` beside `role`.
 *
 * The labels never grant a right: every request is still decided by OUR role against PERMISSIONS.
 */
import { translate } from '@wasiat/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  registerLoginContract,
  registerUserShape,
  type UserShape,
  type UserShapeFacts,
} from '../../../modules/auth/index.ts';
import { registerUserAccessShape, type UserAccessShape } from '../../../modules/organisations/index.ts';
import { isObject } from '../calls.ts';
import { ORIGINAL_CONTRACT } from '../edge.ts';
import { originalRoleOf } from './original-roles.ts';

/** The contract a login body opens: the 2021 client's when it carries `role`, else ours. */
export const loginContractOf = (body: Record<string, unknown>) =>
  body.role !== undefined ? ORIGINAL_CONTRACT : undefined;

/** The user shape with the 2021 labels (see the module comment). */
export function userWithLabels(shape: UserShape, facts: UserShapeFacts): UserShape {
  const original = originalRoleOf(facts.role, facts.atHeadquarter);
  const out = {
    ...shape,
    roles: facts.contract === ORIGINAL_CONTRACT ? [{ name: original }, { name: facts.role }] : shape.roles,
    original_role: original,
    user_access: shape.user_access ? { ...shape.user_access, original_role: original } : null,
  };
  return out;
}

/** A membership's shape with its 2021 label. */
export function accessWithLabel(shape: UserAccessShape, facts: { role: string; atHeadquarter: boolean }) {
  const out = { ...shape, original_role: originalRoleOf(facts.role, facts.atHeadquarter) };
  return out;
}

/** A login's answer for the 2021 client: a second factor it cannot ask for is a 403 with a message. */
async function secondFactorRefusal(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!isObject(req.body) || !loginContractOf(req.body) || !isObject(payload)) return payload;
  if (reply.statusCode !== 200 || !('two_factor_required' in payload)) return payload;
  const message = translate('security.two_factor_old_client', req.lang);
  reply.status(403);
  return { message, errors: { username: [message] }, ...payload };
}

/** Install the registrations and the login's reply hook (modules.ts, before the auth module's routes). */
export function authOnRoutes(api: FastifyInstance) {
  registerLoginContract(loginContractOf);
  registerUserShape(userWithLabels);
  registerUserAccessShape(accessWithLabel);
  api.addHook('onRoute', (route) => {
    if (route.url.replace(/^\/api/, '') !== '/login' || ![route.method].flat().includes('POST')) return;
    const before = route.preSerialization ? [route.preSerialization].flat() : [];
    route.preSerialization = [...before, secondFactorRefusal] as typeof route.preSerialization;
  });
}
