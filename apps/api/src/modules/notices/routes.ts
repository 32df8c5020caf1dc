/**
 * Routes of the notice settings (issue 34 item 2; ADR 0231):
 * - `GET /api/profile/notices` (any logged-in user) → `{ notices: { sms, language, has_mobile } }`;
 * - `PATCH /api/profile/notices { sms: boolean }` → `{ message, notices }`: texts on or off (the request's
 *   language becomes the notices' language). 422 on `sms` when it is not a boolean; 422 `notices.no_mobile` on
 *   `sms` when it is turned on for an account without a mobile number.
 * The `notices.deliver` job is registered here (job.ts).
 */
import { translate } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { requireUser } from '../auth/index.ts';
import { registerNoticeJobs } from './job.ts';
import { noticeSettings, saveNoticeSettings } from './settings.ts';

const settingsBody = z.object({ sms: z.boolean() });

export async function noticesRoutes(api: FastifyInstance, ctx: Ctx) {
  registerNoticeJobs();

  api.get('/profile/notices', { config: { access: 'authenticated' } }, async (req) => ({
    notices: await noticeSettings(ctx.db, requireUser(req).id),
  }));

  api.patch(
    '/profile/notices',
    { config: { access: 'authenticated' }, schema: { body: settingsBody } },
    async (req) => {
      const me = requireUser(req);
      const { sms } = req.body as z.output<typeof settingsBody>;
      if (sms && !me.mobile_number) throw fieldError('sms', 'notices.no_mobile');
      const notices = await saveNoticeSettings(ctx.db, me.id, { sms, language: req.lang });
      return { message: translate('notices.saved', req.lang), notices };
    },
  );
}
