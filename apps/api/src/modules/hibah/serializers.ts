/**
 * The wire shape of a hibah (docs/api/hibah.md `GET /hibah/{id}`; reference §2.3 fields). Money in sen
 * (`*_sen`); `price` is the same in ringgit for the product's client. Flags 0/1; dates ISO 8601 UTC.
 * Relations on request (`load_with`, comma list): `userDetail` → `user_detail` and `company` (a corporate
 * grantor's name and SSM number, else null), `user`, `organization`, `agent`, `payment` → `payments` (the
 * hibah's payments, newest first, as `GET /hibah/{id}/payment` gives them).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hibah_companies, hibah_user_details, hibahs, organizations, payments, users } from '../../db/schema/index.ts';
import { serializePayment } from '../payments/index.ts';

type Row = typeof hibahs.$inferSelect;
const bit = (b: boolean) => (b ? 1 : 0);

/** Parse `load_with` ("userDetail,user") into a set. */
export const parseLoadWith = (s?: string) =>
  new Set(
    (s ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );

function body(h: Row) {
  return {
    id: h.id,
    hibah_number: h.hibah_number,
    hibah_type: h.hibah_type,
    hibah_type_id: h.hibah_type,
    user_id: h.user_id,
    agent_id: h.agent_id,
    organization_id: h.organization_id,
    branch_id: h.branch_id,
    pricing_id: h.pricing_id,
    status: h.status,
    price: h.price_sen === null ? null : h.price_sen / 100,
    price_sen: h.price_sen,
    discount_sen: h.discount_sen,
    amount_due_sen: h.price_sen === null ? null : Math.max(0, h.price_sen - h.discount_sen),
    payment_options_id: h.payment_options_id,
    payment_received_at: h.payment_received_at,
    is_cash_payment: bit(h.is_cash_payment),
    acknowledged_pdpa: bit(h.acknowledged_pdpa),
    acknowledged_confirmation: bit(h.acknowledged_confirmation),
    has_signature: bit(!!h.signature_id),
    ekyc_verified_at: h.ekyc_verified_at,
    ekyc_method: h.ekyc_method,
    face_verification_count: h.face_verification_count,
    employer_name: h.employer_name,
    employer_address: h.employer_address,
    job_title: h.job_title,
    yearly_income: h.yearly_income,
    income_source: h.income_source,
    income_source_other: h.income_source_other,
    hibah_property_source: h.hibah_property_source,
    hibah_property_source_other: h.hibah_property_source_other,
    trust_purpose_type: h.trust_purpose_type,
    trust_purpose: h.trust_purpose,
    is_revocable: bit(h.is_revocable),
    period: h.period,
    other_period_instructions: h.other_period_instructions,
    distribution_lifetime_instruction: h.distribution_lifetime_instruction,
    distribution_after_death_instruction: h.distribution_after_death_instruction,
    one_cent_maximum_moveable_property: h.one_cent_maximum_moveable_property,
    is_draft_accepted: bit(h.is_draft_accepted),
    draft_sent_at: h.draft_sent_at,
    draft_expires_at: h.draft_expires_at,
    draft_accepted_at: h.draft_accepted_at,
    draft_expired_at: h.draft_expired_at,
    submitted_at: h.submitted_at,
    approved_at: h.approved_at,
    rejected_reason: h.rejected_reason,
    registered_at: h.registered_at,
    /** Version of the registered content in force (ADR 0037; +1 per approved amendment). */
    current_version: h.current_version,
    current_total_sen: h.current_total_sen,
    created_at: h.created_at,
    updated_at: h.updated_at,
  };
}

/** Hibahs with the requested relations (one query per relation). */
export async function serializeHibahs(db: Db, rows: Row[], load = new Set<string>()) {
  const ids = rows.map((h) => h.id);
  const details =
    load.has('userDetail') && ids.length
      ? await db.select().from(hibah_user_details).where(inArray(hibah_user_details.hibah_id, ids))
      : [];
  // A corporate hibah's grantor is its company (ADR 0165): named beside the particulars.
  const companies =
    load.has('userDetail') && ids.length
      ? await db
          .select({
            hibah_id: hibah_companies.hibah_id,
            name: hibah_companies.name,
            registration_number: hibah_companies.registration_number,
          })
          .from(hibah_companies)
          .where(inArray(hibah_companies.hibah_id, ids))
      : [];
  // The payments of each hibah, newest first (`load_with=payment`: the client's transaction history).
  const pays =
    load.has('payment') && ids.length
      ? await db
          .select()
          .from(payments)
          .where(and(eq(payments.paymentable_type, 'Hibah'), inArray(payments.paymentable_id, ids)))
          .orderBy(desc(payments.created_at), desc(payments.id))
      : [];
  const userIds = [...new Set(rows.flatMap((h) => [h.user_id, h.agent_id]).filter((x): x is string => !!x))];
  const people =
    (load.has('user') || load.has('agent')) && userIds.length
      ? await db
          .select({
            id: users.id,
            name: users.name,
            ic_number: users.ic_number,
            mobile_number: users.mobile_number,
            email: users.email,
          })
          .from(users)
          .where(inArray(users.id, userIds))
      : [];
  const orgIds = [...new Set(rows.map((h) => h.organization_id).filter((x): x is string => !!x))];
  const orgs =
    load.has('organization') && orgIds.length
      ? await db
          .select({ id: organizations.id, name: organizations.name, code: organizations.code })
          .from(organizations)
          .where(inArray(organizations.id, orgIds))
      : [];
  return rows.map((h) => {
    const out: Record<string, unknown> = body(h);
    if (load.has('userDetail')) {
      out.user_detail = details.find((d) => d.hibah_id === h.id) ?? null;
      const c = companies.find((x) => x.hibah_id === h.id);
      out.company = c ? { name: c.name, registration_number: c.registration_number } : null;
    }
    if (load.has('user')) out.user = people.find((p) => p.id === h.user_id) ?? null;
    if (load.has('agent')) out.agent = people.find((p) => p.id === h.agent_id) ?? null;
    if (load.has('payment'))
      out.payments = pays.filter((p) => p.paymentable_id === h.id).map((p) => serializePayment(p));
    if (load.has('organization')) out.organization = orgs.find((o) => o.id === h.organization_id) ?? null;
    return out;
  });
}

/** One hibah with the requested relations. */
export async function serializeHibah(db: Db, h: Row, load = new Set<string>()) {
  return (await serializeHibahs(db, [h], load))[0];
}

/** A hibah by id (no scope: callers have checked it). */
export async function hibahById(db: Db, id: string) {
  const [h] = await db.select().from(hibahs).where(eq(hibahs.id, id));
  return h;
}
