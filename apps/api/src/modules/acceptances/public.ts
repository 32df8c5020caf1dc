/**
 * A guardian's answer through the signed link, without an account (issue 41 item 3; ADR 0276). Every call carries
 * the link's `?expires&signature` (links.ts: 403 tampered/expired, 404 unknown, 410 superseded):
 *
 * 1. `GET /api/public/acceptance/{id}` → `{ acceptance }`: what the will asks of them and nothing else of it — the
 *    testator's name, the will's number, the role, the children in their care, their own name, their e-mail masked,
 *    the state and when it was decided. Audited `acceptance.open` (the first opening is also kept on the row).
 * 2. `POST …/code` → a 6-digit code to the e-mail the will records for them (otp module `sendBoundCode`:
 *    argon2id-hashed, 5 minutes, 5 wrong tries; at most 5 codes per 15 minutes and 10 a day per address → 429; not
 *    limited per testator, whose guardians each ask at their own address), purpose `role-acceptance`, bound to the
 *    will and the address. Only while pending (422 `acceptances.already_decided` on `decision`). Audited
 *    `acceptance.code`.
 * 3. `POST …/decide { code, decision, reason? }` → the code is spent (otp `spendCode`: wrong → 422 `otp.incorrect`
 *    on `code`, counted; expired → `otp.expired`), then the answer is recorded (decide.ts) and, on a decline, the
 *    testator is mailed after commit. → `{ message, acceptance }`.
 * The code to the recorded e-mail is the identity check: no face eKYC is done (ADR 0276 says why).
 */
import { ACCEPTANCE_MSG, type AcceptanceDecideBody, type Language, translate } from '@wasiat/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { otp_codes, role_acceptances } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { fieldError } from '../../platform/http/errors.ts';
import type { SignedLinkQuery } from '../../platform/http/signed-links.ts';
import { sendBoundCode, smsSenderFor, spendCode } from '../otp/index.ts';
import { recordDecision } from './decide.ts';
import { linkedAcceptance } from './links.ts';
import { willFacts } from './mail.ts';
import { deliverAcceptanceMails } from './outbox.ts';

/** The purpose of a guardian's code (not requestable through `POST /api/otp/request`). */
const ACCEPTANCE_CODE_PURPOSE = 'role-acceptance';

type Acceptance = typeof role_acceptances.$inferSelect;

const maskEmail = (e: string) => e.replace(/^(.).*(@.*)$/, '$1***$2');

/** What the page shows of request `a` (see step 1). */
async function view(ctx: Ctx, a: Acceptance) {
  const w = await willFacts(ctx, a);
  return {
    id: a.id,
    role: a.role,
    state: a.state,
    person_name: a.person_name,
    testator_name: w?.testator ?? '',
    wasiat_no: w?.reference ?? null,
    wards: a.wards,
    email: a.email ? maskEmail(a.email) : null,
    decided_at: a.decided_at,
  };
}

/** The e-mail a guardian's code goes to. @throws 422 `acceptances.no_email` on `email` when none is recorded. */
const emailOf = (a: Acceptance) => {
  if (!a.email) throw fieldError('email', ACCEPTANCE_MSG.noEmail);
  return a.email;
};

/** Step 1 (see the file comment). @returns `{ acceptance }`. */
export async function openAcceptance(ctx: Ctx, id: string, q: SignedLinkQuery, ip?: string, now = new Date()) {
  const a = await linkedAcceptance(ctx, id, q, now);
  await ctx.db
    .update(role_acceptances)
    .set({ opened_at: now })
    .where(and(eq(role_acceptances.id, a.id), isNull(role_acceptances.opened_at)));
  await recordAudit(ctx.db as Db, {
    actorId: null,
    action: 'acceptance.open',
    entityType: 'RoleAcceptance',
    entityId: a.id,
    after: { first: !a.opened_at },
    ip,
  });
  return { acceptance: await view(ctx, a) };
}

/** Step 2 (see the file comment). @returns `{ otp: { channel, destination (masked), expires_at }, message }`. */
export async function sendAcceptanceCode(
  ctx: Ctx,
  id: string,
  q: SignedLinkQuery,
  lang: Language,
  ip?: string,
  now = new Date(),
) {
  const a = await linkedAcceptance(ctx, id, q, now);
  if (a.state !== 'pending') throw fieldError('decision', ACCEPTANCE_MSG.alreadyDecided);
  const email = emailOf(a);
  const w = await willFacts(ctx, a);
  const sent = await sendBoundCode(
    ctx,
    smsSenderFor(ctx.env),
    {
      ownerId: w.user_id,
      actorId: null,
      ip,
      purpose: ACCEPTANCE_CODE_PURPOSE,
      record: { wasiat_id: a.wasiat_id },
      channel: 'email',
      destination: email,
      // Each guardian asks at their own address: the testator's codes are not limited together.
      limitPerOwner: false,
      message: ({ code, minutes }) => ({
        subject: translate('acceptances.mail.code_subject', lang),
        text: translate('acceptances.mail.code_body', lang, { code, minutes }),
      }),
    },
    now,
  );
  await recordAudit(ctx.db as Db, {
    actorId: null,
    action: 'acceptance.code',
    entityType: 'RoleAcceptance',
    entityId: a.id,
    after: { email },
    ip,
  });
  return { ...sent, message: translate(ACCEPTANCE_MSG.codeSent, lang) };
}

/**
 * Step 3 (see the file comment). @returns `{ message, acceptance }`.
 * @throws 422 on `code` (otp) or `decision` (`acceptances.already_decided`).
 */
export async function decideByLink(
  ctx: Ctx,
  id: string,
  q: SignedLinkQuery,
  body: AcceptanceDecideBody,
  lang: Language,
  ip?: string,
  now = new Date(),
) {
  const a = await linkedAcceptance(ctx, id, q, now);
  if (a.state !== 'pending') throw fieldError('decision', ACCEPTANCE_MSG.alreadyDecided);
  const email = emailOf(a);
  const w = await willFacts(ctx, a);
  // Outside a transaction: a wrong code stays counted.
  await spendCode(
    ctx.db,
    {
      ownerId: w.user_id,
      actorId: null,
      ip,
      purpose: ACCEPTANCE_CODE_PURPOSE,
      record: and(eq(otp_codes.wasiat_id, a.wasiat_id), eq(otp_codes.destination, email)),
      code: body.code,
    },
    now,
  );
  const row = await recordDecision(ctx, a, body, { userId: null, ip, via: 'link' }, now);
  await deliverAcceptanceMails(ctx);
  return {
    message: translate(row.state === 'accepted' ? ACCEPTANCE_MSG.accepted : ACCEPTANCE_MSG.declined, lang),
    acceptance: await view(ctx, row),
  };
}
