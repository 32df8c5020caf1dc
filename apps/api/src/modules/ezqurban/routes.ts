/**
 * Routes of ezQurban (spec §2 /ezqurban/transaction/list, /ezqurban/fund-transfer/list,
 * /ezqurban/report/monthly; reference §2.15 paths `ez-qurban/…`; issue 10; docs/api/programmes.md).
 * Thin: parse → authorise (config.access + policy.ts) → service. All under `/api`; money in sen.
 *
 * - `GET /ez-qurban/season` → `{ seasons }`; `POST /ez-qurban/season` (`qurban:manage`) → 201 `{ season }`
 * - `POST /ez-qurban/transaction { season_id, shares, on_behalf_of }` → 201 `{ transaction }`; pay via `POST /payment`
 * - `GET /ez-qurban/transaction` → `{ transactions, total_pending, total_verified, sum_pending, sum_verified, dates }`
 * - `GET /ez-qurban/transaction/{id}` → `{ transaction }`; `DELETE /ez-qurban/transaction/{id}` cancels a pending one
 * - `POST /ez-qurban/fund-transfer` (`qurban:transfer`, multipart with proof `document`) → 201 `{ fund_transfer, … }`
 * - `GET /ez-qurban/fund-transfer` (`qurban:read`) → `{ fund_transfers, sum }`; `GET /ez-qurban/fund-transfer/{id}/document`
 * - `GET /ez-qurban/season/{id}/ledger` (`qurban:read`) → `{ asset_transactions, recount }`
 * - `GET /ez-qurban/report/monthly?year&season_id&format` (`qurban:read`) → `{ report }` or a file
 */
import { klYear, qurbanPurchaseSchema, qurbanSeasonSchema } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { CONTENT_TYPES, exportBuffer, sendDownload } from '../../platform/http/export.ts';
import { optionalQuery, pageQuery } from '../../platform/http/pagination.ts';
import { registerPayable } from '../payments/index.ts';
import { readMultipart } from '../programmes/index.ts';
import { registerAttachableReader } from '../wills/index.ts';
import { qurbanPayable } from './payable.ts';
import { loadVisibleTransaction } from './policy.ts';
import { qurbanMonthly, qurbanSheet } from './report.ts';
import { cancelTransaction, createSeason, getTransaction, listSeasons, listTransactions, purchase } from './service.ts';
import { listTransfers, recordTransfer, seasonLedger, transferProof } from './transfers.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const id = (req: { params: unknown }) => (req.params as { id: string }).id;
const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid');

export async function ezQurbanRoutes(api: FastifyInstance, ctx: Ctx) {
  const { db, store } = ctx;
  registerPayable(qurbanPayable);
  // A purchase's files (the proof of its payment, payments `POST /payment/slip`) are read by whoever sees it.
  registerAttachableReader('QurbanTransaction', loadVisibleTransaction);

  api.get(
    '/ez-qurban/season',
    {
      config: { access: 'authenticated' },
      schema: { querystring: z.object({ status: optionalQuery(z.coerce.number().int().min(0).max(1)), ...pageQuery }) },
    },
    async (req) => listSeasons(db, requireUser(req), req.query as never),
  );

  api.post(
    '/ez-qurban/season',
    { config: { access: 'qurban:manage' }, schema: { body: qurbanSeasonSchema } },
    async (req, reply) => {
      reply.status(201);
      return createSeason(db, requireUser(req), req.body as never, req.ip);
    },
  );

  api.post(
    '/ez-qurban/transaction',
    { config: { access: 'authenticated' }, schema: { body: qurbanPurchaseSchema } },
    async (req, reply) => {
      reply.status(201);
      return purchase(db, requireUser(req), req.body as never, req.ip);
    },
  );

  api.get(
    '/ez-qurban/transaction',
    {
      config: { access: 'authenticated' },
      schema: {
        querystring: z.object({
          season_id: optionalQuery(z.string().max(64)),
          start_date: optionalQuery(ymd),
          end_date: optionalQuery(ymd),
          date: optionalQuery(z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/, 'validation.invalid')),
          status: optionalQuery(z.coerce.number().int().min(-1).max(1)),
          report_verification: optionalQuery(z.string().max(10)),
          ...pageQuery,
        }),
      },
    },
    async (req) => listTransactions(db, requireUser(req), req.query as never),
  );

  api.get(
    '/ez-qurban/transaction/:id',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (req) => getTransaction(db, requireUser(req), id(req)),
  );

  api.delete(
    '/ez-qurban/transaction/:id',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (req) => cancelTransaction(db, requireUser(req), id(req), req.ip),
  );

  api.post('/ez-qurban/fund-transfer', { config: { access: 'qurban:transfer' } }, async (req, reply) => {
    const user = requireUser(req);
    const { fields, files } = await readMultipart(req);
    const r = await recordTransfer(
      db,
      store,
      user,
      fields,
      files.find((f) => f.field === 'document') ?? files[0],
      req.ip,
    );
    reply.status(201);
    return r;
  });

  api.get(
    '/ez-qurban/fund-transfer',
    {
      config: { access: 'qurban:read' },
      schema: {
        querystring: z.object({
          season_id: optionalQuery(z.string().max(64)),
          date: optionalQuery(z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/, 'validation.invalid')),
          report_transfer: optionalQuery(z.string().max(10)),
          ...pageQuery,
        }),
      },
    },
    async (req) => listTransfers(db, req.query as never),
  );

  api.get(
    '/ez-qurban/fund-transfer/:id/document',
    { config: { access: 'qurban:read' }, schema: { params: idParams } },
    async (req, reply) => {
      const p = await transferProof(db, id(req));
      return sendDownload(reply, {
        filename: p.filename.replace(/[^A-Za-z0-9._-]/g, '_'),
        contentType: p.mime,
        body: await store.get(p.key),
      });
    },
  );

  api.get(
    '/ez-qurban/season/:id/ledger',
    { config: { access: 'qurban:read' }, schema: { params: idParams, querystring: z.object(pageQuery) } },
    async (req) => seasonLedger(db, id(req), req.query as never),
  );

  const reportQuery = z.object({
    year: optionalQuery(z.coerce.number().int().min(2000).max(2100)),
    season_id: optionalQuery(z.string().max(64)),
    format: optionalQuery(z.enum(['json', 'xlsx', 'csv'])),
  });
  api.get(
    '/ez-qurban/report/monthly',
    { config: { access: 'qurban:read' }, schema: { querystring: reportQuery } },
    async (req, reply) => {
      const q = req.query as z.output<typeof reportQuery>;
      const data = await qurbanMonthly(db, q.year ?? klYear(), q.season_id);
      if (!q.format || q.format === 'json') return data;
      return sendDownload(reply, {
        filename: `ezqurban-monthly-${data.report.year}.${q.format}`,
        contentType: CONTENT_TYPES[q.format],
        body: await exportBuffer(q.format, qurbanSheet(data.report, req.lang)),
      });
    },
  );
}
