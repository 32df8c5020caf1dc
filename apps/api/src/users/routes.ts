/** Routes of the users module (DESIGN.md §2). */
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.ts';

export async function usersRoutes(_api: FastifyInstance, _ctx: Ctx) {}
