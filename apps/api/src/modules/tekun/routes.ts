/**
 * Routes of the TEKUN programme (spec §2 /tekun/upload/list, /tekun/wasiat/list, /tekun/report/monthly,
 * "certificate verification"; issue 10; docs/api/programmes.md). Thin: parse → authorise (config.access
 * + policy.ts scope) → service. All under `/api`.
 *
 * - `POST /tekun/upload` (multipart `document` + `certificates[]`) → 201 `{ upload, rows }` (200 + `repeated`)
 * - `GET /tekun/upload?status&limit&page` → `{ uploads }`; `GET /tekun/upload/{id}?status` → `{ upload, rows }`
 * - `POST /tekun/certificate` (multipart, one certificate) → 201 `{ upload, rows, certificate }`
 * - `GET /tekun/certificate?status&search` → `{ certificates }`; `GET /tekun/certificate/{id}` → `{ certificate }`
 * - `GET /tekun/certificate/{id}/document` → the PDF
 * - `PATCH /tekun/certificate/{id} { status, rejected_reason }` → `{ certificate }` (`programme:verify`)
 * - `POST /tekun/certificate/{id}/wasiat` → 201 `{ wasiat, certificate }`
 * - `GET /tekun/wasiat?status` → `{ wasiats }`; `GET /tekun/report/monthly?year&format` → `{ report }` or a file
 */
import { certificateVerifySchema, klYear } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { CONTENT_TYPES, exportBuffer, sendDownload } from '../../platform/http/export.ts';
import { optionalQuery, pageQuery } from '../../platform/http/pagination.ts';
import { readMultipart } from '../programmes/index.ts';
import { tekunMonthly, tekunSheet } from './report.ts';
import {
  certificateDocument,
  getCertificate,
  getUpload,
  listCertificates,
  listProgrammeWills,
  listUploads,
  registerProgrammeWill,
  verifyCertificate,
} from './service.ts';
import { bulkUpload, singleUpload } from './upload-service.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const rowStatus = optionalQuery(z.enum(['accepted', 'refused']));
const id = (req: { params: unknown }) => (req.params as { id: string }).id;
const yearQuery = z.object({
  year: optionalQuery(z.coerce.number().int().min(2000).max(2100)),
  format: optionalQuery(z.enum(['json', 'xlsx', 'csv'])),
});

export async function tekunRoutes(api: FastifyInstance, ctx: Ctx) {
  const { db, store } = ctx;

  /** Bulk upload: `document` (XLSX/CSV), `certificates` (PDF files), `programme_id` optional. */
  api.post('/tekun/upload', { config: { access: 'programme:upload' } }, async (req, reply) => {
    const user = requireUser(req);
    const { fields, files } = await readMultipart(req);
    const sheet = files.find((f) => f.field === 'document');
    const pdfs = files.filter((f) => f !== sheet && f.field !== 'document');
    const r = await bulkUpload(db, store, user, {
      programmeId: fields.programme_id || undefined,
      spreadsheet: sheet,
      pdfs,
      ip: req.ip,
    });
    reply.status(r.repeated ? 200 : 201);
    return getUpload(db, user, r.id, req.lang, undefined, { repeated: r.repeated });
  });

  api.get(
    '/tekun/upload',
    { config: { access: 'programme:read' }, schema: { querystring: z.object({ status: rowStatus, ...pageQuery }) } },
    async (req) => listUploads(db, requireUser(req), req.query as never),
  );

  api.get(
    '/tekun/upload/:id',
    {
      config: { access: 'programme:read' },
      schema: { params: idParams, querystring: z.object({ status: rowStatus }) },
    },
    async (req) =>
      getUpload(db, requireUser(req), id(req), req.lang, (req.query as { status?: 'accepted' | 'refused' }).status),
  );

  /** One certificate: `member_name`, `ic_number`, `certificate_no`, `issue_date`, `document` (PDF). */
  api.post('/tekun/certificate', { config: { access: 'programme:upload' } }, async (req, reply) => {
    const user = requireUser(req);
    const { fields, files } = await readMultipart(req);
    const r = await singleUpload(db, store, user, {
      programmeId: fields.programme_id || undefined,
      fields,
      pdf: files[0],
      ip: req.ip,
    });
    const out = await getUpload(db, user, r.id, req.lang, undefined, { repeated: r.repeated });
    const certId = out.rows[0]?.certificate_id;
    reply.status(r.repeated ? 200 : 201);
    return { ...out, certificate: certId ? (await getCertificate(db, user, certId)).certificate : null };
  });

  api.get(
    '/tekun/certificate',
    {
      config: { access: 'authenticated' },
      schema: {
        querystring: z.object({
          status: optionalQuery(z.enum(['pending', 'verified', 'rejected'])),
          search: optionalQuery(z.string().max(100)),
          ...pageQuery,
        }),
      },
    },
    async (req) => listCertificates(db, requireUser(req), req.query as never),
  );

  api.get(
    '/tekun/certificate/:id',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (req) => getCertificate(db, requireUser(req), id(req)),
  );

  api.get(
    '/tekun/certificate/:id/document',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (req, reply) => {
      const doc = await certificateDocument(db, requireUser(req), id(req));
      return sendDownload(reply, {
        filename: doc.filename,
        contentType: CONTENT_TYPES.pdf,
        body: await store.get(doc.key),
      });
    },
  );

  api.patch(
    '/tekun/certificate/:id',
    { config: { access: 'programme:verify' }, schema: { params: idParams, body: certificateVerifySchema } },
    async (req) => verifyCertificate(db, requireUser(req), id(req), req.body as never, req.ip),
  );

  api.post(
    '/tekun/certificate/:id/wasiat',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (req, reply) => {
      reply.status(201);
      return registerProgrammeWill(db, requireUser(req), id(req), req.ip);
    },
  );

  api.get(
    '/tekun/wasiat',
    {
      config: { access: 'authenticated' },
      schema: { querystring: z.object({ status: optionalQuery(z.coerce.number().int().min(0).max(3)), ...pageQuery }) },
    },
    async (req) => listProgrammeWills(db, requireUser(req), req.query as never),
  );

  api.get(
    '/tekun/report/monthly',
    { config: { access: 'programme:read' }, schema: { querystring: yearQuery } },
    async (req, reply) => {
      const q = req.query as z.output<typeof yearQuery>;
      const data = await tekunMonthly(db, requireUser(req), q.year ?? klYear());
      if (!q.format || q.format === 'json') return data;
      return sendDownload(reply, {
        filename: `tekun-monthly-${data.report.year}.${q.format}`,
        contentType: CONTENT_TYPES[q.format],
        body: await exportBuffer(q.format, tekunSheet(data.report, req.lang)),
      });
    },
  );
}
