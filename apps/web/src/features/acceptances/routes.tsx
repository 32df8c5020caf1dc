/**
 * Routes of the acceptances feature (issue 41 item 3; ADR 0276): the public /penerimaan/{id} (a guardian named in a
 * registered will accepts or declines through the signed link), and /pelantikan-wasi (an organisation's partner answers
 * the executorships; `acceptance:decide:executor`, app/page-access.ts).
 */
import type { FeatureRoutes } from '@/app/routes-types.ts';

/** Routes of the acceptances feature. */
export const acceptancesRoutes: FeatureRoutes = {
  private: [
    {
      path: '/pelantikan-wasi',
      lazy: async () => ({ Component: (await import('./ExecutorshipsPage.tsx')).ExecutorshipsPage }),
    },
  ],
  public: [
    {
      path: '/penerimaan/:id',
      lazy: async () => ({ Component: (await import('./AcceptancePage.tsx')).AcceptancePage }),
    },
  ],
};
