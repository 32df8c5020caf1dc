/**
 * Job routes (issue 19; ADR 0110): `GET /api/jobs/dead-letters?limit&page` (`job:read`: provider staff and
 * admin) → `{ dead_letters: Page<{ id, job_name, queue_job_id, attempts, error, data, failed_at }> }`, the
 * job runs that failed their last attempt, newest first (Laravel-style page, http/pagination.ts).
 */
import { count, desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { job_dead_letters } from '../../db/schema/index.ts';
import { pageParams, pageQuery, toPage } from '../http/pagination.ts';

/** The dead letters, newest first, one page. */
export async function listDeadLetters(db: Db, q: { limit?: number; page?: number }) {
  const p = pageParams(q);
  const rows = await db
    .select()
    .from(job_dead_letters)
    .orderBy(desc(job_dead_letters.failed_at), desc(job_dead_letters.id))
    .limit(p.per_page)
    .offset(p.offset);
  const [{ n }] = await db.select({ n: count() }).from(job_dead_letters);
  return { dead_letters: toPage(rows, Number(n), p) };
}

export async function jobsRoutes(api: FastifyInstance, ctx: Ctx) {
  api.get(
    '/jobs/dead-letters',
    { config: { access: 'job:read' }, schema: { querystring: z.object(pageQuery) } },
    async (req) => listDeadLetters(ctx.db, req.query as { limit?: number; page?: number }),
  );
}
