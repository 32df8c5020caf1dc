import type { FeatureRoutes } from '@/app/routes-types.ts';

/** Routes of the account feature. */
export const accountRoutes: FeatureRoutes = { public: [], private: [] };
