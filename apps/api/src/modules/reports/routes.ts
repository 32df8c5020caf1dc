/**
 * Routes of the reports module (issue 8; reference §2.13; DESIGN.md §9.2 thin routes). All need
 * `report:read` (Partner, Staff, Officer, Accountant, Admin; Client and Agent get 403); a Partner's
 * figures cover only their organisation (policy.ts).
 *
 * `GET /api/reports/{daily|monthly|yearly|graph}` → summary (service.ts); `GET /api/reports/{detailed|
 * approved-monthly|financing}` → paginated lines with totals; `GET /api/reports/soa` → statement of
 * account. Query: see filters.ts. With `format=xlsx|csv|pdf` the answer is a file download instead.
 * Errors: 422 on an invalid filter or a reversed range; 404 for a statement of an organisation not
 * visible to the caller.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { sendDownload } from '../../platform/http/export.ts';
import { type ReportQuery, reportQuerySchema } from './filters.ts';
import {
  dashboardSummary,
  detailReport,
  exportReport,
  REPORT_KINDS,
  type ReportKind,
  soaReport,
  summaryReport,
} from './service.ts';

const params = z.object({ kind: z.enum(REPORT_KINDS as [ReportKind, ...ReportKind[]]) });

export async function reportsRoutes(api: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  /**
   * `GET /api/dashboard/summary` → `{ summary: { totals, this_month, hibah: { totals, this_month } } }`
   * (spec §2 "Dashboard content"): counts of the caller's visible wills — and hibahs (ADR 0063) — by status
   * and their sales (paid count, collected sen), all time and in the current Kuala Lumpur month. Any logged-in user; scoped like the wills list (a
   * Client their own, an Agent their clients', a Partner their organisation's, staff-side all).
   */
  api.get('/dashboard/summary', { config: { access: 'authenticated' } }, async (req) => ({
    summary: await dashboardSummary(db, requireUser(req)),
  }));
  api.get(
    '/reports/:kind',
    { config: { access: 'report:read' }, schema: { params, querystring: reportQuerySchema } },
    async (req, reply) => {
      const user = requireUser(req);
      const { kind } = req.params as z.output<typeof params>;
      const q = req.query as ReportQuery;
      if (q.format && q.format !== 'json') {
        return sendDownload(reply, await exportReport(db, user, kind, q, q.format, req.lang));
      }
      if (kind === 'soa') return soaReport(db, user, q);
      if (kind === 'detailed' || kind === 'approved-monthly' || kind === 'financing') {
        return detailReport(db, user, kind, q);
      }
      return summaryReport(db, user, kind, q);
    },
  );
}
