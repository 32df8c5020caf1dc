/**
 * Routes of the deaths feature (issue 40 items 1 and 2; ADRs 0261, 0262): /kematian/lapor (report a death, and the
 * caller's own reports; `death:report`), /kematian/senarai (staff verify or refuse; a partner sees the verified
 * reports of their organisation's clients) and the public /kematian/semak-wasiat ("is there a will?").
 */
import type { FeatureRoutes } from '@/app/routes-types.ts';

/** Routes of the deaths feature. */
export const deathsRoutes: FeatureRoutes = {
  public: [
    {
      path: '/kematian/semak-wasiat',
      lazy: async () => ({ Component: (await import('./WillInquiryPage.tsx')).WillInquiryPage }),
    },
  ],
  private: [
    {
      path: '/kematian/lapor',
      lazy: async () => ({ Component: (await import('./ReportDeathPage.tsx')).ReportDeathPage }),
    },
    {
      path: '/kematian/senarai',
      lazy: async () => ({ Component: (await import('./DeathReportsPage.tsx')).DeathReportsPage }),
    },
  ],
};
