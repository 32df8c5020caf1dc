/**
 * Branches and pricing of an organisation, write side and single reads (issue 6; reference §2.9, §3.8).
 * Every query is scoped to the organisations the caller manages (policy.ts), so another tenant's
 * branch or price is a 404. Money in integer sen. A will copies its price (`wills.price_sen`) when it is
 * registered (wills/service.ts), so editing or ending a price never changes a will's price.
 */
import { type branchSchema, O, type pricingSchema, senToRinggit } from '@wasiat/domain';
import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { branches, hibahs, organizations, pricings, user_accesses, wills } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import type { Actor } from './admin-service.ts';
import { loadManagedOrganisation, managedOrganisationsWhere } from './policy.ts';

type Branch = typeof branches.$inferSelect;
type Pricing = typeof pricings.$inferSelect;

/** A branch as the screens read it: `is_headquarter` 1/0, `organization` { id, name }. */
export function serializeBranch(b: Branch, org?: { id: string; name: string; type: string }) {
  return {
    id: b.id,
    organization_id: b.organization_id,
    branch_name: b.branch_name,
    code: b.code,
    is_headquarter: b.is_headquarter ? 1 : 0,
    email: b.email,
    phone_number: b.phone_number,
    address: b.address,
    postcode: b.postcode,
    city: b.city,
    state: b.state,
    status: b.status,
    created_at: b.created_at,
    ...(org ? { organization: org } : {}),
  };
}

/** A price: amounts in sen, effective dates in UTC. */
export function serializePricing(p: Pricing) {
  return {
    id: p.id,
    organization_id: p.organization_id,
    product: p.product,
    plan: p.plan,
    description: p.description,
    price_sen: p.price_sen,
    amendment_price_sen: p.amendment_price_sen,
    provider_share_sen: p.provider_share_sen,
    organisation_share_sen: p.organisation_share_sen,
    platform_share_sen: p.platform_share_sen,
    others_share_sen: p.others_share_sen,
    others_description: p.others_description,
    amendment_provider_share_sen: p.amendment_provider_share_sen,
    amendment_organisation_share_sen: p.amendment_organisation_share_sen,
    amendment_platform_share_sen: p.amendment_platform_share_sen,
    // Also in ringgit, as the 2021 client reads them (issue 20, ADR 0131).
    price: senToRinggit(p.price_sen),
    amendment_price: senToRinggit(p.amendment_price_sen),
    status: p.status,
    effective_from: p.effective_from,
    effective_to: p.effective_to,
    created_at: p.created_at,
  };
}

/** The branch `id` in an organisation the user manages (or may read). @throws 404 otherwise. */
export async function loadManagedBranch(db: Db, user: AuthUser, id: string) {
  const [row] = await db
    .select({ b: branches, org: organizations })
    .from(branches)
    .innerJoin(organizations, eq(organizations.id, branches.organization_id))
    .where(and(eq(branches.id, id), await managedOrganisationsWhere(db, user)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** `GET /api/branch/{id}` (organisation:read) → `{ branch }` with `organization { id, name, type }`. */
export async function getBranch(db: Db, user: AuthUser, id: string) {
  const { b, org } = await loadManagedBranch(db, user, id);
  return { branch: serializeBranch(b, { id: org.id, name: org.name, type: org.type }) };
}

type BranchInput = z.output<typeof branchSchema>;
const branchColumns = (i: BranchInput) => ({
  branch_name: i.branch_name,
  code: i.code ?? null,
  email: i.email?.toLowerCase() ?? null,
  phone_number: i.phone_number ?? null,
  address: i.address,
  postcode: i.postcode,
  city: i.city,
  state: i.state,
  status: i.status,
});

/**
 * `POST /api/branch` (branch:manage) → 201 `{ branch }` in `organization_id` (managed by the caller).
 * @throws 404 when the organisation is not managed.
 */
export async function createBranch(db: Db, actor: Actor, input: BranchInput) {
  const org = await loadManagedOrganisation(db, actor.user, input.organization_id);
  return db.transaction(async (tx) => {
    const [b] = await tx
      .insert(branches)
      .values({ organization_id: org.id, ...branchColumns(input) })
      .returning();
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'branch.create',
      entityType: 'Branch',
      entityId: b.id,
      after: serializeBranch(b),
      ip: actor.ip,
    });
    return { branch: serializeBranch(b) };
  });
}

/**
 * A branch that holds records is not deleted (deactivated) by anyone (issue 16 item 7; ADR 0106): its users
 * (accesses), wills and hibahs — and through them their payments — would lose their branch.
 * @throws 409 `organisations.branch_holds_records` with the counts.
 */
async function assertBranchEmpty(db: Db, branchId: string) {
  const n = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);
  const users = n(await db.select({ n: count() }).from(user_accesses).where(eq(user_accesses.branch_id, branchId)));
  const willCount = n(await db.select({ n: count() }).from(wills).where(eq(wills.branch_id, branchId)));
  const hibahCount = n(await db.select({ n: count() }).from(hibahs).where(eq(hibahs.branch_id, branchId)));
  if (users + willCount + hibahCount > 0) {
    throw new AppError(
      'conflict',
      'organisations.branch_holds_records',
      {},
      {
        users,
        wills: willCount,
        hibahs: hibahCount,
      },
    );
  }
}

/**
 * `PATCH /api/branch/{id}` (branch:manage) → `{ branch }`. The organisation of a branch does not change;
 * the headquarters stays active (422 `organisations.headquarter_kept` on `status`).
 * @throws 404 when the branch is not in a managed organisation.
 */
export async function updateBranch(db: Db, actor: Actor, id: string, input: BranchInput) {
  const { b: before } = await loadManagedBranch(db, actor.user, id);
  if (before.is_headquarter && input.status !== 1) throw fieldError('status', O.headquarterKept);
  if (before.status === 1 && input.status !== 1) await assertBranchEmpty(db, before.id);
  return db.transaction(async (tx) => {
    const [b] = await tx.update(branches).set(branchColumns(input)).where(eq(branches.id, before.id)).returning();
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'branch.update',
      entityType: 'Branch',
      entityId: b.id,
      before: serializeBranch(before),
      after: serializeBranch(b),
      ip: actor.ip,
    });
    return { branch: serializeBranch(b) };
  });
}

/**
 * `DELETE /api/branch/{id}` (branch:manage): deactivates the branch (status 0) — wills and staff keep
 * referring to it, so it is never removed. @returns `{ branch }`. @throws 404; 422 for the headquarters.
 */
export async function deactivateBranch(db: Db, actor: Actor, id: string) {
  const { b: before } = await loadManagedBranch(db, actor.user, id);
  if (before.is_headquarter) throw fieldError('status', O.headquarterKept);
  await assertBranchEmpty(db, before.id);
  return db.transaction(async (tx) => {
    const [b] = await tx.update(branches).set({ status: 0 }).where(eq(branches.id, before.id)).returning();
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'branch.deactivate',
      entityType: 'Branch',
      entityId: b.id,
      before: { status: before.status },
      after: { status: 0 },
      ip: actor.ip,
    });
    return { branch: serializeBranch(b) };
  });
}

type PricingInput = z.output<typeof pricingSchema>;
const pricingColumns = (i: PricingInput) => ({
  product: i.product,
  plan: i.plan,
  description: i.description ?? null,
  price_sen: i.price_sen,
  amendment_price_sen: i.amendment_price_sen ?? 0,
  provider_share_sen: i.provider_share_sen ?? 0,
  organisation_share_sen: i.organisation_share_sen ?? 0,
  platform_share_sen: i.platform_share_sen ?? 0,
  others_share_sen: i.others_share_sen ?? 0,
  others_description: i.others_description ?? null,
  amendment_provider_share_sen: i.amendment_provider_share_sen ?? 0,
  amendment_organisation_share_sen: i.amendment_organisation_share_sen ?? 0,
  amendment_platform_share_sen: i.amendment_platform_share_sen ?? 0,
  status: i.status,
  ...(i.effective_from ? { effective_from: i.effective_from } : {}),
  effective_to: i.effective_to ?? null,
});

/** The price `id` in a managed (or readable) organisation. @throws 404 otherwise. */
export async function loadManagedPricing(db: Db, user: AuthUser, id: string) {
  const [row] = await db
    .select({ p: pricings })
    .from(pricings)
    .innerJoin(organizations, eq(organizations.id, pricings.organization_id))
    .where(and(eq(pricings.id, id), await managedOrganisationsWhere(db, user)))
    .limit(1);
  if (!row) throw notFound();
  return row.p;
}

/** `GET /api/pricing/{id}` (organisation:read) → `{ pricing }` (sen). @throws 404 when out of scope. */
export async function getPricing(db: Db, user: AuthUser, id: string) {
  return { pricing: serializePricing(await loadManagedPricing(db, user, id)) };
}

/**
 * `POST /api/pricing` (organisation:manage) → 201 `{ pricing }`: a price per product and plan in sen,
 * effective from `effective_from` (default now) until `effective_to` (open). The will wizard uses the
 * latest active price in effect at registration (wills/service.ts `activePricing`).
 * @throws 404 when the organisation is not managed; 422 on plan/effective dates.
 */
export async function createPricing(db: Db, actor: Actor, input: PricingInput) {
  const org = await loadManagedOrganisation(db, actor.user, input.organization_id);
  return db.transaction(async (tx) => {
    const [p] = await tx
      .insert(pricings)
      .values({ organization_id: org.id, ...pricingColumns(input) })
      .returning();
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'pricing.create',
      entityType: 'Pricing',
      entityId: p.id,
      after: serializePricing(p),
      ip: actor.ip,
    });
    return { pricing: serializePricing(p) };
  });
}

/**
 * `PATCH /api/pricing/{id}` (organisation:manage) → `{ pricing }`. Wills registered at the old price keep
 * it (they hold a copy in sen). The organisation of a price does not change.
 * @throws 404 when out of scope; 422 on plan/effective dates.
 */
export async function updatePricing(db: Db, actor: Actor, id: string, input: PricingInput) {
  const before = await loadManagedPricing(db, actor.user, id);
  return db.transaction(async (tx) => {
    const [p] = await tx.update(pricings).set(pricingColumns(input)).where(eq(pricings.id, before.id)).returning();
    if (p.effective_to && p.effective_to <= p.effective_from) throw fieldError('effective_to', O.effectiveRange);
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'pricing.update',
      entityType: 'Pricing',
      entityId: p.id,
      before: serializePricing(before),
      after: serializePricing(p),
      ip: actor.ip,
    });
    return { pricing: serializePricing(p) };
  });
}
