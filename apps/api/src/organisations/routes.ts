/** Routes of the organisations module (DESIGN.md §2). */
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.ts';

export async function organisationsRoutes(_api: FastifyInstance, _ctx: Ctx) {}
