/**
 * Routes of the jobs feature (issue 19; ADR 0110): /jobs/dead-letters, the failed job runs, for `job:read`
 * (a role without it goes to /dashboard; the server refuses it too).
 */
import { can } from '@wasiat/domain';
import { redirect } from 'react-router';
import type { FeatureRoutes } from '@/app/routes-types.ts';
import { session } from '@/lib/storage.ts';

const requireJobRead = () => (can(session.user()?.roles?.[0]?.name, 'job:read') ? null : redirect('/dashboard'));

/** Routes of the jobs feature. */
export const jobsRoutes: FeatureRoutes = {
  private: [
    {
      path: '/jobs/dead-letters',
      loader: requireJobRead,
      lazy: async () => ({ Component: (await import('./DeadLettersPage.tsx')).DeadLettersPage }),
    },
  ],
};
