/**
 * Routes of the deaths module (issue 40 items 1 to 3; ADRs 0261, 0262, 0267; docs/api/deaths.md). Each declares
 * `config.access` against the permission table; a report out of the caller's scope is a 404 (policy.ts).
 *
 * - `POST /api/death-report` (`death:report`; 5 a day per user) `{ deceased_ic_number, date_of_death (YYYY-MM-DD),
 *   certificate_no, certificate (data URL or base64: PNG, JPEG, WebP or PDF ≤ 5 MB), certificate_filename?,
 *   relationship: heir|executor|receiver|staff }` (JSON, or multipart with `certificate` as a file) → 201
 *   `{ message, death_report }` (service.ts; 422 as listed there).
 * - `GET /api/death-report ?status&limit&page` (`death:report` | `death:read:organisation` | `death:verify`) →
 *   `{ death_reports: { data, current_page, per_page, total, last_page } }` in the caller's view (queries.ts).
 * - `GET /api/death-report/{id}` (same) → `{ death_report }`.
 * - `POST /api/death-report/{id}/verify` (`death:verify`) → `{ message, death_report }` (verify.ts).
 * - `POST /api/death-report/{id}/refuse { reason }` (`death:verify`) → `{ message, death_report }`.
 * - `POST /api/will-inquiry { deceased_ic_number, certificate_no, email }` (public; 5 an hour per IP) → 202
 *   `{ message }`, always the same (inquiries.ts).
 * - the release's routes (release-routes.ts; issue 40 item 3, ADR 0267): `GET /api/death-report/{id}/releases`,
 *   `POST …/releases/{release_id}/revoke`, and the person's signed link `/api/public/release/{id}…`.
 * The certificate's scan is read through `GET /api/attachment/{id}/file` (the reporter and `death:verify`).
 * Its mails go through the platform's outbox (platform/mail/outbox.ts; ADR 0280), retried by the `mail.outbox` job.
 */
import { DEATH_REPORT_STATUSES, deathRefusalSchema, deathReportSchema, willInquirySchema } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { optionalQuery, pageQuery } from '../../platform/http/pagination.ts';
import { routeRateLimit } from '../../platform/http/rate-limits.ts';
import { type Access, requireUser } from '../auth/index.ts';
import { multipartToBody, registerAttachableReader } from '../wills/index.ts';
import { makeInquiry } from './inquiries.ts';
import { isDeathStaff } from './policy.ts';
import { findVisibleReport, listReports, readReport } from './queries.ts';
import { releaseRoutes } from './release-routes.ts';
import { reportDeath } from './service.ts';
import { refuseReport, verifyReport } from './verify.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const READ: Access = ['death:report', 'death:read:organisation', 'death:verify'];

/** Register the deaths routes. */
export async function deathsRoutes(api: FastifyInstance, ctx: Ctx) {
  const r = api.withTypeProvider<ZodTypeProvider>();
  // The certificate's scan: its reporter and the staff who verify deaths (an organisation does not see it).
  registerAttachableReader('DeathReport', async (db, user, id) => {
    const report = await findVisibleReport(db, user, id);
    if (report.reporter_id !== user.id && !isDeathStaff(user)) throw notFound();
  });

  r.post(
    '/death-report',
    {
      config: { access: 'death:report', rateLimit: routeRateLimit(ctx.env, 'deathReport') },
      preValidation: multipartToBody,
      schema: { body: deathReportSchema },
    },
    async (req, reply) => {
      const out = await reportDeath(ctx, { user: requireUser(req), ip: req.ip }, req.body, req.lang);
      return reply.status(201).send(out);
    },
  );

  r.get(
    '/death-report',
    {
      config: { access: READ },
      schema: { querystring: z.object({ ...pageQuery, status: optionalQuery(z.enum(DEATH_REPORT_STATUSES)) }) },
    },
    async (req) => listReports(ctx.db, requireUser(req), req.query),
  );

  r.get('/death-report/:id', { config: { access: READ }, schema: { params: idParams } }, async (req) => ({
    death_report: await readReport(ctx.db, requireUser(req), req.params.id),
  }));

  r.post(
    '/death-report/:id/verify',
    { config: { access: 'death:verify' }, schema: { params: idParams } },
    async (req) => verifyReport(ctx, { user: requireUser(req), ip: req.ip }, req.params.id, req.lang),
  );

  r.post(
    '/death-report/:id/refuse',
    { config: { access: 'death:verify' }, schema: { params: idParams, body: deathRefusalSchema } },
    async (req) => refuseReport(ctx, { user: requireUser(req), ip: req.ip }, req.params.id, req.body.reason, req.lang),
  );

  r.post(
    '/will-inquiry',
    {
      config: { access: 'public', rateLimit: routeRateLimit(ctx.env, 'willInquiry') },
      schema: { body: willInquirySchema },
    },
    async (req, reply) => reply.status(202).send(await makeInquiry(ctx, req.body, req.lang, req.ip)),
  );

  // The release of the documents to the people named (issue 40 item 3; ADR 0267).
  releaseRoutes(api, ctx);
}
