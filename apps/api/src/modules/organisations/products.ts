/**
 * Products of an organisation (issue 6; spec §2 /organization/{organization_id}/product — wasiat, hibah
 * and trust; create, {product_id}, edit). Every query is scoped to the organisations the caller manages
 * (policy.ts `managedOrganisationsWhere`, DESIGN.md §9.3): another tenant's product is a 404.
 *
 * Shapes: `product { id, organization_id, category: 'wasiat'|'hibah'|'trust', name, description, status,
 * created_at }`. Errors: 404 out of scope; 422 from `productSchema` (domain) on bad input.
 */
import type { productSchema } from '@wasiat/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { organizations, products } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/http/errors.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import type { Actor } from './admin-service.ts';
import { loadManagedOrganisation, managedOrganisationsWhere } from './policy.ts';

type Product = typeof products.$inferSelect;
type ProductInput = z.output<typeof productSchema>;

/** A product as the screens read it. */
export function serializeProduct(p: Product) {
  return {
    id: p.id,
    organization_id: p.organization_id,
    category: p.category,
    name: p.name,
    description: p.description,
    status: p.status,
    created_at: p.created_at,
  };
}

/** The product `id` in an organisation the caller manages (or may read). @throws 404 otherwise. */
async function loadManagedProduct(db: Db, user: AuthUser, id: string) {
  const [row] = await db
    .select({ p: products })
    .from(products)
    .innerJoin(organizations, eq(organizations.id, products.organization_id))
    .where(and(eq(products.id, id), await managedOrganisationsWhere(db, user)))
    .limit(1);
  if (!row) throw notFound();
  return row.p;
}

/**
 * `GET /api/organization/{id}/product?category&limit&page` (organisation:read) →
 * `{ products: { data: [product], … } }`, by category then name. @throws 404 when not managed.
 */
export async function listProducts(
  db: Db,
  user: AuthUser,
  orgId: string,
  q: { limit?: number; page?: number; category?: string },
) {
  const org = await loadManagedOrganisation(db, user, orgId);
  const conds: (SQL | undefined)[] = [eq(products.organization_id, org.id)];
  if (q.category) conds.push(eq(products.category, q.category));
  const where = and(...conds);
  const p = pageParams(q);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(where);
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(asc(products.category), asc(products.name), asc(products.id))
    .limit(p.per_page)
    .offset(p.offset);
  return { products: toPage(rows.map(serializeProduct), Number(n), p) };
}

/** `GET /api/product/{id}` (organisation:read) → `{ product }`. @throws 404 when out of scope. */
export async function getProduct(db: Db, user: AuthUser, id: string) {
  return { product: serializeProduct(await loadManagedProduct(db, user, id)) };
}

/**
 * `POST /api/organization/{id}/product` (organisation:manage) → 201 `{ product }`. Audited.
 * @throws 404 when the organisation is not managed.
 */
export async function createProduct(db: Db, actor: Actor, orgId: string, input: ProductInput) {
  const org = await loadManagedOrganisation(db, actor.user, orgId);
  return db.transaction(async (tx) => {
    const [p] = await tx
      .insert(products)
      .values({
        organization_id: org.id,
        category: input.category,
        name: input.name,
        description: input.description ?? null,
        status: input.status,
      })
      .returning();
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'product.create',
      entityType: 'Product',
      entityId: p.id,
      after: serializeProduct(p),
      ip: actor.ip,
    });
    return { product: serializeProduct(p) };
  });
}

/**
 * `PATCH /api/product/{id}` (organisation:manage) → `{ product }`: category, name, description, status
 * (the organisation does not change). Audited with before/after. @throws 404 when out of scope.
 */
export async function updateProduct(db: Db, actor: Actor, id: string, input: ProductInput) {
  const before = await loadManagedProduct(db, actor.user, id);
  return db.transaction(async (tx) => {
    const [p] = await tx
      .update(products)
      .set({
        category: input.category,
        name: input.name,
        description: input.description ?? null,
        status: input.status,
      })
      .where(eq(products.id, before.id))
      .returning();
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'product.update',
      entityType: 'Product',
      entityId: p.id,
      before: serializeProduct(before),
      after: serializeProduct(p),
      ip: actor.ip,
    });
    return { product: serializeProduct(p) };
  });
}
