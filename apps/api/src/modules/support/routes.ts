/**
 * `GET /api/support-contact` → `{ contact: { phone, email, whatsapp, whatsapp_url, provider: { name,
 * registration_no, address } } }` (issue 17 item 15; ADR 0160). Public: the home page and the error
 * dialog show it before anyone logs in, and it holds only what the provider publishes.
 */
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.ts';
import { supportContact } from './contact.ts';

export async function supportRoutes(api: FastifyInstance, ctx: Ctx) {
  const contact = supportContact(ctx.env);
  api.get('/support-contact', { config: { access: 'public' } }, async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { contact };
  });
}
