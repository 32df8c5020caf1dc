/**
 * Approving an erasure request (PDPA 2010 as amended 2024; issue 11; ADR 0083, drafts ADR 0075): what is
 * erased and what is kept with the reason (`outcome: { erased: string[], kept: { what, why }[] }`), all in
 * one transaction; retention of payments and receipts 7 years (Income Tax Act 1967 s. 82, Companies Act
 * 2016 s. 245). Drafts are erased by draft-erasure.ts; the request itself is in data-requests.ts.
 */

import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  attachments,
  data_requests,
  document_ocrs,
  ekyc_attempts,
  hibahs,
  login_challenges,
  otp_codes,
  payments,
  recovery_codes,
  two_factors,
  users,
} from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { revokeAllTokens } from '../../platform/auth/tokens.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { loadPending, show } from './data-requests.ts';
import { eraseDraftHibahs, eraseDraftWills, planDraftErasure } from './draft-erasure.ts';
import { userWills } from './personal-data-records.ts';

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
