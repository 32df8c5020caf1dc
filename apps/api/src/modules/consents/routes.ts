/**
 * Routes of the heirs' consent (issue 40 item 5; ADR 0275; docs/api/consents.md).
 *
 * The heir, through their release link and its access (ADR 0267) — public, each carrying `?expires&signature&access`,
 * 30 a minute per IP (public.ts):
 * - `GET /api/public/release/{id}/consents` → `{ consents }`;
 * - `POST /api/public/release/{id}/consents { bequest_ref, decision: 'consented' | 'refused', confirm: true }` →
 *   `{ message, consents }`;
 * - `GET /api/public/release/{id}/consent-record` → `application/pdf` (the sealed record; heirs only).
 * The estate's side — staff (`death:verify`) and the registering organisation's partners (`death:read:organisation`);
 * another report is a 404 (staff.ts):
 * - `GET /api/death-report/{id}/consents` → `{ consents }` (read-only);
 * - `PUT /api/death-report/{id}/consent-heirs/{heir_id} { under_guardianship, note? }` (`death:verify`) →
 *   `{ message, consents }`;
 * - `GET /api/death-report/{id}/consent-record` → `application/pdf`.
 * Every decision, marking and download is audited (`estate.consent`, `estate.consent_ward`, `estate.consent_record`).
 */
import { consentDecisionSchema, consentWardSchema } from '@wasiat/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { routeRateLimit } from '../../platform/http/rate-limits.ts';
import { type Access, requireUser } from '../auth/index.ts';
import { decideConsent, heirConsents, heirRecordState } from './public.ts';
import { consentRecordPdf } from './record.ts';
import { estateConsents, findConsentReport, markWard } from './staff.ts';

const id = z.string().min(1).max(64);
const linkQuery = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
  access: z.string().max(200).optional(),
});
const READ: Access = ['death:verify', 'death:read:organisation'];

function sendPdf(reply: FastifyReply, bytes: Buffer, filename: string) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'private, no-store')
    .send(bytes);
}

const auditRecord = (ctx: Ctx, actorId: string | null, reportId: string, after: unknown, ip?: string) =>
  recordAudit(ctx.db as Db, {
    actorId,
    action: 'estate.consent_record',
    entityType: 'DeathReport',
    entityId: reportId,
    after,
    ip,
  });

/** Register the consents routes. */
export async function consentsRoutes(api: FastifyInstance, ctx: Ctx) {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const limit = { access: 'public' as const, rateLimit: routeRateLimit(ctx.env, 'publicLookup') };

  r.get(
    '/public/release/:id/consents',
    { config: limit, schema: { params: z.object({ id }), querystring: linkQuery } },
    async (req) => heirConsents(ctx, req.params.id, req.query, req.lang),
  );

  r.post(
    '/public/release/:id/consents',
    { config: limit, schema: { params: z.object({ id }), querystring: linkQuery, body: consentDecisionSchema } },
    async (req) => decideConsent(ctx, req.params.id, req.query, req.body, req.lang, req.ip),
  );

  r.get(
    '/public/release/:id/consent-record',
    { config: limit, schema: { params: z.object({ id }), querystring: linkQuery } },
    async (req, reply) => {
      const { reportId, releaseId } = await heirRecordState(ctx, req.params.id, req.query);
      const out = await consentRecordPdf(ctx, reportId, { userId: null, ip: req.ip });
      await auditRecord(ctx, null, reportId, { release_id: releaseId, sha256: out.sha256 }, req.ip);
      return sendPdf(reply, out.bytes, out.filename);
    },
  );

  r.get('/death-report/:id/consents', { config: { access: READ }, schema: { params: z.object({ id }) } }, async (req) =>
    estateConsents(ctx.db, requireUser(req), req.params.id, req.lang),
  );

  r.put(
    '/death-report/:id/consent-heirs/:heir_id',
    { config: { access: 'death:verify' }, schema: { params: z.object({ id, heir_id: id }), body: consentWardSchema } },
    async (req) =>
      markWard(ctx, { user: requireUser(req), ip: req.ip }, req.params.id, req.params.heir_id, req.body, req.lang),
  );

  r.get(
    '/death-report/:id/consent-record',
    { config: { access: READ }, schema: { params: z.object({ id }) } },
    async (req, reply) => {
      const user = requireUser(req);
      await findConsentReport(ctx.db, user, req.params.id);
      const out = await consentRecordPdf(ctx, req.params.id, { userId: user.id, ip: req.ip });
      await auditRecord(ctx, user.id, req.params.id, { sha256: out.sha256 }, req.ip);
      return sendPdf(reply, out.bytes, out.filename);
    },
  );
}
