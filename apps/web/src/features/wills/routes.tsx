import type { FeatureRoutes } from '@/app/routes-types.ts';

/** Routes of the wills feature. */
export const willsRoutes: FeatureRoutes = { public: [], private: [] };
