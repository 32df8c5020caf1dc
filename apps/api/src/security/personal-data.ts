/**
 * Personal data rights under the PDPA 2010 as amended in 2024 (issue 11 "a client can download all their
 * data (JSON + their documents) from /profile, and ask for deletion of what the law does not require us to
 * keep (the request is recorded and handled by staff)"; ADR 0083).
 *
 * - Export: `GET /api/profile/data-export` → a zip: `data.json` (the account, every will of the user with its
 *   heirs, witnesses, receivers, caretakers, bequests, properties, payments and signature events, every
 *   hibah/trust of theirs with its parties, properties, shares, asset transactions, payments and signature
 *   events, their amendments with witnesses and payments (one-time-code hashes left out), eKYC
 *   attempts (scores), data requests, and the audit events about the user or done by them) and `documents/`
 *   (every stored file of the user, their wills, hibahs, amendments and eKYC attempts).
 * - Erasure: the client asks (`POST /api/profile/data-requests`), staff handle
 *   (`GET /api/data-requests`, `POST /api/data-requests/{id}/approve|refuse`). Approval erases what may be
 *   erased and keeps what the law or a registered will needs (ADR 0083), recording both in `outcome`.
 */

import { and, desc, eq, gte, inArray, or, type SQL } from 'drizzle-orm';
import JSZip from 'jszip';
import { recordAudit } from '../audit/audit.ts';
import type { AuthUser } from '../auth/guard.ts';
import { serializeUser } from '../auth/service.ts';
import { revokeAllTokens } from '../auth/tokens.ts';
import type { Ctx } from '../context.ts';
import type { Db } from '../db/client.ts';
import {
  amendment_witnesses,
  amendments,
  attachments,
  audit_events,
  bequests,
  caretakers,
  data_requests,
  document_ocrs,
  ekyc_attempts,
  heirs,
  hibah_asset_transactions,
  hibah_caretakers,
  hibah_heirs,
  hibah_properties,
  hibah_property_receivers,
  hibah_receivers,
  hibah_user_details,
  hibah_witnesses,
  hibahs,
  immoveable_properties,
  login_challenges,
  moveable_properties,
  otp_codes,
  payments,
  receivers,
  recovery_codes,
  signature_events,
  two_factors,
  users,
  wills,
  witnesses,
} from '../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../http/errors.ts';
import { pageParams, toPage } from '../http/pagination.ts';
import { reminderRecordsOf } from '../reminders/index.ts';
import { eraseDraftHibahs, eraseDraftWills, planDraftErasure } from './draft-erasure.ts';

async function userWills(db: Db, userId: string) {
  return db.select().from(wills).where(eq(wills.user_id, userId));
}

/** Rows of a polymorphic child table for these wills. */
async function childrenOf(db: Db, ids: string[]) {
  if (ids.length === 0) return {};
  const w = 'Wasiat';
  return {
    heirs: await db
      .select()
      .from(heirs)
      .where(and(eq(heirs.heirable_type, w), inArray(heirs.heirable_id, ids))),
    witnesses: await db
      .select()
      .from(witnesses)
      .where(and(eq(witnesses.witnessable_type, w), inArray(witnesses.witnessable_id, ids))),
    receivers: await db
      .select()
      .from(receivers)
      .where(and(eq(receivers.receivable_type, w), inArray(receivers.receivable_id, ids))),
    caretakers: await db
      .select()
      .from(caretakers)
      .where(and(eq(caretakers.caretakerable_type, w), inArray(caretakers.caretakerable_id, ids))),
    bequests: await db.select().from(bequests).where(inArray(bequests.wasiat_id, ids)),
    moveable_properties: await db
      .select()
      .from(moveable_properties)
      .where(and(eq(moveable_properties.moveable_type, w), inArray(moveable_properties.moveable_id, ids))),
    immoveable_properties: await db
      .select()
      .from(immoveable_properties)
      .where(and(eq(immoveable_properties.immoveable_type, w), inArray(immoveable_properties.immoveable_id, ids))),
    payments: await db
      .select()
      .from(payments)
      .where(and(eq(payments.paymentable_type, w), inArray(payments.paymentable_id, ids))),
    signature_events: await db
      .select()
      .from(signature_events)
      .where(and(eq(signature_events.signable_type, w), inArray(signature_events.signable_id, ids))),
  };
}

/** Secrets of one-time codes are not personal data of the user: left out of the export. */
function withoutSecrets<T extends object>(rows: T[]): Omit<T, 'otp_hash'>[] {
  return rows.map((r) => {
    const { otp_hash: _secret, ...rest } = r as T & { otp_hash?: unknown };
    return rest;
  });
}

/**
 * The user's hibahs and trusts (as grantor) with their particulars, receivers, caretakers, heirs,
 * witnesses, properties and shares, asset transactions, payments and signature events; and the user's
 * amendments (of wills and hibahs) with their witnesses (issue 11 "download all their data").
 */
async function hibahsAndAmendmentsOf(db: Db, userId: string) {
  const hs = await db.select().from(hibahs).where(eq(hibahs.user_id, userId));
  const ids = hs.map((h) => h.id);
  const ams = await db.select().from(amendments).where(eq(amendments.user_id, userId));
  const amIds = ams.map((a) => a.id);
  const properties = ids.length
    ? await db.select().from(hibah_properties).where(inArray(hibah_properties.hibah_id, ids))
    : [];
  const propertyIds = properties.map((p) => p.id);
  return {
    hibahs: hs,
    hibah_user_details: ids.length
      ? await db.select().from(hibah_user_details).where(inArray(hibah_user_details.hibah_id, ids))
      : [],
    hibah_receivers: ids.length
      ? withoutSecrets(await db.select().from(hibah_receivers).where(inArray(hibah_receivers.hibah_id, ids)))
      : [],
    hibah_caretakers: ids.length
      ? await db.select().from(hibah_caretakers).where(inArray(hibah_caretakers.hibah_id, ids))
      : [],
    hibah_heirs: ids.length ? await db.select().from(hibah_heirs).where(inArray(hibah_heirs.hibah_id, ids)) : [],
    hibah_witnesses: ids.length
      ? withoutSecrets(await db.select().from(hibah_witnesses).where(inArray(hibah_witnesses.hibah_id, ids)))
      : [],
    hibah_properties: properties,
    hibah_property_receivers: propertyIds.length
      ? await db
          .select()
          .from(hibah_property_receivers)
          .where(inArray(hibah_property_receivers.property_id, propertyIds))
      : [],
    hibah_asset_transactions: ids.length
      ? await db.select().from(hibah_asset_transactions).where(inArray(hibah_asset_transactions.hibah_id, ids))
      : [],
    hibah_payments: ids.length
      ? await db
          .select()
          .from(payments)
          .where(and(eq(payments.paymentable_type, 'Hibah'), inArray(payments.paymentable_id, ids)))
      : [],
    hibah_signature_events: ids.length
      ? await db
          .select()
          .from(signature_events)
          .where(and(eq(signature_events.signable_type, 'Hibah'), inArray(signature_events.signable_id, ids)))
      : [],
    amendments: ams,
    amendment_witnesses: amIds.length
      ? withoutSecrets(
          await db.select().from(amendment_witnesses).where(inArray(amendment_witnesses.amendment_id, amIds)),
        )
      : [],
    amendment_payments: amIds.length
      ? await db
          .select()
          .from(payments)
          .where(and(eq(payments.paymentable_type, 'Amendment'), inArray(payments.paymentable_id, amIds)))
      : [],
  };
}

/** The stored files of a user: their own, their wills', hibahs', amendments' and eKYC attempts'. */
async function userAttachments(
  db: Db,
  userId: string,
  willIds: string[],
  attemptIds: string[],
  more: { hibahIds: string[]; amendmentIds: string[] } = { hibahIds: [], amendmentIds: [] },
) {
  const owners: SQL[] = [and(eq(attachments.attachable_type, 'User'), eq(attachments.attachable_id, userId)) as SQL];
  if (more.hibahIds.length)
    owners.push(
      and(eq(attachments.attachable_type, 'Hibah'), inArray(attachments.attachable_id, more.hibahIds)) as SQL,
    );
  if (more.amendmentIds.length)
    owners.push(
      and(eq(attachments.attachable_type, 'Amendment'), inArray(attachments.attachable_id, more.amendmentIds)) as SQL,
    );
  if (willIds.length)
    owners.push(and(eq(attachments.attachable_type, 'Wasiat'), inArray(attachments.attachable_id, willIds)) as SQL);
  if (attemptIds.length)
    owners.push(
      and(eq(attachments.attachable_type, 'EkycAttempt'), inArray(attachments.attachable_id, attemptIds)) as SQL,
    );
  return db
    .select()
    .from(attachments)
    .where(or(...owners));
}

/**
 * `GET /api/profile/data-export` → a zip (Buffer) of the caller's data: `data.json` and `documents/<type>-<id>.<ext>`.
 * Nothing of other users beyond what the caller themself entered (their heirs, witnesses) is included.
 */
export async function exportPersonalData(ctx: Ctx, user: AuthUser): Promise<Buffer> {
  const db = ctx.db;
  const ws = await userWills(db, user.id);
  const willIds = ws.map((w) => w.id);
  const attempts = await db.select().from(ekyc_attempts).where(eq(ekyc_attempts.user_id, user.id));
  const gifts = await hibahsAndAmendmentsOf(db, user.id);
  const files = await userAttachments(
    db,
    user.id,
    willIds,
    attempts.map((a) => a.id),
    { hibahIds: gifts.hibahs.map((h) => h.id), amendmentIds: gifts.amendments.map((a) => a.id) },
  );
  const audit = await db
    .select()
    .from(audit_events)
    .where(or(eq(audit_events.actor_id, user.id), eq(audit_events.entity_id, user.id)));
  const requests = await db.select().from(data_requests).where(eq(data_requests.user_id, user.id));
  const zip = new JSZip();
  const data = {
    exported_at: new Date().toISOString(),
    notice: 'Personal data held by the Wasiat platform about you (Personal Data Protection Act 2010, s. 12 and 30).',
    account: {
      ...(await serializeUser(db, user)),
      created_at: user.created_at,
      pdpa_accepted_at: user.pdpa_accepted_at,
    },
    wills: ws,
    ...(await childrenOf(db, willIds)),
    ...gifts,
    ekyc_attempts: attempts,
    documents: files.map((f) => ({
      id: f.id,
      type: f.type,
      owner: f.attachable_type,
      mime_type: f.mime_type,
      size_bytes: f.size_bytes,
      sha256: f.sha256,
      created_at: f.created_at,
      file: `documents/${f.type}-${f.id}.${f.storage_key.split('.').pop()}`,
    })),
    data_requests: requests,
    will_review_reminders: await reminderRecordsOf(db, user.id),
    audit_events: audit.map((e) => ({ action: e.action, entity_type: e.entity_type, at: e.at, ip: e.ip })),
  };
  zip.file('data.json', JSON.stringify(data, null, 2));
  for (const f of files) {
    try {
      zip.file(`documents/${f.type}-${f.id}.${f.storage_key.split('.').pop()}`, await ctx.store.get(f.storage_key));
    } catch {
      // a file missing from the store is listed in data.json without its bytes
    }
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A data request as the API shows it. */
const show = (r: typeof data_requests.$inferSelect, u?: { name: string; ic_number: string | null } | null) => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  reason: r.reason,
  remarks: r.remarks,
  outcome: r.outcome,
  created_at: r.created_at,
  handled_at: r.handled_at,
  ...(u ? { user: { name: u.name, ic_number: u.ic_number ? `********${u.ic_number.slice(-4)}` : null } } : {}),
});

/**
 * `POST /api/profile/data-requests { reason? }` → 201 `{ data_request }`: the caller asks for erasure.
 * @throws 422 `security.erasure_pending` while an earlier request waits.
 */
export async function requestErasure(ctx: Ctx, user: AuthUser, reason: string | undefined, ip: string) {
  const [pending] = await ctx.db
    .select({ id: data_requests.id })
    .from(data_requests)
    .where(and(eq(data_requests.user_id, user.id), eq(data_requests.status, 0)));
  if (pending) throw new AppError('validation', 'security.erasure_pending', { reason: ['security.erasure_pending'] });
  return ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [r] = await tx
      .insert(data_requests)
      .values({ user_id: user.id, kind: 'erasure', reason: reason || null })
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      action: 'data_request.create',
      entityType: 'DataRequest',
      entityId: r.id,
      ip,
    });
    return { data_request: show(r) };
  });
}

/** `GET /api/profile/data-requests` → `{ data_requests: [...] }`: the caller's own requests, newest first. */
export async function myDataRequests(db: Db, user: AuthUser) {
  const rows = await db
    .select()
    .from(data_requests)
    .where(eq(data_requests.user_id, user.id))
    .orderBy(desc(data_requests.created_at));
  return { data_requests: rows.map((r) => show(r)) };
}

/**
 * `GET /api/data-requests?status&limit&page` (data-request:handle) → `{ data_requests: { data, … } }`,
 * oldest first, with the requester's name and masked MyKad.
 */
export async function listDataRequests(db: Db, q: { status?: number; limit?: number; page?: number }) {
  const p = pageParams(q);
  const where = q.status === undefined ? undefined : eq(data_requests.status, q.status);
  const rows = await db
    .select({ r: data_requests, u: { name: users.name, ic_number: users.ic_number } })
    .from(data_requests)
    .innerJoin(users, eq(users.id, data_requests.user_id))
    .where(where)
    .orderBy(data_requests.created_at)
    .limit(p.per_page)
    .offset(p.offset);
  const total = (await db.select({ id: data_requests.id }).from(data_requests).where(where)).length;
  return {
    data_requests: toPage(
      rows.map((x) => show(x.r, x.u)),
      total,
      p,
    ),
  };
}

async function loadPending(db: Db, id: string) {
  const [r] = await db.select().from(data_requests).where(eq(data_requests.id, id));
  if (!r) throw notFound();
  if (r.status !== 0) throw fieldError('status', 'security.request_handled');
  return r;
}

/**
 * `POST /api/data-requests/{id}/approve { remarks? }` (data-request:handle) → `{ data_request }` with
 * `outcome: { erased: [...], kept: [{ what, why }] }`. In one transaction (ADR 0083):
 * - erased always: contact and profile details (e-mail, mobile, office phone, address, designation, gender),
 *   login (username replaced, password removed, account disabled, every session revoked, second factor),
 *   OTP codes, eKYC images (the score and method stay on the will's record), MyKad OCR readings;
 * - draft wills (status 0) and hibahs (status ≤ 1) without a payment or other record pointing at them,
 *   with every row and uploaded file of theirs (draft-erasure.ts; ADR 0075);
 * - when no will or hibah is kept: also the name, MyKad and saved signature;
 * - kept: wills in the register (status ≥ 1) and hibahs with the provider or registered (status ≥ 2) with
 *   their parties and documents, drafts a payment/ledger/code or a programme certificate refers to,
 *   payments and receipts (7 years: Income Tax Act 1967 s. 82, Companies Act 2016 s. 245), the audit trail
 *   (insert-only, ASVS/PDPA accountability).
 * Files are deleted from the file store after the commit.
 * @throws 404 unknown request; 422 `security.request_handled` when already handled.
 */
export async function approveErasure(ctx: Ctx, actor: AuthUser, id: string, remarks: string | undefined, ip: string) {
  const r = await loadPending(ctx.db, id);
  const [u] = await ctx.db.select().from(users).where(eq(users.id, r.user_id));
  const ws = await userWills(ctx.db, u.id);
  const hs = await ctx.db.select({ id: hibahs.id }).from(hibahs).where(eq(hibahs.user_id, u.id));
  // Draft wills and hibahs that nothing requires keeping are erased with their files (ADR 0075).
  const plan = await planDraftErasure(ctx.db, u.id);
  const keepsRecords =
    plan.registeredWills.length +
      plan.registeredHibahs.length +
      plan.draftsWithPayment.length +
      plan.programmeWills.length >
    0;
  const attempts = await ctx.db.select().from(ekyc_attempts).where(eq(ekyc_attempts.user_id, u.id));
  const ekycFiles = attempts.length
    ? await ctx.db
        .select()
        .from(attachments)
        .where(
          and(
            eq(attachments.attachable_type, 'EkycAttempt'),
            inArray(
              attachments.attachable_id,
              attempts.map((a) => a.id),
            ),
          ),
        )
    : [];
  const userFiles = keepsRecords
    ? []
    : await ctx.db
        .select()
        .from(attachments)
        .where(and(eq(attachments.attachable_type, 'User'), eq(attachments.attachable_id, u.id)));
  const erased = [
    'contact_details',
    'profile_details',
    'login',
    'sessions',
    'second_factor',
    'otp_codes',
    'ekyc_images',
    'mykad_readings',
  ];
  if (plan.wills.length) erased.push('draft_wills');
  if (plan.hibahs.length) erased.push('draft_hibahs');
  const kept: { what: string; why: string }[] = [
    { what: 'audit_trail', why: 'insert-only record of who did what (PDPA accountability; issue 11)' },
  ];
  if (plan.registeredWills.length) {
    kept.push({
      what: 'registered_wills',
      why: 'a registered will must be executable and verifiable after death (Wills Act 1959 practice; spec §4)',
    });
  }
  if (plan.registeredHibahs.length) {
    kept.push({
      what: 'registered_hibahs',
      why: 'a hibah with the provider or registered must stay enforceable and verifiable for its receivers (spec §4)',
    });
  }
  if (plan.draftsWithPayment.length) {
    kept.push({
      what: 'drafts_with_payment',
      why: 'a payment, a trust ledger entry or a redeemed code refers to them (financial records, 7 years)',
    });
  }
  if (plan.programmeWills.length) {
    kept.push({ what: 'programme_wills', why: "a programme's certificate names the will (the programme's record)" });
  }
  if (keepsRecords) {
    kept.push(
      { what: 'name_and_mykad', why: 'they identify the person of the wills and hibahs that are kept' },
      { what: 'signature', why: 'it is part of the wills and hibahs that are kept' },
    );
  } else {
    erased.push('name_and_mykad', 'signature');
  }
  const payables = [...ws.map((w) => w.id), ...hs.map((h) => h.id)];
  const paid = payables.length
    ? await ctx.db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            inArray(payments.paymentable_type, ['Wasiat', 'Hibah']),
            inArray(payments.paymentable_id, payables),
            gte(payments.amount_sen, 0),
          ),
        )
    : [];
  if (paid.length) {
    kept.push({ what: 'payments_and_receipts', why: '7 years (Income Tax Act 1967 s. 82; Companies Act 2016 s. 245)' });
  }
  const outcome = { erased, kept };

  const out = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx
      .update(users)
      .set({
        username: `deleted-${u.id}`,
        email: null,
        mobile_number: null,
        office_phone_number: null,
        address: null,
        postcode: null,
        city: null,
        state: null,
        designation: null,
        gender: null,
        password_hash: null,
        status: 0,
        ...(keepsRecords ? {} : { name: 'Pengguna dipadam', ic_number: null, signature_id: null }),
      })
      .where(eq(users.id, u.id));
    await revokeAllTokens(tx, u.id);
    await tx.delete(recovery_codes).where(eq(recovery_codes.user_id, u.id));
    await tx.delete(two_factors).where(eq(two_factors.user_id, u.id));
    await tx.delete(login_challenges).where(eq(login_challenges.user_id, u.id));
    await tx.delete(otp_codes).where(eq(otp_codes.user_id, u.id));
    await tx.delete(document_ocrs).where(eq(document_ocrs.user_id, u.id));
    // Drafts first (their eKYC files are among `ekycFiles` too: delete each attachment row once).
    const draftFiles = [...(await eraseDraftWills(tx, plan.wills)), ...(await eraseDraftHibahs(tx, plan.hibahs))];
    const draftFileIds = new Set(draftFiles.map((f) => f.id));
    const gone = [...draftFiles, ...[...ekycFiles, ...userFiles].filter((f) => !draftFileIds.has(f.id))];
    const rest = gone.filter((f) => !draftFileIds.has(f.id));
    if (rest.length) {
      await tx.delete(attachments).where(
        inArray(
          attachments.id,
          rest.map((f) => f.id),
        ),
      );
    }
    const [done] = await tx
      .update(data_requests)
      .set({ status: 1, handled_by: actor.id, handled_at: new Date(), remarks: remarks || null, outcome })
      .where(and(eq(data_requests.id, r.id), eq(data_requests.status, 0)))
      .returning();
    if (!done) throw fieldError('status', 'security.request_handled');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'data_request.approve',
      entityType: 'DataRequest',
      entityId: r.id,
      after: { user_id: u.id, outcome },
      ip,
    });
    return { data_request: show(done), files: gone };
  });
  // the files go after the commit (a failed commit must not lose them)
  for (const f of out.files) await ctx.store.delete(f.storage_key).catch(() => {});
  return { data_request: out.data_request };
}

/**
 * `POST /api/data-requests/{id}/refuse { remarks }` (data-request:handle) → `{ data_request }` with status 2.
 * @throws 404; 422 `security.request_handled`.
 */
export async function refuseErasure(ctx: Ctx, actor: AuthUser, id: string, remarks: string, ip: string) {
  const r = await loadPending(ctx.db, id);
  return ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [done] = await tx
      .update(data_requests)
      .set({ status: 2, handled_by: actor.id, handled_at: new Date(), remarks })
      .where(and(eq(data_requests.id, r.id), eq(data_requests.status, 0)))
      .returning();
    if (!done) throw fieldError('status', 'security.request_handled');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'data_request.refuse',
      entityType: 'DataRequest',
      entityId: r.id,
      after: { remarks },
      ip,
    });
    return { data_request: show(done) };
  });
}
