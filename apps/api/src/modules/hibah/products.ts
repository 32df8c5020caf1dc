/**
 * The hibah/trust product list (issue 37 item 1; ADR 0244; spec §2 /hibah/product-list, /trust/product-list):
 * the products an organisation offers, each with what it is, who it is for, what it costs, what the person will
 * need and how long it takes.
 *
 * `GET /api/hibah/products?organization_id=` (any role that may see or register hibahs) →
 * `{ organization: { id, name } | null, products: [{ code, name, plan, pricing_id, price_sen, what, who, needs,
 * duration, price_note, keys }] }`:
 * - the organisation: `organization_id` when given — active, and one the caller may register with (staff: any;
 *   an agent or partner: their own; a client: the provider or one open to the public), else 404 — or the
 *   caller's own organisation (an agent, partner or staff member), or the provider (a client alone starts with
 *   it; part C may choose another);
 * - only the products its preference offers (domain `hibahProductRefusal`: allow hibah; corporate 1–2 also allow
 *   corporate), in catalogue order;
 * - the price (integer sen) from its active `Hibah` pricing row of the product's plan, the same row part C fixes
 *   (organisation-choice.ts `activeHibahPricings`); null when it has none (`price_note` explains the one-cent
 *   token amount);
 * - the texts from the domain catalogue (product-catalogue.ts) in the request's language, with their keys.
 */
import {
  HIBAH_TYPES,
  hibahProductEntry,
  hibahProductRefusal,
  type Language,
  labelOf,
  PRODUCT_TEXT_PARAMS,
  type PreferenceLike,
  preferenceAllows,
  translate,
} from '@wasiat/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { organizations, pricings, user_accesses } from '../../db/schema/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import { optionalQuery } from '../../platform/http/pagination.ts';
import { type Access, type AuthUser, requireUser } from '../auth/index.ts';
import { preferenceOf, providerDefaults } from '../instruments/index.ts';
import type { Conn } from './access.ts';
import { EDIT_HIBAH, READ_HIBAH } from './http.ts';
import { activeHibahPricings } from './organisation-choice.ts';
import { canCreateForClient, seesAnyOrganisation } from './policy.ts';

type Org = typeof organizations.$inferSelect;

/** Whoever may see or register hibahs. */
const LIST_ACCESS = [...(READ_HIBAH as string[]), ...(EDIT_HIBAH as string[])] as Access;

/**
 * The organisation whose offer and prices the list shows (see the module comment).
 * @throws 404 when `orgId` is not an active organisation the caller may register with.
 */
async function offeringOrganisation(db: Conn, me: AuthUser, orgId?: string): Promise<Org | null> {
  const load = async (id: string | null) => {
    if (!id) return null;
    const [o] = await db.select().from(organizations).where(eq(organizations.id, id));
    return o?.status === 1 ? o : null;
  };
  const ownOrgId = async () => {
    const [a] = await db
      .select({ id: user_accesses.organization_id })
      .from(user_accesses)
      .where(and(eq(user_accesses.user_id, me.id), eq(user_accesses.status, 1)))
      .orderBy(asc(user_accesses.created_at))
      .limit(1);
    return a?.id ?? null;
  };
  const staffSide = seesAnyOrganisation(me) || canCreateForClient(me);
  if (orgId) {
    const org = await load(orgId);
    if (!org) throw notFound();
    if (seesAnyOrganisation(me)) return org;
    if (canCreateForClient(me)) {
      const [a] = await db
        .select({ id: user_accesses.id })
        .from(user_accesses)
        .where(
          and(eq(user_accesses.user_id, me.id), eq(user_accesses.organization_id, org.id), eq(user_accesses.status, 1)),
        );
      if (!a) throw notFound();
      return org;
    }
    if (org.code !== 'PROVIDER' && !preferenceAllows(await preferenceOf(db, org.id), 'allow_public')) throw notFound();
    return org;
  }
  return (
    (staffSide ? await load(await ownOrgId()) : null) ?? (await load((await providerDefaults(db)).organization_id))
  );
}

/** One product of the list: catalogue texts in `lang` and the organisation's price (sen) of its plan. */
function productView(code: number, lang: Language, price: { id: string; price_sen: number } | undefined) {
  const entry = hibahProductEntry(code);
  const tr = (k: string) => translate(k, lang, PRODUCT_TEXT_PARAMS);
  return {
    code,
    name: labelOf(HIBAH_TYPES, code, lang),
    plan: entry?.pricingPlan ?? null,
    pricing_id: price?.id ?? null,
    price_sen: price?.price_sen ?? null,
    what: entry ? tr(entry.keys.what) : null,
    who: entry ? tr(entry.keys.who) : null,
    needs: entry ? entry.keys.needs.map(tr) : [],
    duration: entry ? tr(entry.keys.duration) : null,
    price_note: entry?.keys.price_note ? tr(entry.keys.price_note) : null,
    keys: entry?.keys ?? null,
  };
}

/** The product list of the module comment. @throws 404 (see offeringOrganisation). */
async function listProducts(db: Conn, me: AuthUser, lang: Language, orgId?: string) {
  const org = await offeringOrganisation(db, me, orgId);
  if (!org) {
    // No organisation at all (not even the provider): every product, without a price.
    return { organization: null, products: HIBAH_TYPES.map((t) => productView(t.code as number, lang, undefined)) };
  }
  const pref = (await preferenceOf(db, org.id)) as PreferenceLike;
  const rows = await db
    .select({ id: pricings.id, plan: pricings.plan, price_sen: pricings.price_sen })
    .from(pricings)
    .where(and(...activeHibahPricings(org.id, new Date())))
    .orderBy(desc(pricings.effective_from));
  const byPlan = new Map<string, { id: string; price_sen: number }>();
  for (const r of rows) if (!byPlan.has(r.plan)) byPlan.set(r.plan, r);
  const products = HIBAH_TYPES.map((t) => t.code as number)
    .filter((code) => hibahProductRefusal(pref, code) === null)
    .map((code) => productView(code, lang, byPlan.get(hibahProductEntry(code)?.pricingPlan ?? '')));
  return { organization: { id: org.id, name: org.name }, products };
}

/** `GET /hibah/products` (see the module comment). */
export async function productRoutes(api: FastifyInstance, ctx: Ctx) {
  api.withTypeProvider<ZodTypeProvider>().get(
    '/hibah/products',
    {
      config: { access: LIST_ACCESS },
      schema: { querystring: z.object({ organization_id: optionalQuery(z.string().max(64)) }) },
    },
    async (req) => listProducts(ctx.db, requireUser(req), req.lang, req.query.organization_id),
  );
}
