/** The public faraid calculator (issue 9): /faraid, no login needed. */
import type { FeatureRoutes } from '@/app/routes-types.ts';

export const faraidRoutes: FeatureRoutes = {
  public: [{ path: '/faraid', lazy: async () => ({ Component: (await import('./FaraidPage.tsx')).FaraidPage }) }],
  private: [],
};
