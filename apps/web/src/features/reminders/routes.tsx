/** Routes of the reminders feature (issue 17 item 17; ADR 0175): the mail's unsubscribe page, public. */
import type { FeatureRoutes } from '@/app/routes-types.ts';

/** Routes of the reminders feature. */
export const remindersRoutes: FeatureRoutes = {
  public: [
    {
      path: '/reminders/unsubscribe',
      lazy: async () => ({ Component: (await import('./UnsubscribePage.tsx')).UnsubscribePage }),
    },
  ],
  private: [],
};
