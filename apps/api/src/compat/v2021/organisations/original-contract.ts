/**
 * The 2021 client's organisation-administration contract beside our own shapes (issue 20; reference §2.9, §3.8;
 * ADRs 0135–0138). Route-level `preValidation` hooks of the organisations module's routes
 * ({@link organisationBodiesOnRoutes}), so the permission check (the guard's hook, ADR 0107) has already run and
 * the route's own schema still validates every value:
 *
 * - partial PATCH (`PATCH branch/{id}`, `pricing/{id}`, `organization/{id}`): the body is laid over the stored
 *   record, so a body updates only what it carries (the record is loaded with the same scoping as the update:
 *   another tenant's record is a 404 before anything is read);
 * - `POST branch { is_headquarter: 1 }` (the 2021 organisation form creates the headquarters after the
 *   organisation): ours already made it with the organisation, so the existing headquarters is answered;
 * - 2021 keys of an organisation: `company_registration_number` → `registration_number`, type labels
 *   (`Swasta`, `Kerajaan`, `Individu`, `Bank`, `Koperasi`) → our type codes.
 */
import { ORIGINAL_PRICING_KEYS } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { branches } from '../../../db/schema/index.ts';
import { requireUser } from '../../../modules/auth/index.ts';
import {
  loadManagedBranch,
  loadManagedOrganisation,
  loadManagedPricing,
  serializeBranch,
} from '../../../modules/organisations/index.ts';
import { attachPreValidation, type Body, idOf, isObject } from '../calls.ts';

/** 2021 organisation type labels (reference §6.17) → our codes (ADR 0138). `Awaris` (the provider) is not creatable. */
export const ORIGINAL_ORGANISATION_TYPES: Record<string, string> = {
  Swasta: 'private',
  Kerajaan: 'government',
  Individu: 'individual',
  Bank: 'institution',
  Koperasi: 'institution',
};

/** A 2021 organisation body → our keys (our keys, when sent, win). */
export function organisationFromOriginal(body: Body): Body {
  const o = { ...body };
  if (o.registration_number === undefined && o.company_registration_number !== undefined) {
    o.registration_number = o.company_registration_number;
  }
  if (typeof o.type === 'string' && ORIGINAL_ORGANISATION_TYPES[o.type]) o.type = ORIGINAL_ORGANISATION_TYPES[o.type];
  return o;
}

const isYes = (v: unknown) => v === 1 || v === '1' || v === true;
const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * The 2021 preference flag names (reference §2.9 `PATCH preference/{id}`, §3.8; 1 = yes, 2 = no) → ours (ADR 0164);
 * our keys, when sent, win. `hibah_single_*` = 1 means "one only" (our total 1), 2 means no limit (empty);
 * the moveable/immoveable switches are one `allow_property`; `hibah_single_heir` has no counterpart (not stored).
 */
export function preferenceFromOriginal(body: Body): Body {
  const o: Body = { ...body };
  const set = (ours: string, v: unknown) => {
    if (o[ours] === undefined && v !== undefined) o[ours] = v;
  };
  const single = (v: unknown) => (given(v) ? (isYes(v) ? 1 : '') : undefined);
  const mv = body.hibah_allow_moveable_property;
  const imv = body.hibah_allow_immoveable_property;
  if (given(mv) || given(imv)) set('allow_property', isYes(mv) || isYes(imv) ? 1 : 2);
  set('total_caretakers', single(body.hibah_single_caretaker));
  set('total_receivers', single(body.hibah_single_receiver));
  const sp = [body.hibah_single_moveable_property, body.hibah_single_immoveable_property].filter(given);
  if (sp.length) set('total_properties', sp.some(isYes) ? 1 : '');
  set('fixed_property_name', body.hibah_fixed_property_type);
  set('fixed_stock_name', body.hibah_fixed_saham_type);
  set('stock_account_type', body.corporate_saham_account_type);
  return o;
}

/** Lay `body` over `stored` (only keys the body carries change). `aliases`: a 2021 key → the stored key it replaces. */
export function overStored(stored: Body, body: Body, aliases: Record<string, string> = {}): Body {
  const base = { ...stored };
  for (const [theirs, ours] of Object.entries(aliases)) if (body[theirs] !== undefined) delete base[ours];
  return { ...base, ...body };
}

const pricingAliases: Record<string, string> = { ...ORIGINAL_PRICING_KEYS };
const dateOrUndefined = (d: Date | null) => (d ? d.toISOString() : undefined);

/** Hooks for the organisations routes (see the module comment). */
function originalContractHooks(db: Db) {
  return {
    /** `PATCH /branch/{id}`: lay the body over the stored branch. */
    async branchPatch(req: FastifyRequest) {
      if (!isObject(req.body)) return;
      const { b } = await loadManagedBranch(db, requireUser(req), idOf(req));
      const stored: Body = {
        organization_id: b.organization_id,
        branch_name: b.branch_name,
        code: b.code ?? undefined,
        email: b.email ?? undefined,
        phone_number: b.phone_number ?? undefined,
        address: b.address ?? undefined,
        postcode: b.postcode ?? undefined,
        city: b.city ?? undefined,
        state: b.state ?? undefined,
        status: b.status,
      };
      req.body = overStored(stored, req.body);
    },

    /** `PATCH /pricing/{id}`: lay the body (2021 ringgit keys or our sen keys) over the stored price. */
    async pricingPatch(req: FastifyRequest) {
      if (!isObject(req.body)) return;
      const p = await loadManagedPricing(db, requireUser(req), idOf(req));
      const stored: Body = {
        organization_id: p.organization_id,
        product: p.product,
        plan: p.plan,
        description: p.description ?? undefined,
        price_sen: p.price_sen,
        amendment_price_sen: p.amendment_price_sen,
        provider_share_sen: p.provider_share_sen,
        organisation_share_sen: p.organisation_share_sen,
        platform_share_sen: p.platform_share_sen,
        others_share_sen: p.others_share_sen,
        others_description: p.others_description ?? undefined,
        amendment_provider_share_sen: p.amendment_provider_share_sen,
        amendment_organisation_share_sen: p.amendment_organisation_share_sen,
        amendment_platform_share_sen: p.amendment_platform_share_sen,
        status: p.status,
        effective_from: dateOrUndefined(p.effective_from),
        effective_to: dateOrUndefined(p.effective_to),
      };
      req.body = overStored(stored, req.body, pricingAliases);
    },

    /** `PATCH /organization/{id}/preference`, `PATCH /preference/{id}`: the 2021 flag names (ADR 0164). */
    async preferencePatch(req: FastifyRequest) {
      if (isObject(req.body)) req.body = preferenceFromOriginal(req.body);
    },

    /** `POST /organization`: 2021 keys and type labels. */
    async organisationCreate(req: FastifyRequest) {
      if (isObject(req.body)) req.body = organisationFromOriginal(req.body);
    },

    /** `PATCH /organization/{id}`: 2021 keys, laid over the stored organisation. */
    async organisationPatch(req: FastifyRequest) {
      if (!isObject(req.body)) return;
      const org = await loadManagedOrganisation(db, requireUser(req), idOf(req));
      const stored: Body = {
        type: org.type,
        is_partner: org.is_partner ? 1 : 0,
        name: org.name,
        short_name: org.short_name ?? undefined,
        code: org.code,
        partner_code: org.partner_code ?? undefined,
        registration_number: org.registration_number ?? undefined,
        mykad_number: org.mykad_number ?? undefined,
        email: org.email ?? undefined,
        phone_number: org.phone_number ?? undefined,
        website: org.website ?? undefined,
        address: org.address ?? undefined,
        postcode: org.postcode ?? undefined,
        city: org.city ?? undefined,
        state: org.state ?? undefined,
        status: org.status,
        allow_payment_gateway: org.allow_payment_gateway ? 1 : 0,
        allow_cash_payment: org.allow_cash_payment ? 1 : 0,
        allow_direct_payment: org.allow_direct_payment ? 1 : 0,
        allow_loan_payment: org.allow_loan_payment ? 1 : 0,
        allow_atb_payment: org.allow_atb_payment ? 1 : 0,
      };
      req.body = overStored(stored, organisationFromOriginal(req.body), {
        company_registration_number: 'registration_number',
      });
    },

    /**
     * `POST /branch { is_headquarter: 1 }`: the organisation's headquarters already exists (made with the
     * organisation), so it is the answer (201 `{ branch }`); the organisation must be one the caller manages.
     */
    async headquarterCreate(req: FastifyRequest, reply: FastifyReply) {
      const b = req.body;
      if (
        !isObject(b) ||
        ![1, '1', true].includes(b.is_headquarter as never) ||
        typeof b.organization_id !== 'string'
      ) {
        return;
      }
      const org = await loadManagedOrganisation(db, requireUser(req), b.organization_id);
      const [hq] = await db
        .select()
        .from(branches)
        .where(and(eq(branches.organization_id, org.id), eq(branches.is_headquarter, true)))
        .limit(1);
      if (hq) return reply.status(201).send({ branch: serializeBranch(hq) });
    },
  };
}

/** Attach the hooks of the module comment to the organisations routes (modules.ts, before that module's routes). */
export function organisationBodiesOnRoutes(api: FastifyInstance, db: Db) {
  const h = originalContractHooks(db);
  attachPreValidation(api, {
    'POST /organization': h.organisationCreate,
    'PATCH /organization/:id': h.organisationPatch,
    'PATCH /organization/:id/preference': h.preferencePatch,
    'PATCH /preference/:id': h.preferencePatch,
    'POST /branch': h.headquarterCreate,
    'PATCH /branch/:id': h.branchPatch,
    'PATCH /pricing/:id': h.pricingPatch,
  });
}
