import type { RouteObject } from 'react-router';

/**
 * What each feature contributes to the router: public pages, pages behind login, and (rarely) `root` routes
 * that choose their own layout and checks (e.g. /ekyc, both public and logged-in; features/ekyc/EkycEntry.tsx).
 * Root routes are matched before the others.
 */
export interface FeatureRoutes {
  public?: RouteObject[];
  private?: RouteObject[];
  root?: RouteObject[];
}
