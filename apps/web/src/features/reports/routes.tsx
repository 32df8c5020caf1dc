/**
 * Routes of the reports feature (issue 8; spec §2): /dashboard/report (the list) and one page per
 * report (config.ts). Pages are code-split; the server refuses (403) a role without `report:read`, and
 * the menu entry is shown only to roles with it (app/layout/nav.ts).
 */
import type { FeatureRoutes } from '@/app/routes-types.ts';
import { REPORT_SCREENS } from './config.ts';

export const reportsRoutes: FeatureRoutes = {
  public: [],
  private: [
    {
      path: '/dashboard/report',
      lazy: async () => ({ Component: (await import('./ReportsIndexPage.tsx')).ReportsIndexPage }),
    },
    ...REPORT_SCREENS.map((s) => ({
      path: s.path,
      lazy: async () =>
        s.kind === 'graph'
          ? { Component: (await import('./GraphReportPage.tsx')).GraphReportPage }
          : { Component: (await import('./ReportPage.tsx')).reportPageFor(s) },
    })),
  ],
};
