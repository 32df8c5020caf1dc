import type { FeatureRoutes } from '@/app/routes-types.ts';

/** Routes of the public feature. */
export const publicRoutes: FeatureRoutes = { public: [], private: [] };
