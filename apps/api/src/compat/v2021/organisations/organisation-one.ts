/**
 * The 2021 client's "organisation 1" (issue 39 item 5; ADR 0256). Its will and hibah part C
 * (`wasiat/asas/editable/part-c.vue:148`, `trust/form/editable/part-c.vue:63,184`) take the organisation from the
 * caller's membership and, for a caller with none (a client), fall back to the literal id `1` — the provider's row
 * in its own database — and ask `organization/1/pricing`, `/branch`, `/user`. Our ids are 22 random base64url
 * characters, so `1` is no organisation of ours (ADR 0164: 404). In a 2021-contract session (ADR 0135) only,
 * `1` on those routes is read as:
 *
 * 1. the organisation of the caller's own will or hibah (theirs as testator/grantor) most recently changed that has
 *    one — the record the screen is filling; else
 * 2. the provider organisation (code `PROVIDER`, db/seed), which sells to a client who comes alone.
 *
 * The route then answers as for that id, with its own scoping (the caller must see the organisation), so nothing
 * is revealed that asking with the real id would not reveal.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../../../context.ts';
import { hibahs, organizations, wills } from '../../../db/schema/index.ts';
import { isOriginalSession } from '../edge.ts';

/** The routes on which the 2021 client sends organisation `1` (url as declared, without `/api`). */
const ROUTES = new Set([
  'GET /organization/:id',
  'GET /organization/:id/pricing',
  'GET /organization/:id/branch',
  'GET /organization/:id/user',
]);

/** The organisation `1` stands for, for `userId` (see the module comment); null when there is none. */
async function organisationOne(ctx: Ctx, userId: string): Promise<string | null> {
  const [w] = await ctx.db
    .select({ org: wills.organization_id, at: wills.updated_at })
    .from(wills)
    .where(and(eq(wills.user_id, userId), isNotNull(wills.organization_id)))
    .orderBy(desc(wills.updated_at))
    .limit(1);
  const [h] = await ctx.db
    .select({ org: hibahs.organization_id, at: hibahs.updated_at })
    .from(hibahs)
    .where(and(eq(hibahs.user_id, userId), isNotNull(hibahs.organization_id)))
    .orderBy(desc(hibahs.updated_at))
    .limit(1);
  const own = [w, h].filter((r) => r?.org).sort((a, b) => +new Date(b.at) - +new Date(a.at))[0];
  if (own?.org) return own.org;
  const [p] = await ctx.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.code, 'PROVIDER'))
    .limit(1);
  return p?.id ?? null;
}

/**
 * Attach, as a route-level `onRequest` hook (the session is read by then; the route's params schema and guard
 * come after), the reading of `1` on {@link ROUTES}. Call on `/api` before the organisations
 * module registers its routes (modules.ts).
 */
export function organisationOneOnRoutes(api: FastifyInstance, ctx: Ctx) {
  const hook = async (req: FastifyRequest) => {
    const params = req.params as { id?: string };
    if (params.id !== '1' || !isOriginalSession(req) || !req.user) return;
    const org = await organisationOne(ctx, (req.user as { id: string }).id);
    if (org) params.id = org;
  };
  api.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (!ROUTES.has(`${method} ${route.url.replace(/^\/api/, '')}`)) continue;
      const before = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [...before, hook] as typeof route.onRequest;
    }
  });
}
