/** Routes of the assets feature (issue 40 item 6; ADR 0269): /harta/peta, the asset and nominee map. */
import type { FeatureRoutes } from '@/app/routes-types.ts';

/** Routes of the assets feature. */
export const assetsRoutes: FeatureRoutes = {
  private: [
    {
      path: '/harta/peta',
      lazy: async () => ({ Component: (await import('./AssetMapPage.tsx')).AssetMapPage }),
    },
  ],
};
