import type { FeatureRoutes } from '@/app/routes-types.ts';

/** Routes of the auth feature. */
export const authRoutes: FeatureRoutes = { public: [], private: [] };
