/**
 * Routes of the release of a deceased's documents (issue 40 item 3; ADR 0267; docs/api/deaths.md). Staff and the
 * registering organisation (release-staff.ts):
 * - `GET /api/death-report/{id}/releases` (`death:verify` | `death:read:organisation`) → `{ releases }`;
 * - `POST /api/death-report/{id}/releases/{release_id}/revoke` (`death:verify`) → `{ message, release }`.
 * The person named, through the signed link — public, each carrying `?expires&signature`, 30 a minute per IP
 * (release-public.ts):
 * - `GET /api/public/release/{id}` → `{ release }`;
 * - `POST /api/public/release/{id}/code` → `{ otp, message }`;
 * - `POST /api/public/release/{id}/identity { code, ic_number }` → `{ message, access, documents, verification }`;
 * - `GET /api/public/release/{id}/documents?access=` → `{ documents, verification }`;
 * - `GET /api/public/release/{id}/document?file=&access=` → `application/pdf`.
 * 403 tampered/expired link (`documents.link_invalid`) or missing access; 404 unknown; 410 revoked.
 */
import { releaseIdentitySchema } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { routeRateLimit } from '../../platform/http/rate-limits.ts';
import { requireUser } from '../auth/index.ts';
import {
  downloadReleaseDocument,
  identifyRelease,
  listReleaseDocuments,
  openRelease,
  sendReleaseCode,
} from './release-public.ts';
import { listReleases, revokeRelease } from './release-staff.ts';

const id = z.string().min(1).max(64);
const linkQuery = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
  access: z.string().max(200).optional(),
});
const fileQuery = linkQuery.extend({ file: z.string().min(1).max(100) });

/** Register the release routes (called by deaths/routes.ts). */
export function releaseRoutes(api: FastifyInstance, ctx: Ctx) {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const limit = { access: 'public' as const, rateLimit: routeRateLimit(ctx.env, 'publicLookup') };

  r.get(
    '/death-report/:id/releases',
    { config: { access: ['death:verify', 'death:read:organisation'] }, schema: { params: z.object({ id }) } },
    async (req) => listReleases(ctx.db, requireUser(req), req.params.id),
  );

  r.post(
    '/death-report/:id/releases/:release_id/revoke',
    { config: { access: 'death:verify' }, schema: { params: z.object({ id, release_id: id }) } },
    async (req) =>
      revokeRelease(ctx, { user: requireUser(req), ip: req.ip }, req.params.id, req.params.release_id, req.lang),
  );

  r.get(
    '/public/release/:id',
    { config: limit, schema: { params: z.object({ id }), querystring: linkQuery } },
    async (req) => openRelease(ctx, req.params.id, req.query, req.ip),
  );

  r.post(
    '/public/release/:id/code',
    { config: limit, schema: { params: z.object({ id }), querystring: linkQuery } },
    async (req) => sendReleaseCode(ctx, req.params.id, req.query, req.lang, req.ip),
  );

  r.post(
    '/public/release/:id/identity',
    { config: limit, schema: { params: z.object({ id }), querystring: linkQuery, body: releaseIdentitySchema } },
    async (req) => identifyRelease(ctx, req.params.id, req.query, req.body, req.lang, req.ip),
  );

  r.get(
    '/public/release/:id/documents',
    { config: limit, schema: { params: z.object({ id }), querystring: linkQuery } },
    async (req) => listReleaseDocuments(ctx, req.params.id, req.query, req.lang),
  );

  r.get(
    '/public/release/:id/document',
    { config: limit, schema: { params: z.object({ id }), querystring: fileQuery } },
    async (req, reply) => {
      const { bytes, filename } = await downloadReleaseDocument(ctx, req.params.id, req.query, req.query.file, req.ip);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
        .header('Cache-Control', 'private, no-store')
        .send(bytes);
    },
  );
}
