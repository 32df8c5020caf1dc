/**
 * Routes of "tell us once" (issue 40 item 8; ADR 0273), registered by the estates module's routes.ts.
 *
 * The institutions an organisation notifies (recipients.ts; `notice_recipient:manage`: a partner their own
 * organisation's list, the provider's staff any; another organisation's is a 404):
 * - `GET /api/organization/{id}/notice-recipient` → `{ notice_recipients: [{ id, organization_id, name, kind,
 *   email, phone, created_at, updated_at }] }`;
 * - `POST /api/organization/{id}/notice-recipient { name, kind: bank|takaful|cooperative|other, email, phone? }`
 *   → 201 `{ message, notice_recipient }`; 422 naming the field;
 * - `PATCH /api/notice-recipient/{id}` (same body) → `{ message, notice_recipient }`;
 * - `DELETE /api/notice-recipient/{id}` → `{ message }`.
 *
 * The notices of a verified death (notices.ts; `death:verify` or `death:read:organisation`, scoped as the estate):
 * - `GET /api/death-report/{id}/estate-notice` → `{ notices, recipients, organisations, assets }`;
 * - `POST /api/death-report/{id}/estate-notice { recipient_ids, asset_ids?, resend?, contact? }` → 201
 *   `{ message, notices }`; 422 `recipient_ids` when already notified without `resend`;
 * - `POST /api/estate-notice/{id}/reply { text, received_on, scan?, filename? }` → 201 `{ message, notices }`.
 * A reply's scan is read through `GET /api/attachment/{id}/file` by whoever may see the estate.
 */
import {
  estateNoticeReplySchema,
  estateNoticeSchema,
  NOTICE_MSG,
  noticeRecipientSchema,
  translate,
} from '@wasiat/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { type Access, requireUser } from '../auth/index.ts';
import { registerAttachableReader } from '../wills/index.ts';
import { listNotices, recordReply, reportOfReply, sendNotices } from './notices.ts';
import { findEstateReport } from './policy.ts';
import { createRecipient, deleteRecipient, listRecipients, updateRecipient } from './recipients.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const READ: Access = ['death:verify', 'death:read:organisation'];
const MANAGE: Access = 'notice_recipient:manage';
const actor = (req: FastifyRequest) => ({ user: requireUser(req), ip: req.ip });

/** Register the routes of the institutions to notify, the notices and their replies. */
export function noticeRoutes(api: FastifyInstance, ctx: Ctx) {
  const r = api.withTypeProvider<ZodTypeProvider>();
  registerAttachableReader('EstateNoticeReply', async (db, user, replyId) => {
    const reportId = await reportOfReply(db, replyId);
    if (!reportId) throw notFound();
    await findEstateReport(db, user, reportId);
  });

  r.get(
    '/organization/:id/notice-recipient',
    { config: { access: MANAGE }, schema: { params: idParams } },
    async (req) => ({ notice_recipients: await listRecipients(ctx.db, requireUser(req), req.params.id) }),
  );
  r.post(
    '/organization/:id/notice-recipient',
    { config: { access: MANAGE }, schema: { params: idParams, body: noticeRecipientSchema } },
    async (req, reply) =>
      reply.status(201).send({
        message: translate(NOTICE_MSG.recipientSaved, req.lang),
        notice_recipient: await createRecipient(ctx, actor(req), req.params.id, req.body),
      }),
  );
  r.patch(
    '/notice-recipient/:id',
    { config: { access: MANAGE }, schema: { params: idParams, body: noticeRecipientSchema } },
    async (req) => ({
      message: translate(NOTICE_MSG.recipientSaved, req.lang),
      notice_recipient: await updateRecipient(ctx, actor(req), req.params.id, req.body),
    }),
  );
  r.delete('/notice-recipient/:id', { config: { access: MANAGE }, schema: { params: idParams } }, async (req) => {
    await deleteRecipient(ctx, actor(req), req.params.id);
    return { message: translate(NOTICE_MSG.recipientDeleted, req.lang) };
  });

  r.get('/death-report/:id/estate-notice', { config: { access: READ }, schema: { params: idParams } }, async (req) =>
    listNotices(ctx.db, requireUser(req), req.params.id),
  );
  r.post(
    '/death-report/:id/estate-notice',
    { config: { access: READ }, schema: { params: idParams, body: estateNoticeSchema } },
    async (req, reply) => reply.status(201).send(await sendNotices(ctx, actor(req), req.params.id, req.body, req.lang)),
  );
  r.post(
    '/estate-notice/:id/reply',
    { config: { access: READ }, schema: { params: idParams, body: estateNoticeReplySchema } },
    async (req, reply) => reply.status(201).send(await recordReply(ctx, actor(req), req.params.id, req.body, req.lang)),
  );
}
