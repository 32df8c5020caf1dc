/**
 * The 2021 client's organisation screens on the organisations module's routes (issue 39 item 8; reference §2.9;
 * ADRs 0136, 0138, 0164, 0255), each only in a 2021-contract session (ADR 0135):
 *
 * - **Prices in ringgit, shares too**: `GET|POST|PATCH pricing[/{id}]` (`pricing`) answer beside our sen keys
 *   every 2021 ringgit key of `ORIGINAL_PRICING_KEYS` (`awaris_share`, `organization_share`, `prooffice_share`,
 *   `others_share`, `amendment_*_share`; `price` and `amendment_price` are answered to everyone already) as
 *   numbers; `GET organization/{id}/pricing` (`pricings.data[]`, which carries no shares) adds them, and the
 *   `created_at` the list shows, for a caller who may read a price's shares (`organisation:read`). Its list adds
 *   two of them (`awaris_share + prooffice_share`) and showed NaN without them.
 * - **Its edit form sends the whole reply back**, our sen keys with the ringgit keys it edited: in `PATCH
 *   pricing/{id}` a ringgit key it sends wins over the sen key it echoes (ADR 0136's "our key wins" is for a
 *   body that means both).
 * - **Every member in the member list**: `GET organization/{id}/user` naming no `status` (the list screen, and
 *   the read-only wizard parts that look an agent up by id) answers the pending (0), active (1) and inactive (2)
 *   memberships, which that list shows each with its badge ("Menunggu pengesahan"); a member made with the user
 *   form is pending until approved and no longer vanishes. The pickers name `status=1`; the witness picker
 *   (`witness_listing=1`) keeps the active ones only.
 * - **The profile's testators** (`GET organization/1/testator`, the organisation id hard-coded; the reply is read
 *   into a list the page never shows): a caller with no clients to hold (no `client:read`: the client themself),
 *   or naming an organisation they do not see (ADR 0164: `1` is no organisation of ours), has no testators there —
 *   200 with an empty page instead of 403/404, which told that page nothing it could use. Nothing is looked up for
 *   the answer, so it reveals nothing either.
 */
import { ORIGINAL_PRICING_KEYS, senToRinggit } from '@wasiat/domain';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../../context.ts';
import { pricings } from '../../../db/schema/index.ts';
import { requireUser, userCan } from '../../../modules/auth/index.ts';
import { listUserAccesses, loadVisibleOrganisation } from '../../../modules/organisations/index.ts';
import { pageParams, toPage } from '../../../platform/http/pagination.ts';
import { type Body, idOf, isObject } from '../calls.ts';
import { isOriginalSession } from '../edge.ts';

type ReplyHook = (req: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
type RequestHook = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** The 2021 ringgit keys of a price whose sen keys `sen` holds (numbers; only where the sen key is a number). */
function ringgitKeys(sen: Body): Body {
  const out: Body = {};
  for (const [theirs, ours] of Object.entries(ORIGINAL_PRICING_KEYS)) {
    if (typeof sen[ours] === 'number') out[theirs] = senToRinggit(sen[ours] as number);
  }
  return out;
}

/**
 * `{ pricing }` with the ringgit keys; `{ pricings: { data } }` (the list, which carries no shares: a client
 * picking a price does not see how it is shared) with the shares in ringgit and `created_at`, read for a caller
 * who may read a price's shares (`organisation:read`, as `GET pricing/{id}`), from the rows of that page.
 */
function pricingReply(ctx: Ctx): ReplyHook {
  return async (req, _reply, payload) => {
    if (!isOriginalSession(req) || !isObject(payload)) return payload;
    if (isObject(payload.pricing))
      return { ...payload, pricing: { ...ringgitKeys(payload.pricing), ...payload.pricing } };
    const page = payload.pricings;
    if (!isObject(page) || !Array.isArray(page.data) || !userCan(requireUser(req), 'organisation:read')) return payload;
    const ids = page.data.filter(isObject).map((p) => String(p.id));
    const rows = ids.length ? await ctx.db.select().from(pricings).where(inArray(pricings.id, ids)) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const data = page.data.map((p) => {
      const row = isObject(p) ? byId.get(String(p.id)) : undefined;
      return row ? { ...ringgitKeys(row as unknown as Body), created_at: row.created_at, ...p } : p;
    });
    return { ...payload, pricings: { ...page, data } };
  };
}

/** `PATCH pricing/{id}`: a ringgit key sent wins over the sen key echoed beside it. */
const pricingEdit: RequestHook = async (req) => {
  const b = req.body;
  if (!isOriginalSession(req) || !isObject(b)) return;
  for (const [theirs, ours] of Object.entries(ORIGINAL_PRICING_KEYS)) {
    const v = b[theirs];
    if (v !== undefined && v !== null && v !== '') delete b[ours];
  }
};

/** The statuses of a member list that names none: every one, but the witness picker's active ones. */
const ALL_MEMBER_STATUSES = [0, 1, 2];

/**
 * `GET organization/{id}/user` naming no `status` (nor `witness_listing=1`): `user_accesses` with every member,
 * pending, active and inactive, scoped as the module's own list (null for a caller who does not manage it: the
 * reply is left as the route made it).
 */
function memberList(ctx: Ctx): ReplyHook {
  return async (req, _reply, payload) => {
    const q = req.query as { status?: unknown; witness_listing?: unknown } & Parameters<typeof listUserAccesses>[3];
    if (!isOriginalSession(req) || !isObject(payload) || !isObject(payload.user_accesses)) return payload;
    if (q.status !== undefined || (q.witness_listing !== undefined && Number(q.witness_listing) === 1)) return payload;
    const all = await listUserAccesses(ctx.db, requireUser(req), idOf(req), { ...q, statuses: ALL_MEMBER_STATUSES });
    return all ? { ...payload, user_accesses: all } : payload;
  };
}

/** `GET organization/{id}/testator`: none for a caller with no clients or an organisation they do not see. */
function testators(ctx: Ctx): RequestHook {
  return async (req, reply) => {
    if (!isOriginalSession(req) || !req.user) return;
    const user = requireUser(req);
    const q = req.query as { limit?: unknown; page?: unknown };
    const none = () =>
      reply.send({
        testators: toPage(
          [],
          0,
          pageParams({ limit: Number(q.limit) || undefined, page: Number(q.page) || undefined }),
        ),
      });
    if (!userCan(user, 'client:read')) return none();
    try {
      await loadVisibleOrganisation(ctx.db, user, idOf(req));
    } catch {
      return none();
    }
  };
}

/**
 * Attach the hooks (see the module comment) to the organisations routes as they are declared; call on the `/api`
 * instance BEFORE that module registers them (modules.ts). The testators' hook is a route-level `onRequest` hook
 * (after the session is read, before the guard's permission check in `preValidation`); the others come after it.
 */
export function organisationsOnRoutes(api: FastifyInstance, ctx: Ctx) {
  const replies: Record<string, ReplyHook> = {
    'GET /organization/:id/pricing': pricingReply(ctx),
    'GET /pricing/:id': pricingReply(ctx),
    'POST /pricing': pricingReply(ctx),
    'PATCH /pricing/:id': pricingReply(ctx),
    'PUT /pricing/:id': pricingReply(ctx),
    'GET /organization/:id/user': memberList(ctx),
  };
  const edits: Record<string, RequestHook> = { 'PATCH /pricing/:id': pricingEdit, 'PUT /pricing/:id': pricingEdit };
  const onRequest: Record<string, RequestHook> = { 'GET /organization/:id/testator': testators(ctx) };
  const add = <K extends 'preSerialization' | 'preValidation' | 'onRequest'>(route: any, kind: K, hook: unknown) => {
    route[kind] = [...(route[kind] ? [route[kind]].flat() : []), hook];
  };
  api.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const key = `${method} ${route.url.replace(/^\/api/, '')}`;
      if (replies[key]) add(route, 'preSerialization', replies[key]);
      if (edits[key]) add(route, 'preValidation', edits[key]);
      if (onRequest[key]) add(route, 'onRequest', onRequest[key]);
    }
  });
}
