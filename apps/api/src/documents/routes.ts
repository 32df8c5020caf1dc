/** Routes of the documents module (DESIGN.md §2). */
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.ts';

export async function documentsRoutes(_api: FastifyInstance, _ctx: Ctx) {}
