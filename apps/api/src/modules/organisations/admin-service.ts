/**
 * Organisations, write side (issue 6; spec §3 Organisation and preference; reference §2.9, §3.8):
 * create and edit organisations (types of spec §3, business partners with a partner code, registration
 * numbers checked per ADR 0012) and edit the preference flags. Every change writes an audit event in
 * the same transaction (DESIGN.md §9.6). Scoping is policy.ts (`loadManagedOrganisation`).
 */
import { O, type organisationSchema, type preferenceSchema } from '@wasiat/domain';
import { and, eq, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { branches, organizations, preferences } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/errors.ts';
import { loadManagedOrganisation } from './policy.ts';
import { serializePreference } from './service.ts';

type Org = typeof organizations.$inferSelect;
type OrgInput = z.output<typeof organisationSchema>;
type PrefInput = z.output<typeof preferenceSchema>;
/** Who makes a change (for the audit event). */
export interface Actor {
  user: AuthUser;
  ip?: string;
}

const oneZero = (b: boolean): 1 | 0 => (b ? 1 : 0);

/** The organisation as the management screens read it (reference §2.9 GET organization/{id}). */
export function serializeOrganisation(o: Org) {
  return {
    id: o.id,
    type: o.type,
    is_partner: oneZero(o.is_partner),
    name: o.name,
    short_name: o.short_name,
    code: o.code,
    partner_code: o.partner_code,
    registration_number: o.registration_number,
    /** The same under the 2021 client's name (reference §2.9; issue 20). */
    company_registration_number: o.registration_number,
    mykad_number: o.mykad_number,
    email: o.email,
    phone_number: o.phone_number,
    website: o.website,
    address: o.address,
    postcode: o.postcode,
    city: o.city,
    state: o.state,
    status: o.status,
    allow_payment_gateway: oneZero(o.allow_payment_gateway),
    allow_cash_payment: oneZero(o.allow_cash_payment),
    allow_direct_payment: oneZero(o.allow_direct_payment),
    allow_loan_payment: oneZero(o.allow_loan_payment),
    allow_atb_payment: oneZero(o.allow_atb_payment),
    created_at: o.created_at,
    updated_at: o.updated_at,
  };
}

/** Columns written from the form (partner code defaults to `RN-<code>` for a partner, else null). */
function columns(input: OrgInput) {
  return {
    type: input.type,
    is_partner: input.is_partner,
    name: input.name,
    short_name: input.short_name ?? null,
    code: input.code,
    partner_code: input.is_partner ? (input.partner_code ?? `RN-${input.code}`) : null,
    registration_number: input.type === 'individual' ? null : (input.registration_number ?? null),
    mykad_number: input.type === 'individual' ? (input.mykad_number ?? null) : null,
    email: input.email.toLowerCase(),
    phone_number: input.phone_number ?? null,
    website: input.website ?? null,
    address: input.address,
    postcode: input.postcode,
    city: input.city,
    state: input.state,
    status: input.status,
    allow_payment_gateway: input.allow_payment_gateway,
    allow_cash_payment: input.allow_cash_payment,
    allow_direct_payment: input.allow_direct_payment,
    allow_loan_payment: input.allow_loan_payment,
    allow_atb_payment: input.allow_atb_payment,
  };
}

/** 422 when `code` or `partner_code` is used by another organisation. */
async function assertCodesFree(db: Db, cols: ReturnType<typeof columns>, exceptId?: string) {
  const rows = await db
    .select({ code: organizations.code, partner_code: organizations.partner_code })
    .from(organizations)
    .where(
      and(
        or(
          eq(organizations.code, cols.code),
          cols.partner_code ? eq(organizations.partner_code, cols.partner_code) : undefined,
        ),
        exceptId ? ne(organizations.id, exceptId) : undefined,
      ),
    );
  const fields: Record<string, string[]> = {};
  for (const r of rows) {
    if (r.code === cols.code) fields.code = [O.codeTaken];
    if (cols.partner_code && r.partner_code === cols.partner_code) fields.partner_code = [O.partnerCodeTaken];
  }
  if (Object.keys(fields).length) throw new AppError('validation', Object.values(fields)[0][0], fields);
}

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};
const codeTaken = () => new AppError('validation', O.codeTaken, { code: [O.codeTaken] });

/**
 * `POST /api/organization` (organisation:manage): create an organisation with its headquarters branch
 * (`Ibu Pejabat`, reference §2.9 "HQ auto-create") and a default preference row.
 * @returns `{ organization }` (serializeOrganisation).
 * @throws 422 `organisations.code_taken` / `organisations.partner_code_taken`.
 */
export async function createOrganisation(db: Db, actor: Actor, input: OrgInput) {
  const cols = columns(input);
  await assertCodesFree(db, cols);
  try {
    const org = await db.transaction(async (tx) => {
      const [o] = await tx.insert(organizations).values(cols).returning();
      await tx.insert(branches).values({
        organization_id: o.id,
        branch_name: 'Ibu Pejabat',
        is_headquarter: true,
        address: o.address,
        postcode: o.postcode,
        city: o.city,
        state: o.state,
        email: o.email,
      });
      await tx.insert(preferences).values({ organization_id: o.id });
      await recordAudit(tx as unknown as Db, {
        actorId: actor.user.id,
        action: 'organisation.create',
        entityType: 'Organisation',
        entityId: o.id,
        after: serializeOrganisation(o),
        ip: actor.ip,
      });
      return o;
    });
    return { organization: serializeOrganisation(org) };
  } catch (e) {
    if (isUniqueViolation(e)) throw codeTaken();
    throw e;
  }
}

/**
 * `PATCH /api/organization/{id}` (organisation:manage): replace the organisation's details (the whole
 * object, reference §2.9). @returns `{ organization }`. @throws 404 when not managed; 422 as create.
 */
export async function updateOrganisation(db: Db, actor: Actor, id: string, input: OrgInput) {
  const before = await loadManagedOrganisation(db, actor.user, id);
  const cols = columns(input);
  await assertCodesFree(db, cols, before.id);
  try {
    const org = await db.transaction(async (tx) => {
      const [o] = await tx.update(organizations).set(cols).where(eq(organizations.id, before.id)).returning();
      await recordAudit(tx as unknown as Db, {
        actorId: actor.user.id,
        action: 'organisation.update',
        entityType: 'Organisation',
        entityId: o.id,
        before: serializeOrganisation(before),
        after: serializeOrganisation(o),
        ip: actor.ip,
      });
      return o;
    });
    return { organization: serializeOrganisation(org) };
  } catch (e) {
    if (isUniqueViolation(e)) throw codeTaken();
    throw e;
  }
}

/**
 * `PATCH /api/organization/{id}/preference` (organisation:manage): change the flags given (1 = yes,
 * 2 = no) and totals (null = no limit); absent fields keep their value. Creates the row when missing.
 * These flags are enforced by the wills and payments services (spec §6; wills/people-service.ts).
 * @returns `{ preference }` as GET. @throws 404 when the organisation is not managed.
 */
export async function updatePreference(db: Db, actor: Actor, orgId: string, input: PrefInput) {
  const org = await loadManagedOrganisation(db, actor.user, orgId);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(preferences).where(eq(preferences.organization_id, org.id)).limit(1);
    const [after] = before
      ? // `updated_at` keeps the SET non-empty when no known field was given (a no-op change, still audited).
        await tx
          .update(preferences)
          .set({ ...changes, updated_at: new Date() })
          .where(eq(preferences.id, before.id))
          .returning()
      : await tx
          .insert(preferences)
          .values({ organization_id: org.id, ...changes })
          .returning();
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'preference.update',
      entityType: 'Preference',
      entityId: after.id,
      before: before ? serializePreference(org.id, before) : null,
      after: serializePreference(org.id, after),
      ip: actor.ip,
    });
    return { preference: serializePreference(org.id, after) };
  });
}
