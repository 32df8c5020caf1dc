/**
 * Routes of the acceptances feature (issue 41 item 3; ADR 0276): the public /penerimaan/{id} (a guardian named in a
 * registered will accepts or declines through the signed link).
 */
import type { FeatureRoutes } from '@/app/routes-types.ts';

/** Routes of the acceptances feature. */
export const acceptancesRoutes: FeatureRoutes = {
  public: [
    {
      path: '/penerimaan/:id',
      lazy: async () => ({ Component: (await import('./AcceptancePage.tsx')).AcceptancePage }),
    },
  ],
};
