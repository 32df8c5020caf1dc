/**
 * Routes of the grants feature (issue 16; ADR 0101): /client-grants, the provider staff's list of every client
 * grant with withdrawal for a reason (`grant:audit`; other roles get the not-found page by app/page-access.ts;
 * the server refuses too).
 */
import type { FeatureRoutes } from '@/app/routes-types.ts';

/** Routes of the grants feature. */
export const grantsRoutes: FeatureRoutes = {
  private: [
    {
      path: '/client-grants',
      lazy: async () => ({ Component: (await import('./GrantAuditPage.tsx')).GrantAuditPage }),
    },
  ],
};
