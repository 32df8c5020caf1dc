/**
 * Organisations, read side (docs/api/payments.md; spec §3 Organisation and preference, §6 "Organisation
 * preferences control what an organisation may do"; reference §2.9, §4.5–4.6). Scoped by policy.ts.
 * Money in integer sen; organisation payment flags as 1/0 and preference flags as 1 = yes / 2 = no on the
 * wire, as the product's client reads them (reference §4.6).
 */
import { senToRinggit } from '@wasiat/domain';
import { and, asc, desc, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches, organizations, preferences, pricings, user_accesses, users } from '../../db/schema/index.ts';
import { type AuthUser, userCan } from '../../platform/auth/guard.ts';
import { type Page, pageParams, toPage } from '../../platform/http/pagination.ts';
import { loadVisibleOrganisation, seesAllOrganisations, visibleOrganisationsWhere } from './policy.ts';

type PageQ = { limit?: number; page?: number };
type Org = typeof organizations.$inferSelect;
type Preference = typeof preferences.$inferSelect;

/** A boolean as the preference flags travel: 1 = yes, 2 = no (reference §3.8, §4.6). */
export const yesNo = (b: boolean): 1 | 2 => (b ? 1 : 2);
const oneZero = (b: boolean): 1 | 0 => (b ? 1 : 0);

async function paged<T>(
  db: Db,
  q: PageQ,
  count: (db: Db) => Promise<{ n: number }[]>,
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<Page<T>> {
  const p = pageParams(q);
  const [{ n }] = await count(db);
  return toPage(await rows(p.per_page, p.offset), Number(n), p);
}
const countAll = sql<number>`count(*)::int`;

/** A flag of the organisation's preference row (schema default when it has none). */
const prefFlag = (column: 'allow_wasiat' | 'allow_hibah', dflt: boolean) =>
  sql`coalesce((select p.${sql.raw(column)} from preferences p where p.organization_id = ${organizations.id}), ${dflt})`;

const orgListItem = (o: Org) => ({
  id: o.id,
  name: o.name,
  short_name: o.short_name,
  code: o.code,
  type: o.type,
  is_partner: oneZero(o.is_partner),
  status: o.status,
});

/**
 * `GET /api/organization?allow_wasiat=1&allow_hibah=1&type&limit&page` →
 * `{ organizations: { data: [{ id, name, short_name, code, type, is_partner, status }], … } }`, by name.
 * `allow_wasiat`/`allow_hibah`: 1 = only organisations whose preference allows it, 2 = only those that
 * do not. Callers other than staff see active organisations only.
 */
export async function listOrganisations(
  db: Db,
  user: AuthUser,
  q: PageQ & { allow_wasiat?: number; allow_hibah?: number; type?: string; is_partner?: number; name?: string },
) {
  const conds: (SQL | undefined)[] = [await visibleOrganisationsWhere(db, user)];
  if (!seesAllOrganisations(user)) conds.push(eq(organizations.status, 1));
  if (q.allow_wasiat) conds.push(sql`${prefFlag('allow_wasiat', true)} = ${q.allow_wasiat === 1}`);
  if (q.allow_hibah) conds.push(sql`${prefFlag('allow_hibah', false)} = ${q.allow_hibah === 1}`);
  if (q.type) conds.push(eq(organizations.type, q.type));
  if (q.is_partner !== undefined) conds.push(eq(organizations.is_partner, q.is_partner === 1));
  if (q.name)
    conds.push(sql`(${organizations.name} ilike ${`%${q.name}%`} or ${organizations.code} ilike ${`%${q.name}%`})`);
  const where = and(...conds);
  return {
    organizations: await paged(
      db,
      q,
      (d) => d.select({ n: countAll }).from(organizations).where(where),
      async (limit, offset) =>
        (
          await db
            .select()
            .from(organizations)
            .where(where)
            .orderBy(asc(organizations.name), asc(organizations.id))
            .limit(limit)
            .offset(offset)
        ).map(orgListItem),
    ),
  };
}

/**
 * `GET /api/organization/{id}` → `{ organization }` with contact details and the payment modes it allows
 * (`allow_payment_gateway`, `allow_cash_payment`, `allow_direct_payment` as 1/0; reference §2.9).
 * @throws 404 when not visible.
 */
export async function getOrganisation(db: Db, user: AuthUser, id: string) {
  const o = await loadVisibleOrganisation(db, user, id);
  return {
    organization: {
      ...orgListItem(o),
      registration_number: o.registration_number,
      /** The same under the 2021 client's name (reference §2.9; issue 20). */
      company_registration_number: o.registration_number,
      partner_code: o.partner_code,
      mykad_number: userCan(user, 'organisation:read') ? o.mykad_number : null,
      email: o.email,
      phone_number: o.phone_number,
      website: o.website,
      address: o.address,
      postcode: o.postcode,
      city: o.city,
      state: o.state,
      allow_payment_gateway: oneZero(o.allow_payment_gateway),
      allow_cash_payment: oneZero(o.allow_cash_payment),
      allow_direct_payment: oneZero(o.allow_direct_payment),
      allow_loan_payment: oneZero(o.allow_loan_payment),
      allow_atb_payment: oneZero(o.allow_atb_payment),
    },
  };
}

/**
 * `GET /api/organization/{id}/branch?status&is_headquarter&limit&page` →
 * `{ branches: { data: [{ id, branch_name, code, is_headquarter (1/0), status, city, state }], … },
 * organization: { id, name, type } }`, headquarters first. Non-staff see active branches only.
 * @throws 404 when the organisation is not visible.
 */
export async function listBranches(
  db: Db,
  user: AuthUser,
  orgId: string,
  q: PageQ & { status?: number; is_headquarter?: number },
) {
  const org = await loadVisibleOrganisation(db, user, orgId);
  const conds: SQL[] = [eq(branches.organization_id, org.id)];
  if (!seesAllOrganisations(user) && !userCan(user, 'branch:manage')) conds.push(eq(branches.status, 1));
  else if (q.status !== undefined) conds.push(eq(branches.status, q.status));
  if (q.is_headquarter !== undefined) conds.push(eq(branches.is_headquarter, q.is_headquarter === 1));
  const where = and(...conds);
  return {
    branches: await paged(
      db,
      q,
      (d) => d.select({ n: countAll }).from(branches).where(where),
      async (limit, offset) =>
        (
          await db
            .select()
            .from(branches)
            .where(where)
            .orderBy(desc(branches.is_headquarter), asc(branches.branch_name), asc(branches.id))
            .limit(limit)
            .offset(offset)
        ).map((b) => ({
          id: b.id,
          organization_id: b.organization_id,
          branch_name: b.branch_name,
          code: b.code,
          is_headquarter: oneZero(b.is_headquarter),
          status: b.status,
          email: b.email,
          phone_number: b.phone_number,
          address: b.address,
          postcode: b.postcode,
          city: b.city,
          state: b.state,
        })),
    ),
    organization: { id: org.id, name: org.name, type: org.type },
  };
}

/**
 * `GET /api/organization/{id}/user?role=Agent&branch_id&limit&page` →
 * `{ users: { data: [{ id, name, role, branch_id }], … } }`: active members (access and account active),
 * by name. Only names are given, as clients use it to pick an agent at part b.
 * @throws 404 when the organisation is not visible.
 */
export async function listOrganisationUsers(
  db: Db,
  user: AuthUser,
  orgId: string,
  q: PageQ & { role?: string; branch_id?: string },
) {
  const org = await loadVisibleOrganisation(db, user, orgId);
  const conds: SQL[] = [eq(user_accesses.organization_id, org.id), eq(user_accesses.status, 1), eq(users.status, 1)];
  if (q.role) conds.push(eq(user_accesses.role, q.role));
  if (q.branch_id) conds.push(eq(user_accesses.branch_id, q.branch_id));
  const where = and(...conds);
  return {
    users: await paged(
      db,
      q,
      (d) =>
        d
          .select({ n: countAll })
          .from(user_accesses)
          .innerJoin(users, eq(users.id, user_accesses.user_id))
          .where(where),
      (limit, offset) =>
        db
          .select({ id: users.id, name: users.name, role: user_accesses.role, branch_id: user_accesses.branch_id })
          .from(user_accesses)
          .innerJoin(users, eq(users.id, user_accesses.user_id))
          .where(where)
          .orderBy(asc(users.name), asc(users.id))
          .limit(limit)
          .offset(offset),
    ),
  };
}

/**
 * `GET /api/organization/{id}/pricing?product=Wasiat&plan&limit&page` →
 * `{ pricings: { data: [{ id, product, plan, price_sen, amendment_price_sen, description }], … } }`:
 * only active prices (status 1) in effect now (`effective_from` ≤ now < `effective_to`). Sen.
 * @throws 404 when the organisation is not visible.
 */
export async function listPricings(
  db: Db,
  user: AuthUser,
  orgId: string,
  q: PageQ & { product?: string; plan?: string; all?: number },
) {
  const org = await loadVisibleOrganisation(db, user, orgId);
  const now = new Date();
  // `all=1` (organisation:read): every price, inactive, future and ended ones included (management list).
  const conds: SQL[] =
    q.all === 1 && userCan(user, 'organisation:read')
      ? [eq(pricings.organization_id, org.id)]
      : [
          eq(pricings.organization_id, org.id),
          eq(pricings.status, 1),
          lte(pricings.effective_from, now),
          or(isNull(pricings.effective_to), gt(pricings.effective_to, now)) as SQL,
        ];
  if (q.product) conds.push(eq(pricings.product, q.product));
  if (q.plan) conds.push(eq(pricings.plan, q.plan));
  const where = and(...conds);
  return {
    pricings: await paged(
      db,
      q,
      (d) => d.select({ n: countAll }).from(pricings).where(where),
      async (limit, offset) =>
        (
          await db
            .select()
            .from(pricings)
            .where(where)
            .orderBy(asc(pricings.product), asc(pricings.price_sen), asc(pricings.id))
            .limit(limit)
            .offset(offset)
        ).map((p) => ({
          id: p.id,
          organization_id: p.organization_id,
          product: p.product,
          plan: p.plan,
          price_sen: p.price_sen,
          amendment_price_sen: p.amendment_price_sen,
          // Also in ringgit, as the 2021 client reads them (issue 20, ADR 0131).
          price: senToRinggit(p.price_sen),
          amendment_price: senToRinggit(p.amendment_price_sen),
          description: p.description,
          status: p.status,
          effective_from: p.effective_from,
          effective_to: p.effective_to,
        })),
    ),
  };
}

/** The preference as the client reads it: flags 1 = yes / 2 = no, totals as numbers or null. */
export function serializePreference(orgId: string, p: Preference | undefined) {
  const d = p ?? {
    id: null,
    allow_public: true,
    allow_payments: true,
    allow_wasiat: true,
    allow_hibah: false,
    allow_corporate: false,
    allow_property: true,
    allow_guardians: true,
    allow_beneficiaries: true,
    total_receivers: null,
    total_caretakers: null,
    total_properties: null,
    stock_account_type: null,
    fixed_property_name: null,
    fixed_stock_name: null,
    ekyc_max_attempts: null,
  };
  return {
    id: d.id,
    organization_id: orgId,
    allow_public: yesNo(d.allow_public),
    allow_payments: yesNo(d.allow_payments),
    allow_wasiat: yesNo(d.allow_wasiat),
    allow_hibah: yesNo(d.allow_hibah),
    allow_corporate: yesNo(d.allow_corporate),
    allow_property: yesNo(d.allow_property),
    allow_guardians: yesNo(d.allow_guardians),
    allow_beneficiaries: yesNo(d.allow_beneficiaries),
    total_receivers: d.total_receivers,
    total_caretakers: d.total_caretakers,
    total_properties: d.total_properties,
    stock_account_type: d.stock_account_type,
    fixed_property_name: d.fixed_property_name,
    fixed_stock_name: d.fixed_stock_name,
    ekyc_max_attempts: d.ekyc_max_attempts,
    // The 2021 flag names (reference §2.9; ADR 0164), derived from ours: 1 = yes, 2 = no.
    hibah_allow_moveable_property: yesNo(d.allow_property),
    hibah_allow_immoveable_property: yesNo(d.allow_property),
    hibah_single_moveable_property: yesNo(d.total_properties === 1),
    hibah_single_immoveable_property: yesNo(d.total_properties === 1),
    hibah_single_caretaker: yesNo(d.total_caretakers === 1),
    hibah_single_heir: 2,
    hibah_single_receiver: yesNo(d.total_receivers === 1),
    hibah_fixed_property_type: d.fixed_property_name,
    hibah_fixed_saham_type: d.fixed_stock_name,
    corporate_saham_account_type: d.stock_account_type,
  };
}

/**
 * `GET /api/organization/{id}/preference` → `{ preference }` (spec §7), flags 1 = yes / 2 = no. An
 * organisation without a preference row answers the defaults with `id: null`.
 * @throws 404 when the organisation is not visible.
 */
export async function getPreference(db: Db, user: AuthUser, orgId: string) {
  const org = await loadVisibleOrganisation(db, user, orgId);
  const [p] = await db.select().from(preferences).where(eq(preferences.organization_id, org.id)).limit(1);
  return { preference: serializePreference(org.id, p) };
}
