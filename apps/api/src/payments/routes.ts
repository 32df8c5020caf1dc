/** Routes of the payments module (DESIGN.md §2). */
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.ts';

export async function paymentsRoutes(_api: FastifyInstance, _ctx: Ctx) {}
