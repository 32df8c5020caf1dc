/**
 * Registration of the domain modules' routes (one folder per module, DESIGN.md §2). A module adds its
 * routes function here; each route declares `config.access` (auth/guard.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Ctx } from './context.ts';

export async function registerModules(_api: FastifyInstance, _ctx: Ctx) {
  // wills, payments, … are registered here as they land.
}
