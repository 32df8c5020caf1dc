/**
 * How a will's witness was identified (issue 41 item 2; ADR 0259), recorded on the witness row
 * (`identified_by`, `identified_at`, for staff `identified_by_user_id`) and printed beside each witness on the
 * will PDF (domain `witnessIdentificationKey`):
 *
 * - `email_code` — MyKad and a code to the witness's own e-mail: `POST /api/witness/{id}/identification/code`
 *   e-mails the witness a 6-digit code (otp module: argon2id-hashed, 5 minutes, 5 wrong tries, the module's send
 *   limits; purpose `witness-identify`, bound to the will and the witness's address), and
 *   `POST /api/witness/{id}/identification { code }` checks it. The testator or agent may do both while they may
 *   change part g (editableWill); the witness reads the code from their own mailbox and types it, so the record
 *   says that whoever holds that mailbox agreed to witness.
 * - `staff` — `POST /api/witness/{id}/identification/staff`: provider staff (`will:verify`) record that they
 *   checked the witness's MyKad in person, until the will is registered (422 `witness.identify.registered`).
 *
 * A change of the witness's MyKad or e-mail clears the record (witnesses.ts). eKYC of a witness is not built:
 * the domain's `WITNESS_IDENTIFICATIONS` lists only what can be recorded.
 */
import { type Language, translate, WILL_STATUS } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { otp_codes, users, will_user_details, witnesses } from '../../db/schema/index.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { sendBoundCode, smsSenderFor, spendCode } from '../otp/index.ts';
import { audit } from './actor.ts';
import { editableWill } from './part-lock.ts';
import type { Actor } from './service.ts';
import { findWitness } from './witnesses.ts';

/** The purpose of a witness's identification code (not requestable through `POST /api/otp/request`). */
const WITNESS_CODE_PURPOSE = 'witness-identify';

/** The witness and their will, when the caller may change the will's part g (404/403/422 otherwise). */
async function witnessToIdentify(ctx: Ctx, actor: Actor, id: string) {
  const hit = await findWitness(ctx.db, actor.user, id);
  await editableWill(ctx.db, actor.user, hit.will.id, 'g');
  return hit;
}

/**
 * `POST /api/witness/{id}/identification/code`: e-mail the witness a code (in `lang`), naming the testator.
 * @returns `{ otp: { channel: 'email', destination (masked), expires_at }, message }`. 429 `otp.too_many_requests`
 * past the otp module's limits.
 */
export async function sendWitnessCode(ctx: Ctx, actor: Actor, id: string, lang: Language, now = new Date()) {
  const { row, will } = await witnessToIdentify(ctx, actor, id);
  const [detail] = await ctx.db
    .select({ name: will_user_details.name })
    .from(will_user_details)
    .where(eq(will_user_details.wasiat_id, will.id));
  const [owner] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, will.user_id));
  const testator = detail?.name || owner?.name || '';
  const sent = await sendBoundCode(
    ctx,
    smsSenderFor(ctx.env),
    {
      ownerId: will.user_id,
      actorId: actor.user.id,
      ip: actor.ip,
      purpose: WITNESS_CODE_PURPOSE,
      record: { wasiat_id: will.id },
      channel: 'email',
      destination: row.email ?? '',
      message: ({ code, minutes }) => ({
        subject: translate('witness.mail.code_subject', lang),
        text: translate('witness.mail.code_body', lang, { code, minutes, testator }),
      }),
    },
    now,
  );
  return { ...sent, message: translate('witness.identify.code_sent', lang) };
}

/**
 * `POST /api/witness/{id}/identification { code }`: the code e-mailed to this witness's address for this will
 * (wrong → 422 `otp.incorrect` on `code`, counted; expired → `otp.expired`; after 5 wrong → `otp.too_many_attempts`;
 * single use). Then the witness is recorded as identified by `email_code`, now. @returns the witness row.
 */
export async function identifyWitnessByCode(ctx: Ctx, actor: Actor, id: string, code: string, now = new Date()) {
  const { row, will } = await witnessToIdentify(ctx, actor, id);
  // Outside a transaction: a wrong try stays counted.
  await spendCode(
    ctx.db,
    {
      ownerId: will.user_id,
      actorId: actor.user.id,
      ip: actor.ip,
      purpose: WITNESS_CODE_PURPOSE,
      record: and(eq(otp_codes.wasiat_id, will.id), eq(otp_codes.destination, row.email ?? '')),
      code,
    },
    now,
  );
  return record(ctx, actor, row, { identified_by: 'email_code', identified_at: now, identified_by_user_id: null });
}

/**
 * `POST /api/witness/{id}/identification/staff`: the caller (staff, `will:verify`) checked the witness's MyKad in
 * person. Not once the will is registered (422 `witness.identify.registered` on `_`). @returns the witness row.
 */
export async function identifyWitnessByStaff(ctx: Ctx, actor: Actor, id: string, now = new Date()) {
  const { row, will } = await findWitness(ctx.db, actor.user, id);
  if (will.status === WILL_STATUS.registered || will.deleted_at) throw fieldError('_', 'witness.identify.registered');
  return record(ctx, actor, row, { identified_by: 'staff', identified_at: now, identified_by_user_id: actor.user.id });
}

/** Write the identification on the witness row with its audit event. */
async function record(
  ctx: Ctx,
  actor: Actor,
  before: typeof witnesses.$inferSelect,
  set: { identified_by: string; identified_at: Date; identified_by_user_id: string | null },
) {
  return ctx.db.transaction(async (tx) => {
    const [after] = await tx.update(witnesses).set(set).where(eq(witnesses.id, before.id)).returning();
    await audit(tx, actor, 'witness.identify', { type: 'Witness', id: before.id }, before, after);
    return after;
  });
}
