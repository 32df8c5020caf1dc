import type { RouteObject } from 'react-router';

/** What each feature contributes to the router: public pages, and pages behind login. */
export interface FeatureRoutes {
  public?: RouteObject[];
  private?: RouteObject[];
}
