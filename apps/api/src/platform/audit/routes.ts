/**
 * Routes of the audit trail (issue 11 "Audit trail … Staff see a record's history on its page"):
 *
 * - `GET /api/audit?entity_type=Wasiat&entity_id=…` → `{ data: [{ id, seq, action, actor: { id, name } | null,
 *   before, after, ip, at, hash }] }`, oldest first. Staff, Officer and Admin (`audit:read`); these roles
 *   see every organisation's records (`will:read:any`), so the list is not scoped further.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { recordHistory } from './service.ts';

const historyQuery = z.object({
  entity_type: z.string().trim().min(1, 'validation.required').max(64),
  entity_id: z.string().trim().min(1, 'validation.required').max(64),
});

export async function auditRoutes(api: FastifyInstance, ctx: Ctx) {
  api.get('/audit', { config: { access: 'audit:read' }, schema: { querystring: historyQuery } }, async (req) => {
    const q = req.query as z.infer<typeof historyQuery>;
    return { data: await recordHistory(ctx.db, q.entity_type, q.entity_id) };
  });
}
