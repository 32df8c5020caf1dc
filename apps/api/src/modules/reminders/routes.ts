/**
 * Routes of the will-review reminders (issue 17 item 17; ADR 0174, 0175):
 *
 * - `GET /api/profile/reminders` (any logged-in user) → `{ reminders: { enabled, language } }`: the
 *   caller's setting (on, Malay, until changed).
 * - `PATCH /api/profile/reminders { enabled: boolean }` (also POST with `_method: "PATCH"`) →
 *   `{ message, reminders }`: turn them on or off; the request's language becomes the mails' first
 *   language. 422 `validation.required` on `enabled` when it is not a boolean.
 * - `POST /api/reminders/unsubscribe { token }` (public: the mail's link, no login) →
 *   `{ message, reminders: { enabled: false, language } }`. 422 `reminders.token_invalid` on `token`.
 *
 * The daily job `wills.review-reminders` is registered here (reminders/job.ts).
 */
import { reminderSettingsSchema, reminderUnsubscribeSchema, translate } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { registerReviewReminderJob } from './job.ts';
import { reminderSettings, setReminders, unsubscribeByToken } from './settings.ts';

export async function remindersRoutes(api: FastifyInstance, ctx: Ctx) {
  registerReviewReminderJob();

  api.get('/profile/reminders', { config: { access: 'authenticated' } }, async (req) => ({
    reminders: await reminderSettings(ctx.db, requireUser(req).id),
  }));

  api.patch(
    '/profile/reminders',
    { config: { access: 'authenticated' }, schema: { body: reminderSettingsSchema } },
    async (req) => {
      const { enabled } = req.body as { enabled: boolean };
      const reminders = await setReminders(ctx, requireUser(req).id, {
        enabled,
        language: req.lang,
        via: 'profile',
        ip: req.ip,
      });
      return { message: translate(enabled ? 'reminders.saved_on' : 'reminders.saved_off', req.lang), reminders };
    },
  );

  api.post(
    '/reminders/unsubscribe',
    { config: { access: 'public' }, schema: { body: reminderUnsubscribeSchema } },
    async (req) => {
      const { token } = req.body as { token: string };
      const reminders = await unsubscribeByToken(ctx, token, req.lang, req.ip);
      return { message: translate('reminders.unsubscribed', req.lang), reminders };
    },
  );
}
