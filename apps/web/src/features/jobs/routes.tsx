/**
 * Routes of the jobs feature (issue 19; ADR 0110): /jobs/dead-letters, the failed job runs, for `job:read`
 * (a role without it gets the not-found page by app/page-access.ts; the server refuses it too).
 */
import type { FeatureRoutes } from '@/app/routes-types.ts';

/** Routes of the jobs feature. */
export const jobsRoutes: FeatureRoutes = {
  private: [
    {
      path: '/jobs/dead-letters',
      lazy: async () => ({ Component: (await import('./DeadLettersPage.tsx')).DeadLettersPage }),
    },
  ],
};
