/**
 * Routes of the deaths feature (issue 40 items 1 to 3; ADRs 0261, 0262, 0267): /kematian/lapor (report a death, and
 * the caller's own reports; `death:report`), /kematian/senarai (staff verify or refuse; a partner sees the verified
 * reports of their organisation's clients), the public /kematian/semak-wasiat ("is there a will?") and the public
 * /kematian/dokumen/{id} (a person named opens their documents through the signed link; item 3, ADR 0267).
 */
import type { FeatureRoutes } from '@/app/routes-types.ts';

/** Routes of the deaths feature. */
export const deathsRoutes: FeatureRoutes = {
  public: [
    {
      path: '/kematian/semak-wasiat',
      lazy: async () => ({ Component: (await import('./WillInquiryPage.tsx')).WillInquiryPage }),
    },
    {
      path: '/kematian/dokumen/:id',
      lazy: async () => ({ Component: (await import('./ReleasePage.tsx')).ReleasePage }),
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
    {
      // The right office for a verified deceased's estate (issue 40 item 7; ADR 0271).
      path: '/kematian/:id/pejabat',
      lazy: async () => ({ Component: (await import('./EstateRoutePage.tsx')).EstateRoutePage }),
    },
    {
      // The estate file: heirs asked again, claims, the distribution and the hibahs (issue 40 item 4; ADR 0274).
      path: '/kematian/:id/fail',
      lazy: async () => ({ Component: (await import('./EstateFilePage.tsx')).EstateFilePage }),
    },
  ],
};
