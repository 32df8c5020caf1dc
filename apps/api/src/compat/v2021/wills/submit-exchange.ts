/**
 * The 2021 client's will submission and the code it never asks for (issue 39 item 3, the decision its closing note
 * left open; ADR 0279). That client submits a will with `PATCH wasiat/{id} { status: 1 }` after the PDPA and its
 * own eKYC, and never asks for the submit code our rules require (ADR 0007: a verified `will-submit` code of the
 * testator, ADR 0278) — nor, for a client's own will, for the two witnesses ("Saksi akan didaftarkan oleh pihak
 * AWARIS"). We do not drop either rule for that client. Instead, a documented exchange:
 *
 * - when such a submission is refused for want of the code (a 422 naming `otp`) in a 2021-contract session, the
 *   testator is mailed a link to the last part of their will in this platform's own pages
 *   (`<APP_URL>/wasiat/part-g?wasiat_id=…`), where they add what is missing (witnesses), ask the code to their own
 *   e-mail or phone and submit — their own step, whoever pressed "Hantar" in the 2021 client (the testator or the
 *   agent registering for them);
 * - the refusal the 2021 client shows (`Object.values(errors)[0][0]`, reference §1.5) says so: `otp` first, with
 *   the masked address the link went to. Other problems stay listed after it;
 * - at most one mail per will in {@link RESEND_AFTER_MS}: another "Hantar" meanwhile is answered the same way
 *   without a new mail. Each mail is audited (`will.submit_link`).
 *
 * A route-level `preSerialization` hook of `PATCH|PUT /wasiat/:id`, after the edge's field naming (edge.ts), in a
 * 2021 session only; the mail is sent after the route's transaction has ended (the refusal rolled it back), through
 * the mailer and its timeout.
 */
import { translate } from '@wasiat/domain';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../../context.ts';
import { audit_events, users } from '../../../db/schema/index.ts';
import { requireUser } from '../../../modules/auth/index.ts';
import { findVisibleWill } from '../../../modules/wills/index.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { isObject } from '../calls.ts';
import { isOriginalSession } from '../edge.ts';

/** One mail per will in this time: 10 minutes. */
const RESEND_AFTER_MS = 10 * 60 * 1000;

const maskEmail = (email: string) => email.replace(/^(.).*(@.*)$/, '$1***$2');

/** Whether `b` is a submission body (`status: 1`, a number or its string). */
const isSubmission = (b: unknown) => isObject(b) && (b.status === 1 || b.status === '1');

/** The hook (see the module comment). */
export function submitExchange(ctx: Ctx) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode !== 422 || !isOriginalSession(req) || !isSubmission(req.body) || !isObject(payload)) {
      return payload;
    }
    const errors = payload.errors;
    if (!isObject(errors) || !('otp' in errors)) return payload;
    const user = requireUser(req);
    const id = (req.params as { id: string }).id;
    const will = await findVisibleWill(ctx.db, user, id);
    const [testator] = await ctx.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, will.user_id));
    if (!testator?.email) return payload;
    const now = new Date();
    const [recent] = await ctx.db
      .select({ at: audit_events.at })
      .from(audit_events)
      .where(
        and(
          eq(audit_events.action, 'will.submit_link'),
          eq(audit_events.entity_id, will.id),
          gt(audit_events.at, new Date(now.getTime() - RESEND_AFTER_MS)),
        ),
      )
      .orderBy(desc(audit_events.seq))
      .limit(1);
    if (!recent) {
      const url = `${ctx.appUrl.replace(/\/$/, '')}/wasiat/part-g?wasiat_id=${encodeURIComponent(will.id)}`;
      const params = { name: testator.name ?? '', url };
      await ctx.mailer.send({
        to: testator.email,
        subject: translate('wills.submit_link.mail_subject', req.lang, params),
        text: translate('wills.submit_link.mail_body', req.lang, params),
      });
      await recordAudit(ctx.db, {
        actorId: user.id,
        action: 'will.submit_link',
        entityType: 'Wasiat',
        entityId: will.id,
        after: { sent_to: testator.id },
        ip: req.ip,
      });
    }
    const message = translate('wills.submit_link.sent', req.lang, { to: maskEmail(testator.email) });
    const { otp: _otp, ...rest } = errors;
    return { ...payload, message, errors: { otp: [message], ...rest } };
  };
}
