import type { FeatureRoutes } from '@/app/routes-types.ts';

/** Routes of the dashboard feature. */
export const dashboardRoutes: FeatureRoutes = { public: [], private: [] };
