/**
 * Routes of the acceptance of a role a will names (issue 41 item 3; ADR 0276; docs/api/acceptances.md).
 * In the app (service.ts; a will not in the caller's scope is a 404):
 * - `GET /api/wasiat/{id}/acceptances` (whoever may read the will) → `{ acceptances, needs_replacement, status }`;
 * - `POST /api/wasiat/{id}/acceptances/{acceptance_id}/decide { decision, reason? }` (`acceptance:decide:executor`:
 *   a partner of the executor organisation, whether or not they may see the will) → `{ message, acceptance }`;
 * - `GET /api/executorships` (`acceptance:decide:executor`) → `{ executorships }`: the executor requests of the
 *   caller's organisations, answered on the web page /pelantikan-wasi (executorships.ts);
 * - `POST /api/wasiat/{id}/acceptances/{acceptance_id}/resend` (`acceptance:resend`) → `{ message, acceptance }`.
 * A guardian through the signed link — public, each carrying `?expires&signature`, 30 a minute per IP (public.ts):
 * - `GET /api/public/acceptance/{id}` → `{ acceptance }`;
 * - `POST /api/public/acceptance/{id}/code` → `{ otp, message }`;
 * - `POST /api/public/acceptance/{id}/decide { code, decision, reason? }` → `{ message, acceptance }`.
 * 403 tampered/expired link (`documents.link_invalid`); 404 unknown; 410 superseded; 422 naming the field.
 * Registers the instruments module's listener (ask on registration and amendment) and the composers of its mails
 * with the platform's mail outbox (outbox.ts; ADR 0280).
 */
import { acceptanceDecideSchema, executorDecideSchema } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { routeRateLimit } from '../../platform/http/rate-limits.ts';
import { requireUser } from '../auth/index.ts';
import { onNamedPeopleChanged } from '../instruments/index.ts';
import { askAcceptances } from './ask.ts';
import { listExecutorships } from './executorships.ts';
import { deliverAcceptanceMails, registerAcceptanceMailComposers } from './outbox.ts';
import { decideByLink, openAcceptance, sendAcceptanceCode } from './public.ts';
import { decideAsExecutor, listAcceptances, resendAcceptance } from './service.ts';

const id = z.string().min(1).max(64);
const linkQuery = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
});
const inApp = { params: z.object({ id, acceptance_id: id }) };

/** Register the routes, the listener and the mail composers (called by modules.ts). */
export async function acceptancesRoutes(api: FastifyInstance, ctx: Ctx) {
  onNamedPeopleChanged({ name: 'acceptances', inTransaction: askAcceptances, afterCommit: deliverAcceptanceMails });
  registerAcceptanceMailComposers();
  const r = api.withTypeProvider<ZodTypeProvider>();
  const limit = { access: 'public' as const, rateLimit: routeRateLimit(ctx.env, 'publicLookup') };

  r.get(
    '/wasiat/:id/acceptances',
    {
      config: { access: ['will:read:own', 'will:read:agent', 'will:read:organisation', 'will:read:any'] },
      schema: { params: z.object({ id }) },
    },
    async (req) => listAcceptances(ctx.db, requireUser(req), req.params.id),
  );

  r.post(
    '/wasiat/:id/acceptances/:acceptance_id/decide',
    { config: { access: 'acceptance:decide:executor' }, schema: { ...inApp, body: executorDecideSchema } },
    async (req) =>
      decideAsExecutor(
        ctx,
        { user: requireUser(req), ip: req.ip },
        req.params.id,
        req.params.acceptance_id,
        req.body,
        req.lang,
      ),
  );

  r.get('/executorships', { config: { access: 'acceptance:decide:executor' } }, async (req) =>
    listExecutorships(ctx.db, requireUser(req)),
  );

  r.post(
    '/wasiat/:id/acceptances/:acceptance_id/resend',
    { config: { access: 'acceptance:resend' }, schema: inApp },
    async (req) =>
      resendAcceptance(ctx, { user: requireUser(req), ip: req.ip }, req.params.id, req.params.acceptance_id, req.lang),
  );

  r.get(
    '/public/acceptance/:id',
    { config: limit, schema: { params: z.object({ id }), querystring: linkQuery } },
    async (req) => openAcceptance(ctx, req.params.id, req.query, req.ip),
  );

  r.post(
    '/public/acceptance/:id/code',
    { config: limit, schema: { params: z.object({ id }), querystring: linkQuery } },
    async (req) => sendAcceptanceCode(ctx, req.params.id, req.query, req.lang, req.ip),
  );

  r.post(
    '/public/acceptance/:id/decide',
    { config: limit, schema: { params: z.object({ id }), querystring: linkQuery, body: acceptanceDecideSchema } },
    async (req) => decideByLink(ctx, req.params.id, req.query, req.body, req.lang, req.ip),
  );
}
