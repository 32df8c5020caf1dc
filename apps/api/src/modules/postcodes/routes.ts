/**
 * Postcode lookup (issue 17 item 14; the original client's call, reference §1.11/§2.12).
 *
 * - `GET /api/postcode/{postcode}` → `{ postcode: { postcode, city, state } | null }`: 200 with `null` for an
 *   unknown postcode, as the original client expects. Public: postcodes are public data, and the sign-up and
 *   public eKYC forms ask before anyone is logged in.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { lookupPostcode } from './service.ts';

export async function postcodesRoutes(api: FastifyInstance, _ctx: Ctx) {
  api.get(
    '/postcode/:postcode',
    { config: { access: 'public' }, schema: { params: z.object({ postcode: z.string().max(20) }) } },
    async (req, reply) => {
      const { postcode } = req.params as { postcode: string };
      // Static data: a day's cache is safe and spares the form a round trip per keystroke.
      reply.header('Cache-Control', 'public, max-age=86400');
      return { postcode: lookupPostcode(postcode.trim()) };
    },
  );
}
