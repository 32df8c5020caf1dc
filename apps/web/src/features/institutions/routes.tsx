/**
 * Routes of the institutions feature (issue 41 item 7; ADR 0268): /institusi, the list staff keep of the
 * institutions a bequest may go to (`institution:manage`; app/page-access.ts).
 */
import type { FeatureRoutes } from '@/app/routes-types.ts';

/** Routes of the institutions feature. */
export const institutionsRoutes: FeatureRoutes = {
  private: [
    {
      path: '/institusi',
      lazy: async () => ({ Component: (await import('./InstitutionsPage.tsx')).InstitutionsPage }),
    },
  ],
};
