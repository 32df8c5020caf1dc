/** Routes of the wills module (DESIGN.md §2). */
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.ts';

export async function willsRoutes(_api: FastifyInstance, _ctx: Ctx) {}
