/**
 * Routes of the estates module: the right office for a verified deceased's estate (issue 40 item 7; ADR 0271).
 * Access from the permission table: `death:verify` (staff) and `death:read:organisation` (the registering
 * organisation's partners, the will's executor); a report outside the caller's scope, or not verified, is a 404
 * (policy.ts). A client (no such action) gets a 403 from the route's access.
 *
 * - `GET /api/death-report/{id}/estate-route` → `{ estate }`: the route (`small_estate` | `arb_summary` |
 *   `high_court_probate` | `high_court_administration`), office and reason (ms, en, citing the section), the
 *   values it came from (sen; the will's, or staff's), the deceased, heirs, property and the checklist with ticks
 *   and uploads (service.ts `readEstate`).
 * - `PUT /api/death-report/{id}/estate-values { movable_sen, immovable_sen, executor_named? }` (`death:verify`)
 *   → `{ message, estate }`; 422 naming the field for a negative or fractional value.
 * - `POST /api/death-report/{id}/estate-checklist { item, done }` → `{ message, estate }`; 422 `item`.
 * - `POST /api/death-report/{id}/estate-checklist/upload { item, file, filename? }` → `{ message, estate }`.
 * - `GET /api/death-report/{id}/estate-sheet` and `…/faraid-sheet` → `application/pdf` (sheets.ts); audited.
 * The institutions an organisation notifies of a death, the notices and replies: notice-routes.ts (ADR 0273).
 * An upload is read through `GET /api/attachment/{id}/file` by whoever may see the estate (type `EstateChecklist`).
 */
import { estateTickSchema, estateUploadSchema, estateValuesSchema } from '@wasiat/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { notFound } from '../../platform/http/errors.ts';
import { type Access, requireUser } from '../auth/index.ts';
import { registerAttachableReader } from '../wills/index.ts';
import { estateFileRoutes } from './file-routes.ts';
import { noticeRoutes } from './notice-routes.ts';
import { findEstateReport } from './policy.ts';
import { readEstate, reportOfChecklistRow, saveValues, tickItem, uploadItem } from './service.ts';
import { applicationSheetPdf, faraidSheetPdf } from './sheets.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const READ: Access = ['death:verify', 'death:read:organisation'];

function sendPdf(reply: FastifyReply, bytes: Buffer, filename: string) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `inline; filename="${filename}"`)
    .header('Cache-Control', 'private, no-store')
    .send(bytes);
}

/** Register the estates routes. */
export async function estatesRoutes(api: FastifyInstance, ctx: Ctx) {
  const r = api.withTypeProvider<ZodTypeProvider>();
  // A checklist upload: whoever may see the estate it belongs to.
  registerAttachableReader('EstateChecklist', async (db, user, rowId) => {
    const reportId = await reportOfChecklistRow(db, rowId);
    if (!reportId) throw notFound();
    await findEstateReport(db, user, reportId);
  });
  // "Tell us once": the institutions to notify, the notices and their replies (issue 40 item 8; ADR 0273).
  noticeRoutes(api, ctx);
  // The estate file: heirs asked again, claims, the distribution and the hibahs (issue 40 item 4; ADR 0274).
  estateFileRoutes(api, ctx);

  r.get('/death-report/:id/estate-route', { config: { access: READ }, schema: { params: idParams } }, async (req) => ({
    estate: await readEstate(ctx.db, requireUser(req), req.params.id),
  }));

  r.put(
    '/death-report/:id/estate-values',
    { config: { access: 'death:verify' }, schema: { params: idParams, body: estateValuesSchema } },
    async (req) => saveValues(ctx, { user: requireUser(req), ip: req.ip }, req.params.id, req.body, req.lang),
  );

  r.post(
    '/death-report/:id/estate-checklist',
    { config: { access: READ }, schema: { params: idParams, body: estateTickSchema } },
    async (req) => tickItem(ctx, { user: requireUser(req), ip: req.ip }, req.params.id, req.body, req.lang),
  );

  r.post(
    '/death-report/:id/estate-checklist/upload',
    { config: { access: READ }, schema: { params: idParams, body: estateUploadSchema } },
    async (req) => uploadItem(ctx, { user: requireUser(req), ip: req.ip }, req.params.id, req.body, req.lang),
  );

  for (const [path, kind, render] of [
    ['estate-sheet', 'application', applicationSheetPdf],
    ['faraid-sheet', 'faraid', faraidSheetPdf],
  ] as const) {
    r.get(
      `/death-report/:id/${path}`,
      { config: { access: READ }, schema: { params: idParams } },
      async (req, reply) => {
        const user = requireUser(req);
        const estate = await readEstate(ctx.db, user, req.params.id);
        const bytes = await render(estate);
        await recordAudit(ctx.db, {
          actorId: user.id,
          action: 'estate.sheet',
          entityType: 'DeathReport',
          entityId: req.params.id,
          after: { sheet: kind, route: estate.route },
          ip: req.ip,
        });
        return sendPdf(reply, bytes, `${path}-${req.params.id.slice(0, 8)}.pdf`);
      },
    );
  }
}
